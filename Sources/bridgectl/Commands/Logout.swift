import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SecureBridge

extension BridgeCtl {
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
}
