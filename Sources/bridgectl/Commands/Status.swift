import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SecureBridge

extension BridgeCtl {
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
