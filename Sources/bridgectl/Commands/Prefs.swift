import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SecureBridge

extension BridgeCtl {
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
}
