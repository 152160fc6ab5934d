import ArgumentParser
import Foundation
import SecureBridge

@main
struct BridgeCtl: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bridgectl",
        abstract: "Publish encrypted, signed account snapshots and read them as a widget would.",
        discussion: """
            The app side (login, lock, unlock, logout, prefs, publish, keys) writes into three places \
            under one home: app/ (private), keychain/ (shared with the widget) and container/ \
            (shared and untrusted). The widget side (read) only reads them.
            """,
        subcommands: [
            Login.self, Logout.self, Lock.self, Unlock.self, Prefs.self, Publish.self, Read.self, Status.self,
            Inspect.self, Keys.self, Open.self, Preview.self, Demo.self,
        ]
    )
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

    var bridgeHome: BridgeHome {
        get throws {
            try BridgeHome.resolve(
            home: home, app: appDirectory, keychain: keychainDirectory, container: containerDirectory,
                environment: ProcessInfo.processInfo.environment)
        }
    }
}

/// Parses a `--now` value.
func parseInstant(_ text: String?) throws -> Date? {
    guard let text else { return nil }
    guard let date = UTCTimestamp.date(parsing: text) else {
        throw ValidationError("--now must be an ISO 8601 time like 2026-11-21T16:00:00Z, not \(text).")
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
