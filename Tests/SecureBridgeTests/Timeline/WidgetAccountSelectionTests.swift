import Foundation
import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp
@testable import SecureBridgeTestSupport

/// Which accounts each family lists, and how each is shown.
@Suite struct WidgetAccountSelectionTests {
    typealias F = TimelineFixtures

    /// Twelve accounts, the main one in the middle.
    static let many: [Account] = (0..<12).map { index in
        Account(
            uncheckedID: "acct-\(index)", name: "Account \(index)", balance: Money(minorUnits: Int64(index) * 100, currency: F.eur),
            iban: IBAN(checkedElectronicFormat: "DE89370400440532013000"), type: index == 6 ? .main : .secondary)
    }

    private func ids(_ family: BridgeFamily, account: String? = nil, accounts: [Account] = many) -> [String] {
        F.entry(F.content(portfolio: Portfolio(uncheckedAccounts: accounts)), F.request(.balance, family, account: account)).accounts.map(\.id)
    }

    @Test func smallShowsTheConfiguredAccount() {
        #expect(ids(.systemSmall, account: "acct-9") == ["acct-9"])
    }

    @Test func smallShowsTheMainAccountWithoutConfiguration() {
        #expect(ids(.systemSmall) == ["acct-6"])
    }

    @Test func smallShowsTheFirstAccountWithoutMain() {
        let noMain = [F.savings, F.travel]
        #expect(ids(.systemSmall, accounts: noMain) == ["savings-1"])
    }

    @Test func mediumShowsThePrimaryThenTwoMoreInBankOrder() {
        #expect(ids(.systemMedium) == ["acct-6", "acct-0", "acct-1"])
        #expect(ids(.systemMedium, account: "acct-0") == ["acct-0", "acct-1", "acct-2"])
    }

    @Test func largeShowsUpToFive() {
        #expect(ids(.systemLarge) == ["acct-6", "acct-0", "acct-1", "acct-2", "acct-3"])
        #expect(ids(.systemLarge, accounts: [F.savings, F.main]) == ["8ab78900f99013a", "savings-1"])
    }

    @Test func extraLargeShowsUpToTen() {
        #expect(ids(.systemExtraLarge) == ["acct-6", "acct-0", "acct-1", "acct-2", "acct-3", "acct-4", "acct-5", "acct-7", "acct-8", "acct-9"])
    }

    @Test(arguments: [BridgeFamily.accessoryCircular, .accessoryRectangular, .accessoryInline])
    func accessoryFamiliesShowOne(family: BridgeFamily) {
        #expect(ids(family) == ["acct-6"])
    }

    @Test func unknownConfiguredAccountGivesANoDataPlaceholder() {
        let entry = F.entry(F.content(), F.request(.balance, .systemSmall, account: "gone"))
        #expect(entry.state == .loginPrompt)
        #expect(entry.reason == .noData)
        #expect(entry.accounts.isEmpty)
        #expect(entry.url?.absoluteString == "securebridge://login")
    }

    @Test func emptyPortfolioGivesANoDataPlaceholder() {
        let entry = F.entry(F.content(portfolio: Portfolio(uncheckedAccounts: [])))
        #expect(entry.state == .loginPrompt)
        #expect(entry.reason == .noData)
    }

    @Test func noDataWinsOverMasking() {
        let entry = F.entry(F.content(portfolio: Portfolio(uncheckedAccounts: []), isLocked: true))
        #expect(entry.reason == .noData)
    }

    @Test func singleAccountFamiliesAreTitledWithTheAccountName() {
        #expect(F.entry(F.content(), F.request(.balance, .systemSmall)).title == "Main Account")
        #expect(F.entry(F.content(), F.request(.balance, .systemMedium)).title == "Accounts")
    }

    @Test func accountViewModelCarriesEveryContractField() throws {
        let entry = F.entry(F.content(), F.request(.balance, .systemLarge))
        let main = try #require(entry.accounts.first)
        #expect(main.id == "8ab78900f99013a")
        #expect(main.name == "Main Account")
        #expect(main.balance.text == "€4,675.00")
        #expect(main.number == "•••• 4310")
        #expect(main.type == .main)
        #expect(main.balance.currencyCode == "EUR")
        #expect(main.url?.absoluteString == "securebridge://account/8ab78900f99013a")
        #expect(entry.url == main.url)
        #expect(entry.accounts.map(\.balance.text) == ["€4,675.00", "€12,000.50", "¥98,765", "-€12.50"])
    }

    @Test func entriesFormatForTheRequestedLocale() {
        let entry = F.entry(F.content(), F.request(.balance, .systemSmall, locale: "de_DE"))
        #expect(entry.accounts.first?.balance.text == "4.675,00\u{A0}€")
    }
}
