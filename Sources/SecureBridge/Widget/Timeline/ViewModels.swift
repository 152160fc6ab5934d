#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// One account as an entry shows it: display strings beside typed values.
public struct AccountViewModel: Sendable, Equatable, Identifiable, CustomStringConvertible {
    /// The bank's account id.
    public let id: String
    /// The account's display name.
    public let name: String
    /// The balance: its text (`€4,675.00`, or the mask), value, sign, currency and accessibility label.
    public let balance: DisplayAmount
    /// The IBAN's or account number's last four characters behind the mask (`•••• 3000`); `nil` without one.
    public let number: String?
    /// Whether `number` ends the IBAN or the account number; `nil` without a number.
    public let numberKind: AccountIdentifier.Kind?
    /// `main` or `secondary`.
    public let type: AccountType
    /// `<scheme>://account/<id>`, or `nil` if the id is not link-safe.
    public let url: URL?

    package init(
        id: String, name: String, balance: DisplayAmount, number: String?, numberKind: AccountIdentifier.Kind?,
        type: AccountType, url: URL?
    ) {
        self.id = id
        self.name = name
        self.balance = balance
        self.number = number
        self.numberKind = numberKind
        self.type = type
        self.url = url
    }

    /// The id only: never a name, balance or number in logs.
    public var description: String { "AccountViewModel(id: \(id))" }
}

/// A month of spending as an entry shows it.
public struct SpendingViewModel: Sendable, Equatable, CustomStringConvertible {
    /// The period, `YYYY-MM`.
    public let period: String
    /// The ISO 4217 code of the amounts.
    public let currency: String
    /// Total spent over every category, or masked.
    public let totalSpent: DisplayAmount
    /// Total received, or masked.
    public let totalReceived: DisplayAmount
    /// The spent categories within the family's limit: largest first, or when masked the first by name.
    public let categories: [CategoryViewModel]

    package init(
        period: String, currency: String, totalSpent: DisplayAmount, totalReceived: DisplayAmount, categories: [CategoryViewModel]
    ) {
        self.period = period
        self.currency = currency
        self.totalSpent = totalSpent
        self.totalReceived = totalReceived
        self.categories = categories
    }

    /// The period only: never an amount in logs.
    public var description: String { "SpendingViewModel(period: \(period), \(categories.count) categories)" }
}

/// One spent category.
public struct CategoryViewModel: Sendable, Equatable, CustomStringConvertible {
    /// The category's name.
    public let name: String
    /// The amount spent, or masked.
    public let amount: DisplayAmount
    /// The share of the total spent in tenths of a percent (425 = 42.5 %), `nil` when masked.
    public let shareTenthsOfPercent: Int?
    /// The share formatted for the locale with at most one decimal (`42.5%`), `nil` when masked.
    public let percent: String?

    package init(name: String, amount: DisplayAmount, shareTenthsOfPercent: Int?, percent: String?) {
        self.name = name
        self.amount = amount
        self.shareTenthsOfPercent = shareTenthsOfPercent
        self.percent = percent
    }

    /// The name only: never an amount in logs.
    public var description: String { "CategoryViewModel(\(name))" }
}
