import Foundation
import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp
@testable import SecureBridgeTestSupport

/// Masked and placeholder entries never carry an amount; IBANs only ever show their last four.
@Suite struct WidgetRedactionTests {
    typealias F = TimelineFixtures

    static let maskedContents: [VerifiedContent] = [
        F.content(isLocked: true),
        F.content(staleAt: F.now - 20, expiresAt: F.now - 10),
        F.content(hidesBalances: true),
    ]

    @Test func maskedBalancesAreTheFixedMaskWithoutDigits() {
        for content in Self.maskedContents {
            let entry = F.entry(content, F.request(.balance, .systemExtraLarge))
            #expect(entry.state == .masked)
            #expect(entry.accounts.count == 4)
            #expect(entry.accounts.allSatisfy { $0.balance.text == Redaction.mask })
            #expect(entry.accounts.allSatisfy { !F.hasDigit($0.balance.text) })
        }
    }

    @Test func theMaskIsTheSameForEveryAmount() {
        let amounts: [Int64] = [0, 1, -1, 999, 123_456_789_012, Int64.max, Int64.min]
        let accounts = amounts.enumerated().map { index, minor in
            Account(uncheckedID: "a\(index)", name: "A\(index)", balance: Money(minorUnits: minor, currency: F.eur),
                    iban: IBAN(checkedElectronicFormat: "DE89370400440532013000"), type: .secondary)
        }
        let entry = F.entry(F.content(portfolio: Portfolio(uncheckedAccounts: accounts), isLocked: true), F.request(.balance, .systemExtraLarge))
        #expect(Set(entry.accounts.map(\.balance.text)) == [Redaction.mask])
    }

    @Test func ibansShowOnlyTheLastFourInEveryState() throws {
        let full = F.entry(F.content(), F.request(.balance, .systemLarge))
        let masked = F.entry(F.content(isLocked: true), F.request(.balance, .systemLarge))
        for entry in [full, masked] {
            #expect(entry.accounts.map(\.number) == ["•••• 4310", "•••• 3000", "•••• 5432", "•••• 2606"])
            for (model, account) in zip(entry.accounts, [F.main, F.savings, F.travel, F.joint]) {
                let stored = try #require(account.identifier).storedForm
                #expect(!(model.number ?? "").contains(stored.dropLast(4)))
            }
        }
    }

    @Test func placeholderEntriesCarryNoAccountData() throws {
        let entries = WidgetTimeline.timeline(for: .content(F.content()), request: F.request(.balance, .systemLarge), now: F.now).entries
        let placeholder = try #require(entries.last)
        #expect(placeholder.state == .loginPrompt)
        #expect(placeholder.accounts.isEmpty)
        #expect(placeholder.spending == nil)
        #expect(placeholder.lastUpdated == nil)
    }

    @Test func maskedSpendingShowsCategoriesButNoFigures() throws {
        let entry = F.entry(F.content(hidesBalances: true), F.request(.spending, .systemLarge))
        let spending = try #require(entry.spending)
        #expect(spending.totalSpent.text == Redaction.mask)
        #expect(spending.totalReceived.text == Redaction.mask)
        // The first five by name, not the five largest (issue 11, item 6).
        #expect(spending.categories.map(\.name) == ["Books", "Dining", "Fun", "Groceries", "Misc"])
        #expect(spending.categories.allSatisfy { $0.amount.text == Redaction.mask && $0.percent == nil && $0.shareTenthsOfPercent == nil })
    }

    @Test func descriptionsNeverShowNamesOrAmounts() {
        let entry = F.entry(F.content(), F.request(.balance, .systemLarge))
        let texts = [entry.description] + entry.accounts.map(\.description)
        for text in texts {
            #expect(!text.contains("4,675"))
            #expect(!text.contains("Main Account"))
            #expect(!text.contains("4310"))
        }
    }
}
