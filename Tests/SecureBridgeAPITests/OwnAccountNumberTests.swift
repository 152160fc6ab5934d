import Foundation
import SecureBridge
import SecureBridgeTesting
import Testing

/// An app whose accounts have no IBAN builds them from its own values with the
/// public initialisers: the account number is validated, published, read back
/// and shown only as its last four.
@Suite struct OwnAccountNumberTests {
    typealias Home = ProviderEndToEndTests.Home

    static let usd = Currency.iso4217("USD")!

    @Test func anAccountWithoutAnIBANIsPublishedAndShownByItsLastFour() throws {
        let portfolio = try Portfolio(accounts: [
            Account(
                id: "acc-checking", name: "Checking", balance: Money(decimal: "1520.75", currency: Self.usd),
                accountNumber: AccountNumber("021000021 7654321098"), type: .main),
            Account(
                id: "acc-eur", name: "Euro", balance: Money(decimal: "10", currency: OwnModelsTests.eur),
                identifier: .iban(IBAN("DE89 3704 0044 0532 0130 00")), type: .secondary),
        ])
        let fixture = try Home()
        let app = BridgeApp.forTesting(home: fixture.home)
        try app.login(user: "alice", passcode: OwnModelsTests.passcode, sessionLength: .seconds(3600), now: Date())
        _ = try app.publish(portfolio, staleAfter: .seconds(600), expiresAfter: .seconds(3600), now: Date())

        let provider = WidgetProvider(home: fixture.home)
        let entry = provider.snapshot(for: WidgetRequest(kind: .balance, family: .systemLarge))
        #expect(entry.state == .full)
        #expect(entry.accounts.map(\.number) == ["•••• 1098", "•••• 3000"])
        #expect(entry.accounts.map(\.numberKind) == [.accountNumber, .iban])
        #expect(entry.accounts.first?.balance.decimalString == "1520.75")

        try app.lock(now: Date())
        let masked = provider.snapshot(for: WidgetRequest(kind: .balance, family: .systemLarge))
        #expect(masked.state == .masked)
        #expect(masked.accounts.map(\.number) == ["•••• 1098", "•••• 3000"])
        #expect(masked.accounts.allSatisfy { $0.balance.decimalString == nil })
    }
}
