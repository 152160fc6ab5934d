/// The rules every portfolio obeys, whether decoded from publish input or a payload, or being encoded.
enum PortfolioRules {
    /// At most this many accounts (and at least one).
    static let maximumAccounts = 1000
    static let maximumEntries = 50
    static let maximumIDLength = Identifier.maximumLength
    /// A name or category is 1 to 64 Unicode scalars, so at most 256 bytes of UTF-8.
    static let maximumTextScalars = 64
    static let maximumTextBytes = 4 * maximumTextScalars

    /// A broken rule, before it is placed in a record and field.
    struct Violation: Error {
        let problem: FieldProblem
        init(_ problem: FieldProblem) { self.problem = problem }
    }

    /// What is being checked, and so which error a broken rule becomes.
    enum Subject {
        case publishInput
        case payload
        case encoding
    }

    /// Turns a `Violation` from `body` into `subject`'s error in `record` and `field`; other errors pass.
    @discardableResult
    static func check<T>(
        _ record: PortfolioRecord, _ field: String, in subject: Subject, _ body: () throws -> T
    ) throws -> T {
        do {
            return try body()
        } catch let violation as Violation {
            switch subject {
            case .publishInput: throw BridgeError(InputProblem.invalid(record, field: field, violation.problem))
            case .payload: throw BridgeError(PayloadProblem.invalid(record, field: field, violation.problem))
            case .encoding: throw BridgeError(.unencodable(record, field: field, violation.problem))
            }
        }
    }

    static func checkAccountCount(_ count: Int) throws {
        guard count > 0 else { throw Violation(.noAccounts) }
        guard count <= maximumAccounts else { throw Violation(.tooManyEntries(count: count, limit: maximumAccounts)) }
    }

    static func checkEntryCount(_ count: Int) throws {
        guard count <= maximumEntries else { throw Violation(.tooManyEntries(count: count, limit: maximumEntries)) }
    }

    /// Checks a name or category. Publish input also refuses blank text and noncharacters;
    /// a payload keeps SPEC 1.0's rules, so a reader still reads what any 1.0 writer wrote.
    static func checkText(_ text: String, in subject: Subject) throws {
        var count = 0
        var isBlank = true
        for scalar in text.unicodeScalars {
            count += 1
            if UnicodeText.isDisallowed(scalar) { throw Violation(.disallowedCharacter(scalar.value)) }
            if UnicodeText.isInvisible(scalar) { throw Violation(.invisibleCharacter(scalar.value)) }
            if UnicodeText.looksLikeMask(scalar) { throw Violation(.maskLookalike(scalar.value)) }
            if subject == .publishInput && scalar.properties.isNoncharacterCodePoint {
                throw Violation(.invisibleCharacter(scalar.value))
            }
            if isBlank && !scalar.properties.isWhitespace { isBlank = false }
        }
        guard count > 0 else { throw Violation(.empty) }
        guard count <= maximumTextScalars else {
            throw Violation(.tooLong(limit: maximumTextScalars, unit: .scalars))
        }
        if isBlank && subject == .publishInput { throw Violation(.blank) }
    }

    static func checkPeriod(_ period: String) throws {
        let bytes = Array(period.utf8)
        func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
        guard bytes.count == 7, bytes[4] == UInt8(ascii: "-"),
            bytes[0..<4].allSatisfy(isDigit), isDigit(bytes[5]), isDigit(bytes[6])
        else { throw Violation(.invalidPeriod) }
        let month = Int(bytes[5] - UInt8(ascii: "0")) * 10 + Int(bytes[6] - UInt8(ascii: "0"))
        guard (1...12).contains(month) else { throw Violation(.invalidPeriod) }
    }

    static func checkCurrency(_ currency: Currency) throws {
        guard currency.isISO4217 else { throw Violation(.unknownCurrency) }
    }

    static func checkAmount(_ money: Money, allowsNegative: Bool) throws {
        if money.minorUnits < 0 && !allowsNegative { throw Violation(.amount(.negative)) }
        let limit = Money.maximumMinorUnits(digits: money.currency.minorUnitDigits)
        guard money.minorUnits.magnitude <= UInt64(limit) else {
            throw Violation(.amount(.tooLarge(limit: Money.maximumMagnitude(in: money.currency))))
        }
    }

    struct AccountSet {
        private var ids = FirstOccurrences()
        private var mainAccount: Int?

        mutating func register(id: String, number: Int) throws {
            if let first = ids.register(id, number: number) { throw Violation(.duplicateID(account: first)) }
        }

        mutating func register(type: AccountType, number: Int) throws {
            guard type == .main else { return }
            if let first = mainAccount { throw Violation(.secondMainAccount(first: first)) }
            mainAccount = number
        }
    }

    struct CategorySet {
        private var categories = FirstOccurrences()

        mutating func register(_ category: String, number: Int) throws {
            if let first = categories.register(category, number: number) {
                throw Violation(.duplicateCategory(entry: first))
            }
        }
    }
}
