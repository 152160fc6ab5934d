/// Turns the bank API's JSON into a validated `Portfolio` (fields and rules: docs/PAYLOAD.md).
package enum PublishInput {
    package static let maximumByteCount = 1 << 20

    /// - Throws: `BridgeError` naming the first problem found.
    static func decode(_ bytes: [UInt8]) throws -> Portfolio {
        try bytes.withUnsafeBytes { try decode($0) }
    }

    static func decode(_ bytes: UnsafeRawBufferPointer) throws -> Portfolio {
        guard !bytes.isEmpty else { throw BridgeError(.empty) }
        guard bytes.count <= maximumByteCount else {
            throw BridgeError(InputProblem.tooLarge(byteCount: bytes.count, limit: maximumByteCount))
        }
        let isOnlyWhitespace = !bytes.contains { byte in
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D: return false
            default: return true
            }
        }
        guard !isOnlyWhitespace else { throw BridgeError(.empty) }
        let document: JSONValue
        do {
            document = try JSONParser.parse(bytes)
        } catch let error as JSONError {
            throw BridgeError(.invalidJSON(error))
        }
        switch document {
        case let .array(accounts):
            return Portfolio(uncheckedAccounts: try decodeAccounts(accounts, field: nil))
        case let .object(members):
            let fields = try Fields(members, allowed: ["accounts", "analytics"], record: .document)
            let accounts = try decodeAccounts(try fields.array("accounts"), field: "accounts")
            var analytics: Analytics?
            switch fields["analytics"] {
            case nil, .null?:
                analytics = nil
            case let .object(members)?:
                analytics = try decodeAnalytics(members)
            case let other?:
                throw BridgeError(InputProblem.invalid(.document, field: "analytics", .wrongType(expected: .object, found: other.kind)))
            }
            return Portfolio(uncheckedAccounts: accounts, analytics: analytics)
        default:
            throw BridgeError(InputProblem.invalid(.document, field: nil, .notAccountsOrObject(found: document.kind)))
        }
    }

    // MARK: Accounts

    private static func decodeAccounts(_ list: [JSONValue], field: String?) throws -> [Account] {
        do {
            try PortfolioRules.checkAccountCount(list.count)
        } catch let violation as PortfolioRules.Violation {
            throw BridgeError(InputProblem.invalid(.document, field: field, violation.problem))
        }
        var accounts: [Account] = []
        accounts.reserveCapacity(list.count)
        var set = PortfolioRules.AccountSet()
        for (index, element) in list.enumerated() {
            accounts.append(try decodeAccount(element, number: index + 1, set: &set))
        }
        return accounts
    }

    private static let accountFields = ["id", "name", "balance", "currency", "IBAN", "accountNumber", "type"]

    private static func decodeAccount(_ element: JSONValue, number: Int, set: inout PortfolioRules.AccountSet) throws -> Account {
        guard case let .object(members) = element else {
            throw BridgeError(InputProblem.invalid(
                .account(number: number, id: nil), field: nil, .wrongType(expected: .object, found: element.kind)))
        }
        // Name the record by its id in every error, once the id is known to be valid.
        var label: String?
        if case let .string(id)? = members.first(where: { $0.key == "id" })?.value,
            Identifier.isValid(id, kind: .account) {
            label = id
        }
        let record = PortfolioRecord.account(number: number, id: label)
        let fields = try Fields(members, allowed: accountFields, record: record)

        let id = try fields.string("id")
        try PortfolioRules.check(record, "id", in: .publishInput) {
            try Identifier.check(id, kind: .account)
            try set.register(id: id, number: number)
        }
        let name = try fields.string("name")
        try PortfolioRules.check(record, "name", in: .publishInput) { try PortfolioRules.checkText(name, in: .publishInput) }
        let currency = try fields.currency("currency")
        let balance = try fields.amount("balance", currency: currency, allowsNegative: true)
        let identifier = try decodeIdentifier(fields)
        let typeText = try fields.string("type")
        let type = try PortfolioRules.check(record, "type", in: .publishInput) { () throws -> AccountType in
            guard let type = AccountType(rawValue: typeText) else {
                throw PortfolioRules.Violation(.invalidAccountType)
            }
            try set.register(type: type, number: number)
            return type
        }
        return Account(uncheckedID: id, name: name, balance: balance, identifier: identifier, type: type)
    }

    /// `IBAN`, `accountNumber`, or none for `"none"`; absent or `null` is not given, so a number-less account must say so.
    private static func decodeIdentifier(_ fields: Fields) throws -> AccountIdentifier? {
        let iban = try fields.optionalString(AccountIdentifier.Kind.iban.field)
        let number = try fields.optionalString(AccountIdentifier.Kind.accountNumber.field)
        switch (iban, number) {
        case (nil, .some(PublishInput.noNumber)):
            return nil
        case let (iban?, nil):
            return try PortfolioRules.check(fields.record, AccountIdentifier.Kind.iban.field, in: .publishInput) {
                .iban(try IBAN(parsing: iban))
            }
        case let (nil, number?):
            return try PortfolioRules.check(fields.record, AccountIdentifier.Kind.accountNumber.field, in: .publishInput) {
                .accountNumber(try AccountNumber(parsing: number))
            }
        case (nil, nil):
            throw BridgeError(InputProblem.invalid(fields.record, field: AccountIdentifier.Kind.iban.field, .noAccountNumber))
        case (.some, .some):
            throw BridgeError(InputProblem.invalid(fields.record, field: AccountIdentifier.Kind.accountNumber.field, .bothAccountNumbers))
        }
    }

    /// Marks an account with no number; letters only, so never a valid number.
    static let noNumber = "none"

    // MARK: Analytics

    private static func decodeAnalytics(_ members: [(key: String, value: JSONValue)]) throws -> Analytics {
        let record = PortfolioRecord.analytics
        let fields = try Fields(members, allowed: ["period", "currency", "spent", "received"], record: record)
        let period = try fields.string("period")
        try PortfolioRules.check(record, "period", in: .publishInput) { try PortfolioRules.checkPeriod(period) }
        let currency = try fields.currency("currency")
        let spent = try decodeEntries(fields, "spent", currency: currency, record: PortfolioRecord.spent)
        let received = try decodeEntries(fields, "received", currency: currency, record: PortfolioRecord.received)
        return Analytics(uncheckedPeriod: period, currency: currency, spent: spent, received: received)
    }

    private static func decodeEntries(
        _ fields: Fields, _ field: String, currency: Currency, record: (Int) -> PortfolioRecord
    ) throws -> [CategoryAmount] {
        let list = try fields.array(field)
        try PortfolioRules.check(.analytics, field, in: .publishInput) { try PortfolioRules.checkEntryCount(list.count) }
        var entries: [CategoryAmount] = []
        var categories = PortfolioRules.CategorySet()
        for (index, element) in list.enumerated() {
            let entryRecord = record(index + 1)
            guard case let .object(members) = element else {
                throw BridgeError(InputProblem.invalid(entryRecord, field: nil, .wrongType(expected: .object, found: element.kind)))
            }
            let entry = try Fields(members, allowed: ["category", "amount"], record: entryRecord)
            let category = try entry.string("category")
            try PortfolioRules.check(entryRecord, "category", in: .publishInput) {
                try PortfolioRules.checkText(category, in: .publishInput)
                try categories.register(category, number: index + 1)
            }
            let amount = try entry.amount("amount", currency: currency, allowsNegative: false)
            entries.append(CategoryAmount(uncheckedCategory: category, amount: amount))
        }
        return entries
    }

    // MARK: Helpers

    private struct Fields {
        let record: PortfolioRecord
        private let members: [(key: String, value: JSONValue)]

        init(_ members: [(key: String, value: JSONValue)], allowed: [String], record: PortfolioRecord) throws {
            self.record = record
            self.members = members
            if let unknown = members.first(where: { !allowed.contains($0.key) })?.key {
                let suggestion = allowed.first { $0.lowercased() == unknown.lowercased() }
                throw BridgeError(InputProblem.invalid(record, field: unknown, .unknownField(allowed: allowed, suggestion: suggestion)))
            }
        }

        subscript(field: String) -> JSONValue? {
            members.first { $0.key == field }?.value
        }

        func require(_ field: String) throws -> JSONValue {
            guard let value = self[field] else { throw BridgeError(InputProblem.invalid(record, field: field, .missing)) }
            return value
        }

        func string(_ field: String) throws -> String {
            let value = try require(field)
            guard case let .string(text) = value else {
                throw BridgeError(InputProblem.invalid(record, field: field, .wrongType(expected: .string, found: value.kind)))
            }
            return text
        }

        func optionalString(_ field: String) throws -> String? {
            switch self[field] {
            case nil, .null?: return nil
            case let .string(text)?: return text
            case let value?:
                throw BridgeError(InputProblem.invalid(record, field: field, .wrongType(expected: .string, found: value.kind)))
            }
        }

        func array(_ field: String) throws -> [JSONValue] {
            let value = try require(field)
            guard case let .array(elements) = value else {
                throw BridgeError(InputProblem.invalid(record, field: field, .wrongType(expected: .array, found: value.kind)))
            }
            return elements
        }

        func currency(_ field: String) throws -> Currency {
            let code = try string(field)
            guard let currency = Currency.iso4217(code) else {
                throw BridgeError(InputProblem.invalid(record, field: field, .unknownCurrency))
            }
            return currency
        }

        func amount(_ field: String, currency: Currency, allowsNegative: Bool) throws -> Money {
            if case .number? = self[field] { throw BridgeError(InputProblem.invalid(record, field: field, .amountIsNumber)) }
            let text = try string(field)
            return try PortfolioRules.check(record, field, in: .publishInput) {
                try Money.parse(decimal: text, currency: currency, allowsNegative: allowsNegative)
            }
        }
    }
}

extension Portfolio {
    /// The bank API's account list, validated in one call (docs/PAYLOAD.md has the rules), at most 1 MiB.
    /// - Throws: An error naming the record and field of the first problem, never a balance, IBAN or name.
    public init(bankJSON: some Collection<UInt8>) throws {
        self = try bankJSON.withContiguousStorageIfAvailable { try PublishInput.decode(UnsafeRawBufferPointer($0)) }
            ?? PublishInput.decode(Array(bankJSON))
    }
}
