// The validating initialisers an app builds a portfolio with from its own
// values. Each rule has one implementation (`PortfolioRules`, `Identifier`,
// `IBAN`, `Money.parse`); publish input, these initialisers and the payload
// encoder all call it, so a value refused one way is refused every way, with
// the same `FieldProblem`.

extension Portfolio {
    /// A portfolio built from the app's own values, checked as publish input is.
    ///
    /// The rules, besides those each `Account` and `Analytics` value already
    /// passed:
    /// - 1 to 1,000 accounts;
    /// - account ids unique;
    /// - at most one account of type `main`.
    ///
    /// The accounts are checked in order, and within one account the fields in
    /// the order publish input reads them (id, name, currency, balance, IBAN
    /// or account number, type), so the same portfolio as bank JSON (the
    /// object form) is refused with the same error.
    /// - Parameters:
    ///   - accounts: The accounts, in the order a widget lists them.
    ///   - analytics: The month's spending and income, if the app publishes them.
    /// - Throws: `BridgeError(InputProblem.invalid)` naming the record (`.document` with field
    ///   `"accounts"`, `.account(number:id:)`, `.analytics`, `.spent(number:)`,
    ///   `.received(number:)`), the field and the `FieldProblem`.
    public init(accounts: [Account], analytics: Analytics? = nil) throws {
        self.init(uncheckedAccounts: accounts, analytics: analytics)
        try check(as: .publishInput)
    }

    /// Checks every rule of a portfolio, reporting a broken one as `subject`'s
    /// error: the validating initialiser and the payload encoder.
    /// - Throws: `BridgeError(InputProblem.invalid)` or `BridgeError(.unencodable)`, per `subject`.
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
    /// An account built from the app's own values, checked as publish input is.
    ///
    /// The rules:
    /// - `id`: 1 to 64 characters of `A-Z a-z 0-9 . _ -`, not `.` or `..`;
    /// - `name`: 1 to 64 Unicode scalars, without control, separator,
    ///   bidirectional formatting or invisible characters, or a dot that looks
    ///   like the mask a widget shows instead of an amount;
    /// - `balance`: at most 10^15 major units in magnitude (10^14 for a
    ///   currency with four minor-unit digits); negative is allowed.
    ///
    /// The IBAN and the currency are checked when they are made (`IBAN(_:)`,
    /// `Currency.iso4217(_:)`). Uniqueness of ids and the single main account
    /// are rules of the portfolio: `Portfolio(accounts:analytics:)`. Two
    /// accounts may have the same IBAN (a multi-currency account's balances,
    /// or a pocket of an account, have its IBAN); the id tells them apart.
    /// - Throws: `BridgeError(InputProblem.invalid(.document, field:, problem))` with the field
    ///   `"id"`, `"name"` or `"balance"`: the account is not yet part of a portfolio.
    public init(id: String, name: String, balance: Money, iban: IBAN, type: AccountType) throws {
        try self.init(id: id, name: name, balance: balance, identifier: .iban(iban), type: type)
    }

    /// An account without an IBAN, identified by the bank's own account
    /// number, built from the app's own values and checked as publish input is.
    ///
    /// The rules are those of `init(id:name:balance:iban:type:)`; the number
    /// is checked when it is made (`AccountNumber(_:)`: 4 to 34 letters and
    /// digits with at least one digit, not an IBAN), and again here.
    /// - Throws: `BridgeError(InputProblem.invalid(.document, field:, problem))` with the field
    ///   `"id"`, `"name"`, `"balance"` or `"accountNumber"`.
    public init(id: String, name: String, balance: Money, accountNumber: AccountNumber, type: AccountType) throws {
        try self.init(id: id, name: name, balance: balance, identifier: .accountNumber(accountNumber), type: type)
    }

    /// An account with no number at all, such as one read from a ledger
    /// journal, checked as publish input is (the rules of
    /// `init(id:name:balance:iban:type:)`). A widget shows it without a number line.
    /// - Throws: `BridgeError(InputProblem.invalid(.document, field:, problem))` with the field
    ///   `"id"`, `"name"` or `"balance"`.
    public init(id: String, name: String, balance: Money, type: AccountType) throws {
        try self.init(id: id, name: name, balance: balance, identifier: nil, type: type)
    }

    /// An account identified by either number, or by none (`nil`), checked
    /// as publish input is (the rules of `init(id:name:balance:iban:type:)`).
    /// - Throws: `BridgeError(InputProblem.invalid(.document, field:, problem))` with the field
    ///   `"id"`, `"name"`, `"balance"`, `"IBAN"` or `"accountNumber"`.
    public init(id: String, name: String, balance: Money, identifier: AccountIdentifier?, type: AccountType) throws {
        self.init(uncheckedID: id, name: name, balance: balance, identifier: identifier, type: type)
        try checkFields(.document, as: .publishInput) { _ in }
    }

    /// Checks the account's own fields in the order publish input reads them:
    /// id, name, currency, balance, then the IBAN or account number.
    /// `registerID` runs as soon as the id is valid, so a repeated id is
    /// reported before anything else of the account.
    /// - Throws: `subject`'s error, placed in `record`.
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
    /// A month of spending and income built from the app's own values, checked
    /// as publish input is.
    ///
    /// The rules:
    /// - `period`: a month written `YYYY-MM`, month 01 to 12;
    /// - `currency`: an active ISO 4217 currency (`Currency.iso4217(_:)`);
    /// - `spent` and `received`: at most 50 entries each, every amount in
    ///   `currency`, categories unique within a list (each entry already
    ///   passed `CategoryAmount(category:amount:)`).
    /// - Throws: `BridgeError(InputProblem.invalid)` with the record `.analytics` (fields
    ///   `"period"`, `"currency"`, `"spent"`, `"received"`) or an entry's
    ///   (`.spent(number:)`, `.received(number:)`; fields `"category"`,
    ///   `"amount"`: `.currencyMismatch` for an amount in another currency).
    public init(period: String, currency: Currency, spent: [CategoryAmount], received: [CategoryAmount]) throws {
        self.init(uncheckedPeriod: period, currency: currency, spent: spent, received: received)
        try check(as: .publishInput)
    }

    /// Checks the analytics in the order publish input reads them: period,
    /// currency, then each list (its length, then each entry).
    /// - Throws: `subject`'s error.
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
    /// One category's total built from the app's own values, checked as
    /// publish input is.
    ///
    /// The rules:
    /// - `category`: 1 to 64 Unicode scalars, with the same characters
    ///   refused as in an account name;
    /// - `amount`: not negative, and at most 10^15 major units (10^14 for a
    ///   currency with four minor-unit digits).
    /// - Throws: `BridgeError(InputProblem.invalid(.document, field:, problem))` with the field
    ///   `"category"` or `"amount"`: the entry is not yet part of a list.
    public init(category: String, amount: Money) throws {
        self.init(uncheckedCategory: category, amount: amount)
        try checkFields(.document, as: .publishInput, currency: nil) { _ in }
    }

    /// Checks the entry's category, then its amount (in `currency`, when the
    /// entry belongs to analytics in that currency). `registerCategory` runs
    /// as soon as the category is valid.
    /// - Throws: `subject`'s error, placed in `record`.
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
    /// Reads a decimal string exactly, as publish input's amounts are read.
    ///
    /// The rules: an optional leading `-`, then digits without a leading zero
    /// (`0` and `0.5` are fine), then optionally `.` and at least one digit, at
    /// most as many as `currency` has minor-unit digits; no `+`, exponent,
    /// space or `,`; at most 10^15 major units in magnitude (10^14 for a
    /// currency with four minor-unit digits).
    /// - Parameters:
    ///   - text: The amount in major units, e.g. `"4675.00"`, `"-12.5"` or `"500"` for JPY.
    ///   - currency: The currency; it decides the decimal places.
    /// - Throws: `BridgeError(InputProblem.invalid(.document, field: "amount", .amount(problem)))`,
    ///   or `.unknownCurrency` for a currency that is not in ISO 4217.
    public init(decimal text: String, currency: Currency) throws {
        self = try PortfolioRules.check(.document, "amount", in: .publishInput) {
            try Money.parse(decimal: text, currency: currency, allowsNegative: true)
        }
    }
}
