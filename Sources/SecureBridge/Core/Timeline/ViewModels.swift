import FoundationEssentials

/// One account as an entry shows it: display strings only.
public struct AccountViewModel: Sendable, Equatable, Identifiable, CustomStringConvertible {
    /// The bank's account id.
    public let id: String
    /// The account's display name.
    public let name: String
    /// The formatted balance (`€4,675.00`), or `Redaction.mask` when masked.
    public let balance: String
    /// The IBAN's last four characters behind a mask, e.g. `•••• 3000`, in every state.
    public let iban: String
    /// `main` or `secondary`.
    public let type: AccountType
    /// The ISO 4217 code of the balance's currency.
    public let currency: String
    /// `<scheme>://account/<id>`, or `nil` if the id is not link-safe.
    public let url: URL?

    public init(id: String, name: String, balance: String, iban: String, type: AccountType, currency: String, url: URL?) {
        self.id = id
        self.name = name
        self.balance = balance
        self.iban = iban
        self.type = type
        self.currency = currency
        self.url = url
    }

    /// The id only: never a name, balance or IBAN in logs.
    public var description: String { "AccountViewModel(id: \(id))" }
}

/// A month of spending as an entry shows it.
public struct SpendingViewModel: Sendable, Equatable, CustomStringConvertible {
    /// The period, `YYYY-MM`.
    public let period: String
    /// The ISO 4217 code of the amounts.
    public let currency: String
    /// Total spent over every category, formatted, or `Redaction.mask` when masked.
    public let totalSpent: String
    /// Total received, formatted, or `Redaction.mask` when masked.
    public let totalReceived: String
    /// The spent categories within the family's limit: the largest first
    /// when full; when masked, the first by name in name order, so neither
    /// which categories appear nor their order gives an amount away.
    public let categories: [CategoryViewModel]

    public init(period: String, currency: String, totalSpent: String, totalReceived: String, categories: [CategoryViewModel]) {
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
    /// The formatted amount, or `Redaction.mask` when masked.
    public let amount: String
    /// The share of the total spent in tenths of a percent (425 = 42.5 %), `nil` when masked.
    public let shareTenthsOfPercent: Int?
    /// The share formatted for the locale with at most one decimal (`42.5%`), `nil` when masked.
    public let percent: String?

    public init(name: String, amount: String, shareTenthsOfPercent: Int?, percent: String?) {
        self.name = name
        self.amount = amount
        self.shareTenthsOfPercent = shareTenthsOfPercent
        self.percent = percent
    }

    /// The name only: never an amount in logs.
    public var description: String { "CategoryViewModel(\(name))" }
}
