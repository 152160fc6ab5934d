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
                "Where the keychain keeps the data keys, the pinned key and the marks: files (the default), secret-service (the desktop's keyring) or tpm (sealed to this machine's TPM). Remembered; by default the home's current store.",
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
}
