public import Logging

extension Logger {
    /// The logger SecureBridge's types use when none is given, labelled `SecureBridge`; logging is never bootstrapped.
    /// Never logged: a key, passcode, balance, IBAN, account name or user id.
    public static var secureBridge: Logger { Logger(label: "SecureBridge") }
}

extension Logger {
    /// Logs with the source `SecureBridge`, whichever of the core's modules logs.
    package func core(
        _ level: Logger.Level, _ message: @autoclosure () -> Logger.Message,
        metadata: @autoclosure () -> Logger.Metadata? = nil,
        file: String = #fileID, function: String = #function, line: UInt = #line
    ) {
        log(level: level, message(), metadata: metadata(), source: "SecureBridge", file: file, function: function, line: line)
    }
}
