public import Logging

extension Logger {
    /// The logger SecureBridge's types use when none is given: the label
    /// `SecureBridge`, through whatever handler the program bootstrapped.
    ///
    /// The library never bootstraps the logging system and never makes a
    /// logger per call: each app, reader, doctor and provider takes a
    /// `Logger` once, at construction.
    ///
    /// What may be logged: file paths, key ids, sequence numbers, epochs,
    /// reason codes, counts and error descriptions (which never carry
    /// secrets). Never a key, passcode, balance, IBAN, account name or user id.
    public static var secureBridge: Logger { Logger(label: "SecureBridge") }
}

extension Logger {
    /// Logs as the core: the source is `SecureBridge` whichever of the core's
    /// modules logs (what `import SecureBridge` names, and what a log handler
    /// printed before the core was split by role), never the module's own name.
    package func core(
        _ level: Logger.Level, _ message: @autoclosure () -> Logger.Message,
        metadata: @autoclosure () -> Logger.Metadata? = nil,
        file: String = #fileID, function: String = #function, line: UInt = #line
    ) {
        log(level: level, message(), metadata: metadata(), source: "SecureBridge", file: file, function: function, line: line)
    }
}
