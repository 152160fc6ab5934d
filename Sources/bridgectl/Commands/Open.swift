import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SecureBridge

extension BridgeCtl {
    struct Open: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "open",
            abstract: "Resolve a widget deep link as the app would, rejecting anything malformed.")

        @Argument(help: "The URL, e.g. securebridge://account/acc-main.")
        var url: String

        @Option(help: "The app's URL scheme.")
        var scheme = "securebridge"

        @OptionGroup var options: GlobalOptions

        func validate() throws {
            guard DeepLink.isValidScheme(scheme) else { throw ValidationError(WidgetOptions.schemeRule) }
        }

        func run() throws {
            switch try DeepLink(parsing: url, scheme: scheme) {
            case .login: print("Open the login screen.")
            case let .account(id):
                if let home = try options.bridgeHomeIfKnown, !Self.snapshot(of: home, holds: id) {
                    throw AccountNotInSnapshot(id: id)
                }
                print("Open account \(id).")
            }
        }

        /// Whether the snapshot the widget reads in `home` lists account `id`;
        /// `true` when no snapshot can be read, as then there is nothing to
        /// check it against. A what-if read: no stored state changes.
        static func snapshot(of home: BridgeHome, holds id: String) -> Bool {
            guard case let .content(content) = WidgetReader(home: home).read(now: Date(), whatIf: true).result else { return true }
            return content.portfolio.accounts.contains { $0.id == id }
        }

        /// A link to an account the snapshot does not list.
        struct AccountNotInSnapshot: Error, CustomStringConvertible {
            let id: String
            var description: String {
                "Account \(id) is not in the snapshot, so the link opens no account; check the id, or publish a snapshot that lists it."
            }
        }
    }
}
