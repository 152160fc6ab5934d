import Foundation
import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp
@testable import SecureBridgeTestSupport

/// The expense widget: totals, top five categories and their shares.
@Suite struct WidgetSpendingTests {
    typealias F = TimelineFixtures

    private func spending(_ family: BridgeFamily = .systemLarge, _ analytics: Analytics? = F.analytics) -> BridgeEntry {
        F.entry(F.content(portfolio: Portfolio(uncheckedAccounts: F.accounts, analytics: analytics)), F.request(.spending, family))
    }

    @Test func topFiveAreSortedByAmountWithShares() throws {
        let model = try #require(spending().spending)
        #expect(model.categories.map(\.name) == ["Rent", "Groceries", "Travel", "Dining", "Fun"])
        #expect(model.categories.map(\.amount.text) == ["€900.00", "€420.00", "€180.00", "€120.00", "€90.00"])
        #expect(model.categories.map(\.shareTenthsOfPercent) == [500, 233, 100, 67, 50])
        #expect(model.categories.map(\.percent) == ["50.0%", "23.3%", "10.0%", "6.7%", "5.0%"])
    }

    @Test func totalsCoverEveryCategory() throws {
        let model = try #require(spending().spending)
        #expect(model.totalSpent.text == "€1,800.00")
        #expect(model.totalReceived.text == "€3,525.50")
        #expect(model.period == "2026-11")
        #expect(model.currency == "EUR")
    }

    @Test func spendingEntriesAreTitledWithTheMonth() {
        let entry = spending()
        #expect(entry.title == "Spending November 2026")
        #expect(entry.accounts.isEmpty)
        #expect(entry.state == .full)
    }

    @Test func malformedPeriodGivesAPlainTitle() {
        #expect(SpendingTitle.title(forPeriod: "2026-13") == "Spending")
        #expect(SpendingTitle.title(forPeriod: "November") == "Spending")
        #expect(SpendingTitle.title(forPeriod: "2026-01") == "Spending January 2026")
    }

    @Test func familiesLimitTheCategories() {
        let counts = [BridgeFamily.systemSmall, .systemMedium, .systemLarge, .systemExtraLarge].map {
            spending($0).spending?.categories.count
        }
        #expect(counts == [1, 3, 5, 5])
    }

    @Test func missingAnalyticsGiveANoDataPlaceholder() {
        let entry = spending(.systemLarge, nil)
        #expect(entry.state == .loginPrompt)
        #expect(entry.reason == .noData)
        #expect(entry.spending == nil)
    }

    @Test func overflowingTotalsGiveANoDataPlaceholder() {
        let huge = Analytics(uncheckedPeriod: "2026-11", currency: F.eur, spent: [
            CategoryAmount(uncheckedCategory: "A", amount: Money(minorUnits: Int64.max, currency: F.eur)),
            CategoryAmount(uncheckedCategory: "B", amount: Money(minorUnits: 1, currency: F.eur)),
        ], received: [])
        #expect(spending(.systemLarge, huge).reason == .noData)
    }

    @Test func amountsInAnotherCurrencyGiveANoDataPlaceholder() {
        let mixed = Analytics(uncheckedPeriod: "2026-11", currency: F.eur, spent: [
            CategoryAmount(uncheckedCategory: "A", amount: Money(minorUnits: 100, currency: F.jpy)),
        ], received: [])
        #expect(spending(.systemLarge, mixed).reason == .noData)
    }

    @Test func emptySpendingHasZeroTotalsAndNoCategories() throws {
        let empty = Analytics(uncheckedPeriod: "2026-11", currency: F.eur, spent: [], received: [])
        let model = try #require(spending(.systemLarge, empty).spending)
        #expect(model.totalSpent.text == "€0.00")
        #expect(model.categories.isEmpty)
    }

    @Test func equalAmountsAreOrderedByName() throws {
        let tied = Analytics(uncheckedPeriod: "2026-11", currency: F.eur, spent: [
            CategoryAmount(uncheckedCategory: "Zoo", amount: Money(minorUnits: 100, currency: F.eur)),
            CategoryAmount(uncheckedCategory: "Art", amount: Money(minorUnits: 100, currency: F.eur)),
            CategoryAmount(uncheckedCategory: "Mid", amount: Money(minorUnits: 100, currency: F.eur)),
        ], received: [])
        let model = try #require(spending(.systemLarge, tied).spending)
        #expect(model.categories.map(\.name) == ["Art", "Mid", "Zoo"])
        #expect(model.categories.map(\.percent) == ["33.3%", "33.3%", "33.3%"])
    }

    @Test func sharesRoundHalfUpInIntegerMath() {
        #expect(SpendingFigures.tenthsOfPercent(1, of: 2000) == 1)
        #expect(SpendingFigures.tenthsOfPercent(1, of: 2001) == 0)
        #expect(SpendingFigures.tenthsOfPercent(2, of: 3) == 667)
        #expect(SpendingFigures.tenthsOfPercent(1, of: 3) == 333)
        #expect(SpendingFigures.tenthsOfPercent(5, of: 5) == 1000)
        #expect(SpendingFigures.tenthsOfPercent(0, of: 0) == 0)
        #expect(SpendingFigures.tenthsOfPercent(Int64.max / 2, of: Int64.max) == 500)
        #expect(SpendingFigures.tenthsOfPercent(Int64.max, of: Int64.max) == 1000)
    }

    @Test func accessorySpendingIsMaskedWithCategoryOnly() throws {
        let entry = spending(.accessoryRectangular)
        #expect(entry.state == .masked)
        let model = try #require(entry.spending)
        // Masked: the first category by name, not the largest.
        #expect(model.categories.map(\.name) == ["Books"])
        #expect(model.categories[0].percent == nil)
    }
}
