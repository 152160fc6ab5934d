import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SecureBridge

extension BridgeCtl {
    struct Login: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "login",
            abstract: "Log a user in, onboarding this installation on first use.")

        @OptionGroup var options: GlobalOptions

        @Option(help: "The user's id.")
        var user: String

        @Flag(help: "Read the passcode from standard input instead of prompting.")
        var passcodeStdin = false

        @Option(help: "How long the session lasts (e.g. 90s, 15m, 12h, 7d).")
        var sessionTtl = "12h"

        @Option(
            help: ArgumentHelp(
                "Where the keychain keeps the data keys, the pinned key and the marks: files (the default) or secret-service (the desktop's keyring). Remembered; by default the home's current store.",
                valueName: "store"),
            completion: .list(KeychainStoreKind.allCases.map(\.rawValue)))
        var keychain: String?

        /// A store nobody registered is a usage error, before anything is read or asked for.
        func validate() throws {
            _ = try chosenStore
        }

        func run() throws {
            let seconds = try parseDuration(sessionTtl, option: "--session-ttl")
            let app = try options.app
            let chosen = try chosenStore
            try app.checkLoginCanRun(keychain: chosen, now: Date())
            let passcode = try SecretInput.newPasscode(fromStandardInput: passcodeStdin)
            let store = try app.login(
                user: user, passcode: passcode, sessionLength: .seconds(seconds), keychain: chosen, now: Date())
            print("Logged in as \(user); the session lasts \(sessionTtl); the keychain's items are kept \(store.whereKept).")
        }

        /// The store `--keychain` names, or `nil` to keep the home's.
        /// - Throws: `ValidationError` naming the option and the registered kinds, for a name no kind has.
        private var chosenStore: KeychainStoreKind? {
            get throws {
                guard let keychain else { return nil }
                do {
                    return try KeychainStoreKind.registered(named: keychain)
                } catch {
                    throw ValidationError("--keychain: \(error)")
                }
            }
        }
    }

    struct Logout: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "logout",
            abstract: "Log out: destroy the data keys, move the epoch on and remove the snapshot.")

        @OptionGroup var options: GlobalOptions

        func run() throws {
            try options.app.logout(now: Date())
            print("Logged out; the data keys were destroyed.")
        }
    }

    struct Lock: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "lock", abstract: "Lock the app: widgets mask every amount.")

        @OptionGroup var options: GlobalOptions

        func run() throws {
            try options.app.lock(now: Date())
            print("Locked.")
        }
    }

    struct Unlock: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "unlock", abstract: "Unlock the app with the passcode.")

        @OptionGroup var options: GlobalOptions

        @Flag(help: "Read the passcode from standard input instead of prompting.")
        var passcodeStdin = false

        func run() throws {
            let app = try options.app
            try app.checkUnlockCanRun(now: Date())
            let passcode = try SecretInput.passcode(prompt: "Passcode: ", fromStandardInput: passcodeStdin)
            try app.unlock(passcode: passcode, now: Date())
            print("Unlocked.")
        }
    }

    struct Prefs: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "prefs", abstract: "Set the user's widget preferences.")

        enum Switch: String, ExpressibleByArgument, CaseIterable { case on, off }

        @OptionGroup var options: GlobalOptions

        @Option(help: "Hide balances in every widget (on or off).")
        var hideBalances: Switch

        func run() throws {
            try options.app.setHidesBalances(hideBalances == .on, now: Date())
            print("Hide balances: \(hideBalances.rawValue).")
        }
    }

    struct Status: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "status", abstract: "Show onboarding, session and snapshot state.")

        @OptionGroup var options: GlobalOptions

        @Option(help: "Output format: text or json.")
        var format: OutputFormat = .text

        func run() throws {
            let app = try options.app
            guard app.home.exists else { throw MissingHome(location: app.home.location) }
            let status = try app.status(now: Date())
            print(format == .json ? status.json : status.text)
            if format == .text, status.snapshotProblem != nil { print(Advice.snapshotProblem) }
        }

        /// The home `status` was pointed at does not exist at all.
        struct MissingHome: Error, CustomStringConvertible {
            let location: String
            var description: String {
                "There is no SecureBridge home at \(location); check --home or $BRIDGE_HOME, or run `bridgectl login` to make one there."
            }
        }
    }
}

/// `--format` for commands that print either.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}

/// How `read` prints a timeline: its lines, the JSON contract, or what a
/// status bar shows of the current entry (`StatusBarText`).
enum ReadFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json, waybar, line
}
