import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp
@testable import SecureBridgePreview
@testable import SecureBridgeTestSupport

/// Builds previews of constructed gate results, and reads SVG back.
enum PreviewFixtures {
    static let now = TimelineFixtures.now

    /// A preview of `result` at `TimelineFixtures.now`.
    static func preview(
        _ result: GateResult, kind: WidgetKind = .balance, privacy: Bool = false, account: String? = nil
    ) -> WidgetPreview {
        WidgetPreview(
            reading: WidgetReader.Reading(result: result, now: now),
            request: TimelineFixtures.request(kind, .systemMedium, account: account, privacy: privacy))
    }

    /// The fixtures' portfolio, fresh.
    static var content: GateResult { .content(TimelineFixtures.content()) }

    /// An entry showing `accounts` in `family`, full and fresh.
    static func entry(accounts: [Account], family: BridgeFamily, kind: WidgetKind = .balance) -> BridgeEntry {
        let portfolio = Portfolio(uncheckedAccounts: accounts, analytics: TimelineFixtures.analytics)
        return WidgetTimeline.entry(
            for: TimelineFixtures.content(portfolio: portfolio), request: TimelineFixtures.request(kind, family), at: now)
    }

    static func account(_ name: String, minorUnits: Int64 = 467_500, id: String = "acc-1", type: AccountType = .main) -> Account {
        Account(uncheckedID: id, name: name, balance: Money(minorUnits: minorUnits, currency: TimelineFixtures.eur),
                iban: IBAN(checkedElectronicFormat: "DE89370400440532013000"), type: type)
    }
}
