// The validating initialisers: each rule has one implementation, so input, these and the encoder refuse alike.

extension Portfolio {
    /// A portfolio from the app's own values, checked as publish input is (1 to 1,000 accounts, ids unique, one `main`).
    /// - Throws: `BridgeError(InputProblem.invalid)` naming the record, field and problem of the first broken rule.
    public init(accounts: [Account], analytics: Analytics? = nil) throws {
        self.init(uncheckedAccounts: accounts, analytics: analytics)
        try check(as: .publishInput)
    }

    func check(as subject: PortfolioRules.Subject) throws {
        try PortfolioRules.check(.document, "accounts", in: subject) {
            try PortfolioRules.checkAccountCount(accounts.count)
        }
        var set = PortfolioRules.AccountSet()
        for (index, account) in accounts.enumerated() {
            let number = index + 1
            let record = PortfolioRecord.account(
                number: number, id: Identifier.isValid(account.id, kind: .account) ? account.id : nil)
            try account.checkFields(record, as: subject) { try set.register(id: $0, number: number) }
            try PortfolioRules.check(record, "type", in: subject) { try set.register(type: account.type, number: number) }
        }
        try analytics?.check(as: subject)
    }
}

extension Account {
    /// An account from the app's own values, checked as publish input is: `id` 1–64 of `A-Z a-z 0-9 . _ -`,
    /// not `.` or `..`; `name` 1–64 scalars a widget shows unambiguously; `balance` at most 10^15 major units.
    /// - Throws: `BridgeError(InputProblem.invalid)` on the field `"id"`, `"name"` or `"balance"`.
    public init(id: String, name: String, balance: Money, iban: IBAN, type: AccountType) throws {
        try self.init(id: id, name: name, balance: balance, identifier: .iban(iban), type: type)
    }

    /// An account identified by the bank's own account number, checked as publish input is.
    /// - Throws: `BridgeError(InputProblem.invalid)` on `"id"`, `"name"`, `"balance"` or `"accountNumber"`.
    public init(id: String, name: String, balance: Money, accountNumber: AccountNumber, type: AccountType) throws {
        try self.init(id: id, name: name, balance: balance, identifier: .accountNumber(accountNumber), type: type)
    }

    /// An account with no number at all (e.g. from a ledger journal), checked as publish input is.
    /// - Throws: `BridgeError(InputProblem.invalid)` on the field `"id"`, `"name"` or `"balance"`.
    public init(id: String, name: String, balance: Money, type: AccountType) throws {
        try self.init(id: id, name: name, balance: balance, identifier: nil, type: type)
    }

    /// An account identified by either number, or by none (`nil`), checked as publish input is.
    /// - Throws: `BridgeError(InputProblem.invalid)` on `"id"`, `"name"`, `"balance"`, `"IBAN"` or `"accountNumber"`.
    public init(id: String, name: String, balance: Money, identifier: AccountIdentifier?, type: AccountType) throws {
        self.init(uncheckedID: id, name: name, balance: balance, identifier: identifier, type: type)
        try checkFields(.document, as: .publishInput) { _ in }
    }

    /// `registerID` runs as soon as the id is valid, so a repeated id is reported first.
    func checkFields(
        _ record: PortfolioRecord, as subject: PortfolioRules.Subject, registeringID registerID: (String) throws -> Void
    ) throws {
        try PortfolioRules.check(record, "id", in: subject) {
            try Identifier.check(id, kind: .account)
            try registerID(id)
        }
        try PortfolioRules.check(record, "name", in: subject) { try PortfolioRules.checkText(name, in: subject) }
        try PortfolioRules.check(record, "currency", in: subject) { try PortfolioRules.checkCurrency(balance.currency) }
        try PortfolioRules.check(record, "balance", in: subject) {
            try PortfolioRules.checkAmount(balance, allowsNegative: true)
        }
        if let identifier {
            try PortfolioRules.check(record, identifier.kind.field, in: subject) { try identifier.check() }
        }
    }
}

extension Analytics {
    /// A month of analytics, checked as publish input is: `period` `YYYY-MM`, 50 entries per list, all in `currency`.
    /// - Throws: `BridgeError(InputProblem.invalid)` on `.analytics` or an entry (`.currencyMismatch`: another currency).
    public init(period: String, currency: Currency, spent: [CategoryAmount], received: [CategoryAmount]) throws {
        self.init(uncheckedPeriod: period, currency: currency, spent: spent, received: received)
        try check(as: .publishInput)
    }

    func check(as subject: PortfolioRules.Subject) throws {
        try PortfolioRules.check(.analytics, "period", in: subject) { try PortfolioRules.checkPeriod(period) }
        try PortfolioRules.check(.analytics, "currency", in: subject) { try PortfolioRules.checkCurrency(currency) }
        for (field, entries, record) in [
            ("spent", spent, PortfolioRecord.spent), ("received", received, PortfolioRecord.received),
        ] {
            try PortfolioRules.check(.analytics, field, in: subject) { try PortfolioRules.checkEntryCount(entries.count) }
            var categories = PortfolioRules.CategorySet()
            for (index, entry) in entries.enumerated() {
                try entry.checkFields(record(index + 1), as: subject, currency: currency) {
                    try categories.register($0, number: index + 1)
                }
            }
        }
    }
}

extension CategoryAmount {
    /// One category's total, checked as publish input is: a category like an account name, an amount not negative.
    /// - Throws: `BridgeError(InputProblem.invalid)` on the field `"category"` or `"amount"`.
    public init(category: String, amount: Money) throws {
        self.init(uncheckedCategory: category, amount: amount)
        try checkFields(.document, as: .publishInput, currency: nil) { _ in }
    }

    func checkFields(
        _ record: PortfolioRecord, as subject: PortfolioRules.Subject, currency: Currency?,
        registeringCategory registerCategory: (String) throws -> Void
    ) throws {
        try PortfolioRules.check(record, "category", in: subject) {
            try PortfolioRules.checkText(category, in: subject)
            try registerCategory(category)
        }
        try PortfolioRules.check(record, "amount", in: subject) {
            if let currency, amount.currency != currency { throw PortfolioRules.Violation(.currencyMismatch) }
            try PortfolioRules.checkAmount(amount, allowsNegative: false)
        }
    }
}

extension Money {
    /// Reads a decimal string exactly, as publish input's amounts are read: `"4675.00"`, `"-12.5"`, `"500"` for JPY.
    /// - Throws: `BridgeError(InputProblem.invalid)` on `"amount"` with an `.amount` problem, or `.unknownCurrency`.
    public init(decimal text: String, currency: Currency) throws {
        self = try PortfolioRules.check(.document, "amount", in: .publishInput) {
            try Money.parse(decimal: text, currency: currency, allowsNegative: true)
        }
    }
}
