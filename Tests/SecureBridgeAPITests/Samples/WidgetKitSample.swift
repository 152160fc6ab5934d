#if canImport(WidgetKit)
import WidgetKit
#else
import PlatformStandIns
#endif

// The WidgetKit glue of docs/INTEGRATION.md, whole.

// snippet widgetkit-glue
import Foundation
import Logging
import SecureBridge
import SystemPackage

/// The entry WidgetKit stores: the date and SecureBridge's view model.
struct BalanceEntry: TimelineEntry {
    let date: Date
    let model: BridgeEntry

    init(_ model: BridgeEntry) {
        date = model.date
        self.model = model
    }
}

/// The widget's provider: each WidgetKit call is one SecureBridge call.
struct BalanceProvider: TimelineProvider {
    let widgets: WidgetProvider

    init(home: BridgeHome) {
        // In the user's language (`locale: .current` by default).
        widgets = WidgetProvider(home: home, logger: Logger(label: "com.example.bank.widget"))
    }

    func placeholder(in context: Context) -> BalanceEntry {
        BalanceEntry(widgets.placeholder(for: request(context)))  // sample data, no I/O
    }

    func getSnapshot(in context: Context, completion: @escaping (BalanceEntry) -> Void) {
        let request = request(context)
        completion(BalanceEntry(context.isPreview ? widgets.placeholder(for: request) : widgets.snapshot(for: request)))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<BalanceEntry>) -> Void) {
        let timeline = widgets.timeline(for: request(context))
        completion(Timeline(entries: timeline.entries.map(BalanceEntry.init), policy: reloadPolicy(timeline.policy)))
    }

    private func request(_ context: Context) -> WidgetRequest {
        // Every WidgetKit family has a family SecureBridge renders: no optional, no silent default.
        WidgetRequest(kind: .balance, family: BridgeFamily(context.family))
    }
}

/// The family SecureBridge renders for WidgetKit's, case by case: a family a
/// new SDK adds is a compiler warning here (`@unknown default`), and until it
/// is handled it renders as its name maps, never larger than the smallest
/// family of its kind.
extension BridgeFamily {
    init(_ family: WidgetFamily) {
        switch family {
        case .systemSmall: self = .systemSmall
        case .systemMedium: self = .systemMedium
        case .systemLarge: self = .systemLarge
        case .systemExtraLarge: self = .systemExtraLarge
        case .accessoryCircular: self = .accessoryCircular
        case .accessoryRectangular: self = .accessoryRectangular
        case .accessoryInline: self = .accessoryInline
        #if os(watchOS)
        case .accessoryCorner: self = .accessoryCircular  // a small round slot: never an amount
        #endif
        @unknown default: self = BridgeFamily(widgetFamilyName: "\(family)")
        }
    }
}

/// WidgetKit's reload policy for SecureBridge's.
func reloadPolicy(_ policy: ReloadPolicy) -> TimelineReloadPolicy {
    switch policy {
    case .atEnd: .atEnd
    case let .after(date): .after(date)
    case .never: .never
    }
}

/// What a SwiftUI row binds to: display text, and the label VoiceOver reads.
func balanceRow(_ account: AccountViewModel) -> (name: String, amount: String, spoken: String, isDebt: Bool) {
    (account.name, account.balance.text, account.balance.accessibilityLabel, account.balance.sign == .minus)
}
// end snippet

// snippet widgetkit-app-intent
/// A configurable widget's provider: WidgetKit awaits its calls, and each is one SecureBridge call.
struct AccountProvider: AppIntentTimelineProvider {
    let widgets: WidgetProvider

    func placeholder(in context: Context) -> BalanceEntry {
        BalanceEntry(widgets.placeholder(for: request(context, account: nil)))
    }

    func snapshot(for configuration: SelectAccountIntent, in context: Context) async -> BalanceEntry {
        BalanceEntry(await widgets.snapshot(for: request(context, account: configuration.account?.id)))
    }

    func timeline(for configuration: SelectAccountIntent, in context: Context) async -> Timeline<BalanceEntry> {
        let timeline = await widgets.timeline(for: request(context, account: configuration.account?.id))
        return Timeline(entries: timeline.entries.map(BalanceEntry.init), policy: reloadPolicy(timeline.policy))
    }

    private func request(_ context: Context, account: String?) -> WidgetRequest {
        WidgetRequest(kind: .balance, family: BridgeFamily(context.family), configuredAccountID: account)
    }
}
// end snippet

/// The app's configuration intent, as far as the provider reads it (on iOS a
/// `WidgetConfigurationIntent` with `@Parameter var account: AccountEntity?`).
struct SelectAccountIntent {
    struct AccountEntity {
        let id: String
    }

    var account: AccountEntity?
}

// snippet deep-link
/// Where a tap on a widget leads, parsed by the same validating parser the widget links with.
func destination(of url: URL) -> String? {
    switch try? DeepLink(parsing: url.absoluteString, scheme: "securebridge") {
    case let .account(id)?: "account \(id)"  // after checking the id is one of the user's
    case .login?: "login"
    case nil: nil  // anything malformed is ignored
    }
}
// end snippet
