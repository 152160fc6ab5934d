/// Everything one snapshot carries: the accounts and, optionally, the month's analytics.
public struct Portfolio: Sendable, Equatable {
    /// The accounts, in the order the bank API listed them.
    public let accounts: [Account]
    /// Spending and income by category, when the app publishes them.
    public let analytics: Analytics?

    package init(uncheckedAccounts accounts: [Account], analytics: Analytics? = nil) {
        self.accounts = accounts
        self.analytics = analytics
    }

    /// The account marked `main`, if any.
    public var mainAccount: Account? { accounts.first { $0.type == .main } }
}

/// One bank account as the widget may show it.
public struct Account: Sendable, Equatable, Identifiable {
    /// Stable id from the bank API: 1–64 of `A-Z a-z 0-9 . _ -`, safe in a deep link unescaped.
    public let id: String
    /// Display name, 1–64 characters, no control characters.
    public let name: String
    /// The balance, in integer minor units of its currency.
    public let balance: Money
    /// The IBAN or the bank's own account number; `nil` when the account has none.
    public let identifier: AccountIdentifier?
    /// Whether this is the user's main account.
    public let type: AccountType

    /// The IBAN, upper case without spaces and checksum verified, if the account has one.
    public var iban: IBAN? {
        guard case let .iban(iban) = identifier else { return nil }
        return iban
    }

    /// The bank's own account number, for an account without an IBAN.
    public var accountNumber: AccountNumber? {
        guard case let .accountNumber(number) = identifier else { return nil }
        return number
    }

    package init(uncheckedID id: String, name: String, balance: Money, identifier: AccountIdentifier?, type: AccountType) {
        self.id = id
        self.name = name
        self.balance = balance
        self.identifier = identifier
        self.type = type
    }

    package init(uncheckedID id: String, name: String, balance: Money, iban: IBAN, type: AccountType) {
        self.init(uncheckedID: id, name: name, balance: balance, identifier: .iban(iban), type: type)
    }
}

/// The bank API's account kinds.
public enum AccountType: String, Sendable, Equatable, CaseIterable {
    /// The account a widget shows first unless the user configured another; at most one.
    case main
    /// Any other account.
    case secondary
}

/// A month of spending and income by category (the expense-analytics widget).
public struct Analytics: Sendable, Equatable {
    /// The period, `YYYY-MM`.
    public let period: String
    /// The currency every amount below is in.
    public let currency: Currency
    /// Money spent, by category.
    public let spent: [CategoryAmount]
    /// Money received, by category.
    public let received: [CategoryAmount]

    package init(uncheckedPeriod period: String, currency: Currency, spent: [CategoryAmount], received: [CategoryAmount]) {
        self.period = period
        self.currency = currency
        self.spent = spent
        self.received = received
    }
}

/// One category's total.
public struct CategoryAmount: Sendable, Equatable {
    /// Category name, 1–64 characters, no control characters.
    public let category: String
    /// The non-negative total.
    public let amount: Money

    package init(uncheckedCategory category: String, amount: Money) {
        self.category = category
        self.amount = amount
    }
}

/// An amount of money: integer minor units (cents) of a currency. Never a `Double`.
public struct Money: Sendable, Equatable {
    /// The amount in minor units, e.g. 467500 for EUR 4,675.00.
    public let minorUnits: Int64
    /// The currency.
    public let currency: Currency

    /// An amount of `minorUnits` of `currency`, kept as given; the magnitude
    /// limit is checked where the amount is used. `Money(decimal:currency:)` reads a decimal string.
    public init(minorUnits: Int64, currency: Currency) {
        self.minorUnits = minorUnits
        self.currency = currency
    }
}

/// An ISO 4217 currency with its number of minor-unit digits.
public struct Currency: Sendable, Hashable {
    /// The three-letter code, e.g. `EUR`.
    public let code: String
    /// Digits after the decimal point, e.g. 2 for EUR, 0 for JPY, 3 for KWD.
    public let minorUnitDigits: Int

    package init(code: String, minorUnitDigits: Int) {
        self.code = code
        self.minorUnitDigits = minorUnitDigits
    }
}

/// A validated IBAN in electronic format (upper case, no spaces).
public struct IBAN: Sendable, Hashable {
    /// The normalised IBAN, e.g. `DE89370400440532013000`.
    public let electronicFormat: String

    package init(checkedElectronicFormat electronicFormat: String) {
        self.electronicFormat = electronicFormat
    }

    /// The last four characters, the only part a widget may show.
    public var lastFour: String { AccountIdentifier.iban(self).lastFour }
}

// Descriptions never show an amount, IBAN or name, so printing or logging one is safe.

extension Portfolio: CustomStringConvertible {
    /// The number of accounts and whether there are analytics.
    public var description: String {
        "Portfolio(\(accounts.count) account(s)\(analytics == nil ? "" : ", analytics"))"
    }
}

extension Account: CustomStringConvertible {
    /// The id only.
    public var description: String { "Account(id: \(id))" }
}

extension Analytics: CustomStringConvertible {
    /// The period and the number of entries.
    public var description: String { "Analytics(\(period), \(spent.count) spent, \(received.count) received)" }
}

extension CategoryAmount: CustomStringConvertible {
    /// The currency only.
    public var description: String { "CategoryAmount(\(amount.currency.code))" }
}

extension Money: CustomStringConvertible {
    /// The currency only.
    public var description: String { "Money(\(currency.code), redacted)" }
}

extension IBAN: CustomStringConvertible {
    /// Nothing of the number.
    public var description: String { "IBAN(redacted)" }
}
