import ArgumentParser
import Foundation
import SecureBridge

extension WidgetKind: ExpressibleByArgument {}
extension WidgetFamily: ExpressibleByArgument {}

/// What a widget is and where it is shown; shared by `read` (and later `preview`).
struct WidgetOptions: ParsableArguments {
    @Option(help: "The widget kind.")
    var kind: WidgetKind = .balance

    @Option(help: "The widget family (its size; default: systemMedium, for preview: all).")
    var family: WidgetFamily?

    @Option(help: "The account the widget is configured for (default: the main account).")
    var account: String?

    @Option(help: "Render at this ISO 8601 instant instead of now; changes no stored state.")
    var now: String?

    @Flag(help: "Render in a privacy context (device locked): no amounts.")
    var privacy = false

    @Option(help: "Locale for amounts, e.g. en_US or de_DE.")
    var locale = "en_US"

    @Option(help: "Deep-link URL scheme.")
    var scheme = "securebridge"

    func request() throws -> WidgetRequest {
        try WidgetRequest(
            kind: kind, family: family ?? .systemMedium, configuredAccountID: account, isPrivacyContext: privacy,
            localeIdentifier: locale, deepLinkScheme: scheme)
    }
}

extension BridgeCtl {
    struct Read: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print the timeline a widget would render, with amounts redacted where they must be.",
            discussion: "Always prints a renderable timeline and exits 0; problems show as placeholder entries with a reason.")

        @OptionGroup var options: GlobalOptions
        @OptionGroup var widget: WidgetOptions

        @Option(help: "Output format: text or json.")
        var format: OutputFormat = .text

        func run() throws {
            let instant = try parseInstant(widget.now)
            let timeline = WidgetReader(home: try options.bridgeHome)
                .timeline(for: try widget.request(), now: instant ?? Date(), whatIf: instant != nil)
            print(format == .json ? TimelineJSON.render(timeline) : TimelineText.render(timeline))
        }
    }

    struct Open: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Resolve a widget deep link as the app would, rejecting anything malformed.")

        @Argument(help: "The URL, e.g. securebridge://account/acc-main.")
        var url: String

        @Option(help: "The app's URL scheme.")
        var scheme = "securebridge"

        func run() throws {
            switch try DeepLink(parsing: url, scheme: scheme) {
            case .login: print("Open the login screen.")
            case let .account(id): print("Open account \(id).")
            }
        }
    }
}
