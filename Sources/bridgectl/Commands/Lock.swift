import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SecureBridge

extension BridgeCtl {
    struct Lock: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "lock", abstract: "Lock the app: widgets mask every amount.")

        @OptionGroup var options: GlobalOptions

        func run() throws {
            try options.app.lock(now: Date())
            print("Locked.")
        }
    }
}
