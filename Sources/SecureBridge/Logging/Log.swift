internal import Logging

/// SecureBridge's loggers, one label per area (`SecureBridge.reader`, …),
/// through swift-log: the program that links the library picks the handler
/// and the level with `LoggingSystem.bootstrap` (`bridgectl --verbose`
/// bootstraps standard error at debug level).
///
/// What may be logged: file paths, key ids, sequence numbers, epochs, reason
/// codes, counts and error descriptions (which never carry secrets). Never a
/// key, passcode, balance, IBAN, account name or user id.
///
/// The loggers are made on each use rather than stored, so a program that
/// bootstraps after touching the library still gets its handler.
enum Log {
    /// The widget side's gate.
    static var reader: Logger { Logger(label: "SecureBridge.reader") }
    /// Publishing and key rotation.
    static var publisher: Logger { Logger(label: "SecureBridge.publisher") }
    /// Login, lock, unlock, logout.
    static var session: Logger { Logger(label: "SecureBridge.session") }
    /// `read --follow`: wake-ups and reloads.
    static var follow: Logger { Logger(label: "SecureBridge.follow") }
    /// `doctor`.
    static var doctor: Logger { Logger(label: "SecureBridge.doctor") }
}
