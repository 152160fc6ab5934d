import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SecureBridge

extension BridgeCtl {
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
}
