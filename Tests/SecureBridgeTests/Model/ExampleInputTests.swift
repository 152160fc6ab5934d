import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp

@Suite struct ExampleInputTests {
    @Test func accountsExampleDecodes() throws {
        let portfolio = try PublishInput.decode(try ModelFixtures.example("accounts.json"))
        #expect(portfolio.analytics == nil)
        #expect(portfolio.accounts.map(\.id) == ["acc-main", "acc-usd", "acc-gbp", "acc-chf", "acc-jpy"])
        #expect(portfolio.accounts.map(\.balance.currency.code) == ["EUR", "USD", "GBP", "CHF", "JPY"])
        #expect(portfolio.accounts.map(\.balance.minorUnits) == [467_500, 1_285_040, -23015, 912_075, 58000])
        #expect(portfolio.accounts.map(\.balance.decimalString) == ["4675.00", "12850.40", "-230.15", "9120.75", "58000"])
        #expect(portfolio.accounts.filter { $0.type == .main }.count == 1)
        #expect(portfolio.mainAccount?.id == "acc-main")
        #expect(portfolio.accounts[0].iban?.electronicFormat == "DE89370400440532013000")
        #expect(portfolio.accounts[1].iban == nil)
        #expect(portfolio.accounts[1].accountNumber?.compactForm == "0210000217654321098")
        #expect(portfolio.accounts[3].iban?.electronicFormat == "CH9300762011623852957")
        #expect(portfolio.accounts[3].name == "Zürich Savings")
    }

    @Test func spendingExampleDecodes() throws {
        let portfolio = try PublishInput.decode(try ModelFixtures.example("spending.json"))
        let analytics = try #require(portfolio.analytics)
        #expect(portfolio.accounts.count == 2)
        #expect(portfolio.accounts[1].iban?.electronicFormat == "FR1420041010050500013M02606")
        #expect(analytics.period == "2026-11")
        #expect(analytics.currency == Currency.iso4217("EUR"))
        #expect(analytics.spent.count == 7)
        #expect(analytics.spent.first == CategoryAmount(uncheckedCategory: "Rent", amount: Money(minorUnits: 120_000, currency: analytics.currency)))
        #expect(analytics.spent.map(\.amount.minorUnits).reduce(0, +) == 213_691)
        #expect(analytics.received.map(\.category) == ["Salary", "Refunds", "Interest"])
        #expect(analytics.received.map(\.amount.decimalString) == ["3850.00", "24.99", "3.12"])
    }
}
