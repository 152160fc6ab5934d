import Foundation
// Tests build in debug, where the core is built for testing; a release build
// of every target (`swift build -c release`) sees its package API only.
#if DEBUG
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp
#else
import SecureBridge
#endif

/// Shared test data for the timeline suites: a portfolio shaped like the
/// seeds' bank API, fixed instants and a request builder.
enum TimelineFixtures {
    static let eur = Currency(code: "EUR", minorUnitDigits: 2)
    static let jpy = Currency(code: "JPY", minorUnitDigits: 0)

    /// 2026-11-21T16:00:00Z.
    static let now = Date(timeIntervalSince1970: 1_795_276_800)

    static let main = Account(
        uncheckedID: "8ab78900f99013a", name: "Main Account", balance: Money(minorUnits: 467_500, currency: eur),
        iban: IBAN(checkedElectronicFormat: "NL27AAAA0352734310"), type: .main)
    static let savings = Account(
        uncheckedID: "savings-1", name: "Savings", balance: Money(minorUnits: 1_200_050, currency: eur),
        iban: IBAN(checkedElectronicFormat: "DE89370400440532013000"), type: .secondary)
    static let travel = Account(
        uncheckedID: "travel.2", name: "Travel", balance: Money(minorUnits: 98_765, currency: jpy),
        iban: IBAN(checkedElectronicFormat: "GB82WEST12345698765432"), type: .secondary)
    static let joint = Account(
        uncheckedID: "joint_3", name: "Joint", balance: Money(minorUnits: -1_250, currency: eur),
        iban: IBAN(checkedElectronicFormat: "FR1420041010050500013M02606"), type: .secondary)

    /// The secondary account comes first, so "main" is not simply "first".
    static let accounts = [savings, main, travel, joint]

    /// Seven categories, 1,800.00 EUR spent in all.
    static let analytics = Analytics(
        uncheckedPeriod: "2026-11", currency: eur,
        spent: [
            CategoryAmount(uncheckedCategory: "Groceries", amount: Money(minorUnits: 42_000, currency: eur)),
            CategoryAmount(uncheckedCategory: "Books", amount: Money(minorUnits: 6_000, currency: eur)),
            CategoryAmount(uncheckedCategory: "Rent", amount: Money(minorUnits: 90_000, currency: eur)),
            CategoryAmount(uncheckedCategory: "Misc", amount: Money(minorUnits: 3_000, currency: eur)),
            CategoryAmount(uncheckedCategory: "Dining", amount: Money(minorUnits: 12_000, currency: eur)),
            CategoryAmount(uncheckedCategory: "Travel", amount: Money(minorUnits: 18_000, currency: eur)),
            CategoryAmount(uncheckedCategory: "Fun", amount: Money(minorUnits: 9_000, currency: eur)),
        ],
        received: [
            CategoryAmount(uncheckedCategory: "Salary", amount: Money(minorUnits: 350_000, currency: eur)),
            CategoryAmount(uncheckedCategory: "Refunds", amount: Money(minorUnits: 2_550, currency: eur)),
        ])

    static let portfolio = Portfolio(uncheckedAccounts: accounts, analytics: analytics)

    /// Published 5 minutes ago; stale in 4 h, expired in 12 h, session ends in 20 h.
    static func content(
        portfolio: Portfolio = portfolio,
        issuedAt: Date = now - 300,
        staleAt: Date = now + 4 * 3600,
        expiresAt: Date = now + 12 * 3600,
        sessionExpiresAt: Date = now + 20 * 3600,
        isLocked: Bool = false,
        hidesBalances: Bool = false
    ) -> VerifiedContent {
        VerifiedContent(
            portfolio: portfolio, issuedAt: issuedAt, staleAt: staleAt, expiresAt: expiresAt,
            sessionExpiresAt: sessionExpiresAt, isLocked: isLocked, hidesBalances: hidesBalances)
    }

    static func request(
        _ kind: WidgetKind = .balance,
        _ family: BridgeFamily = .systemMedium,
        account: String? = nil,
        privacy: Bool = false,
        locale: String = "en_US",
        refresh: Duration = .seconds(30 * 60)
    ) -> WidgetRequest {
        // The defaults are valid, so a failure here is a bug in the fixture.
        try! WidgetRequest(
            kind: kind, family: family, configuredAccountID: account, isPrivacyContext: privacy,
            localeIdentifier: locale, refreshInterval: refresh)
    }

    /// The single entry at `now`.
    static func entry(_ content: VerifiedContent, _ request: WidgetRequest = request()) -> BridgeEntry {
        WidgetTimeline.entry(for: content, request: request, at: now)
    }

    /// Every string an amount of `money` could leak as: the minor units, the
    /// plain decimal, and the en_US and de_DE display strings.
    static func leakForms(of money: Money) -> [String] {
        let decimal = "\(MoneyFormatter.decimal(money))"
        return [
            String(money.minorUnits.magnitude),
            decimal.hasPrefix("-") ? String(decimal.dropFirst()) : decimal,
            MoneyFormatter.string(for: money, localeIdentifier: "en_US"),
            MoneyFormatter.string(for: money, localeIdentifier: "de_DE"),
        ]
    }
}

extension TimelineFixtures {
    /// Whether `text` holds any digit, of any script.
    static func hasDigit(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.properties.numericType != nil }
    }
}
