import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Logging
import SecureBridge
#if canImport(SecureBridgeDesktop)
import SecureBridgeDesktop
#endif
import SystemPackage
#if canImport(Glibc)
import Glibc
#endif

@main
struct BridgeCtl: AsyncParsableCommand {
    /// What `bridgectl --version` prints: the release, the crypto backend it
    /// was built with, then the format versions it writes and reads.
    static let versionText = "bridgectl \(SecureBridgeVersion.release)\ncrypto: \(SecureBridgeVersion.cryptoBackend)\nformats: "
        + SecureBridgeVersion.formats.joined(separator: ", ")

    static let configuration = CommandConfiguration(
        commandName: "bridgectl",
        abstract: "Publish encrypted, signed account snapshots and read them as a widget would.",
        discussion: """
            The app side (login, lock, unlock, logout, prefs, publish, keys) writes into three places \
            under one home: app/ (private), keychain/ (shared with the widget) and container/ \
            (shared and untrusted). The widget side (read) only reads them.
            """,
        version: BridgeCtl.versionText,
        subcommands: [
            Login.self, Logout.self, Lock.self, Unlock.self, Prefs.self, Publish.self, Read.self, Status.self,
            Inspect.self, Keys.self, Open.self, Preview.self, Doctor.self, Demo.self,
        ]
    )

    /// The process that started this one, read first thing: a follower
    /// whose parent exits before it watches it must still see that it did.
    nonisolated(unsafe) static var parentAtStart: pid_t = 0

    /// Makes the process non-dumpable before any secret is read, bootstraps
    /// the logging system (the one place that does), then runs the command:
    /// a plain `read` or `publish` straight away (see `QuickRead`), anything
    /// else through the argument parser. When the process cannot be protected, no command
    /// runs: one sentence on standard error, exit 1.
    static func main() async {
        parentAtStart = getppid()
        do {
            try ProcessHardening.protectSecrets()
        } catch {
            _ = try? FileDescriptor.standardError.writeAll("\(error)\n".utf8)
            Glibc.exit(1)
        }
        // No option takes a value that starts with a dash, so `--verbose`
        // anywhere before `--` is the flag.
        LogOutput.bootstrap(verbose: CommandLine.arguments.dropFirst().prefix { $0 != "--" }.contains("--verbose"))
        registerKeychainStores()
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let plan = QuickRead.plan(for: arguments) {
            plan.run()
            return
        }
        do {
            if let plan = QuickPublish.plan(for: arguments) {
                try plan.run()
                return
            }
            if let mistyped = CommandSuggestion.error(for: arguments) { throw mistyped }
            var command = try parseAsRoot()
            if var asynchronous = command as? AsyncParsableCommand {
                try await asynchronous.run()
            } else {
                try command.run()
            }
        } catch {
            exit(withError: Advice.error(for: error))
        }
    }
}

/// Where the three places are; shared by every command.
struct GlobalOptions: ParsableArguments {
    @Option(help: "The SecureBridge home (default: $BRIDGE_HOME, else $XDG_DATA_HOME/securebridge, else ~/.local/share/securebridge).")
    var home: String?

    @Option(name: .customLong("app-dir"), help: "Override the app's private directory (default: HOME/app).")
    var appDirectory: String?

    @Option(name: .customLong("keychain-dir"), help: "Override the shared keychain directory (default: HOME/keychain).")
    var keychainDirectory: String?

    @Option(name: .customLong("container-dir"), help: "Override the shared container directory (default: HOME/container).")
    var containerDirectory: String?

    @Flag(help: "Log what the library does (ids, sequences, reasons, paths; never data) to standard error.")
    var verbose = false

    /// The app side of the home these options name.
    var app: BridgeApp {
        get throws {
            try Self.app(home: home, app: appDirectory, keychain: keychainDirectory, container: containerDirectory)
        }
    }

    /// The app side of the home these option values name; `QuickPublish`'s plan makes it the same way.
    static func app(home: String?, app: String?, keychain: String?, container: String?) throws -> BridgeApp {
        BridgeApp(
            home: try bridgeHome(home: home, app: app, keychain: keychain, container: container),
            passcodeCost: passcodeCost)
    }

    /// The scrypt cost of new passcode verifiers: OWASP's, or the tests' tiny
    /// one where the debug-only seam says so (`TestSeam`).
    static var passcodeCost: PasscodeVerifier.Cost {
        TestSeam.usesTestingPasscodeCost ? .testing : .owasp
    }

    var bridgeHome: BridgeHome {
        get throws {
            try Self.bridgeHome(home: home, app: appDirectory, keychain: keychainDirectory, container: containerDirectory)
        }
    }

    /// The places, or `nil` when no home can be found (`read` then shows a placeholder).
    var bridgeHomeIfKnown: BridgeHome? {
        get throws {
            try Self.bridgeHomeIfKnown(
                home: home, app: appDirectory, keychain: keychainDirectory, container: containerDirectory)
        }
    }

    /// `bridgeHome(home:app:keychain:container:)`, or `nil` instead of `StorageError.homeUnknown`.
    static func bridgeHomeIfKnown(home: String?, app: String?, keychain: String?, container: String?) throws -> BridgeHome? {
        do {
            return try bridgeHome(home: home, app: app, keychain: keychain, container: container)
        } catch let error as StorageError where error.cause == .homeUnknown {
            return nil
        }
    }

    /// The places these option values name; `QuickRead` resolves them the same way.
    static func bridgeHome(home: String?, app: String?, keychain: String?, container: String?) throws -> BridgeHome {
        try BridgeHome.resolve(home: home, app: app, keychain: keychain, container: container, variable: environmentVariable)
    }
}

/// One environment variable's value, or `nil` when it is not set: `getenv`,
/// rather than `ProcessInfo`'s copy of the whole environment, which a widget
/// refresh would build for the three variables it reads.
func environmentVariable(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
}

/// Sends the library's swift-log messages to standard error: warnings and
/// errors by default, everything from debug up with `--verbose`.
enum LogOutput {
    /// Bootstraps swift-log; `main` calls it once, before any command runs.
    static func bootstrap(verbose: Bool) {
        let level: Logger.Level = verbose ? .debug : .warning
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
    }
}

/// Parses a `--now` value.
func parseInstant(_ text: String?) throws -> Date? {
    guard let text else { return nil }
    guard let date = UTCTimestamp.date(parsing: text) else {
        throw ValidationError("--now must be an RFC 3339 time like 2026-11-21T16:00:00Z or 2026-11-21T17:00:00+01:00, not \(text).")
    }
    return date
}

/// Parses a duration option such as `12h`.
func parseDuration(_ text: String, option: String) throws -> Int64 {
    do {
        return try DurationText.seconds(text)
    } catch {
        throw ValidationError("\(option): \(error)")
    }
}

extension BridgeCtl {
    /// Makes the keychain stores `bridgectl` knows besides files openable
    /// (`--keychain`, and the homes that chose them): the desktop's Secret
    /// Service and the machine's TPM. `main` calls it once, before any home is opened.
    static func registerKeychainStores() {
        #if canImport(SecureBridgeDesktop)
        KeychainStoreKind.register(.secretService)
        KeychainStoreKind.register(.tpm)
        #endif
    }
}
