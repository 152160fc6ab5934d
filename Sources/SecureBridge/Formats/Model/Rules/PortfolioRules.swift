/// The rules every portfolio obeys, whichever way it arrives: decoded from
/// publish input, decoded from a snapshot payload, or checked before encoding.
enum PortfolioRules {
    /// At most this many accounts (and at least one).
    static let maximumAccounts = 1000
    /// At most this many entries in `spent` and in `received`.
    static let maximumEntries = 50
    /// An id is 1 to 64 characters of `A-Z a-z 0-9 . _ -` (`Identifier`).
    static let maximumIDLength = Identifier.maximumLength
    /// A name or category is 1 to 64 Unicode scalars…
    static let maximumTextScalars = 64
    /// …so at most 256 bytes of UTF-8.
    static let maximumTextBytes = 4 * maximumTextScalars

    /// A broken rule, before it is placed in a record and field.
    struct Violation: Error {
        let problem: FieldProblem
        init(_ problem: FieldProblem) { self.problem = problem }
    }

    /// What is being checked, and so which error a broken rule becomes.
    enum Subject {
        /// Publish input, or values an app builds a portfolio from: `BridgeError(InputProblem.invalid)`.
        case publishInput
        /// A snapshot payload being decoded: `BridgeError(PayloadProblem.invalid)`.
        case payload
        /// A portfolio being encoded into a payload: `BridgeError(.unencodable)`.
        case encoding
    }

    /// Runs `body` and reports any rule it breaks as `subject`'s error, placed
    /// in `record` and `field`: the one mapping from a `Violation` to an error.
    /// - Returns: What `body` returns.
    /// - Throws: `BridgeError` (`InputProblem` or `PayloadProblem`) for a broken rule; any other error as it is.
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

    /// Checks the number of accounts: 1 to `maximumAccounts`.
    /// - Throws: `Violation` with `.noAccounts` or `.tooManyEntries`.
    static func checkAccountCount(_ count: Int) throws {
        guard count > 0 else { throw Violation(.noAccounts) }
        guard count <= maximumAccounts else { throw Violation(.tooManyEntries(count: count, limit: maximumAccounts)) }
    }

    /// Checks the number of entries of a `spent` or `received` list: at most `maximumEntries`.
    /// - Throws: `Violation(.tooManyEntries)`.
    static func checkEntryCount(_ count: Int) throws {
        guard count <= maximumEntries else { throw Violation(.tooManyEntries(count: count, limit: maximumEntries)) }
    }

    /// Checks an account name or a category: text a widget shows.
    ///
    /// Digits are allowed (`Savings 2026`, `Card 4411`): a widget shows names
    /// only where names go and amounts only in their own place, and a masked
    /// entry shows the mask there whatever the name says.
    ///
    /// Publish input is held to two rules more than a payload: text that is
    /// only white space (`" "`, U+00A0, U+3000) is refused, as it would show
    /// as a blank row, and so is a noncharacter (U+FDD0–U+FDEF, U+FFFE,
    /// U+FFFF and the last two of every plane), which Unicode reserves for a
    /// program's own use and no font draws. A payload keeps SPEC 1.0's rules,
    /// so a reader still reads what any 1.0 writer wrote.
    /// - Parameter subject: What is being checked; `.publishInput` refuses blank text and noncharacters.
    /// - Throws: `Violation` with `.empty`, `.tooLong` (in scalars), `.disallowedCharacter`,
    ///   `.invisibleCharacter` (a noncharacter too, in publish input), `.maskLookalike`
    ///   or (publish input only) `.blank`.
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

    /// Checks an analytics period: `YYYY-MM`, month 01 to 12.
    /// - Throws: `Violation(.invalidPeriod)`.
    static func checkPeriod(_ period: String) throws {
        let bytes = Array(period.utf8)
        func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
        guard bytes.count == 7, bytes[4] == UInt8(ascii: "-"),
            bytes[0..<4].allSatisfy(isDigit), isDigit(bytes[5]), isDigit(bytes[6])
        else { throw Violation(.invalidPeriod) }
        let month = Int(bytes[5] - UInt8(ascii: "0")) * 10 + Int(bytes[6] - UInt8(ascii: "0"))
        guard (1...12).contains(month) else { throw Violation(.invalidPeriod) }
    }

    /// Checks that a currency is exactly an ISO 4217 table entry.
    /// - Throws: `Violation(.unknownCurrency)`.
    static func checkCurrency(_ currency: Currency) throws {
        guard currency.isISO4217 else { throw Violation(.unknownCurrency) }
    }

    /// Checks an amount already in minor units.
    /// - Throws: `Violation` with `.amount(.negative)` or `.amount(.tooLarge)`.
    static func checkAmount(_ money: Money, allowsNegative: Bool) throws {
        if money.minorUnits < 0 && !allowsNegative { throw Violation(.amount(.negative)) }
        let limit = Money.maximumMinorUnits(digits: money.currency.minorUnitDigits)
        guard money.minorUnits.magnitude <= UInt64(limit) else {
            throw Violation(.amount(.tooLarge(limit: Money.maximumMagnitude(in: money.currency))))
        }
    }

    /// Tracks what must be unique across the accounts of one portfolio.
    struct AccountSet {
        private var ids = FirstOccurrences()
        private var mainAccount: Int?

        /// Records account `number`'s id.
        /// - Throws: `Violation(.duplicateID)` when an earlier account has it.
        mutating func register(id: String, number: Int) throws {
            if let first = ids.register(id, number: number) { throw Violation(.duplicateID(account: first)) }
        }

        /// Records account `number`'s type.
        /// - Throws: `Violation(.secondMainAccount)` for a second `main`.
        mutating func register(type: AccountType, number: Int) throws {
            guard type == .main else { return }
            if let first = mainAccount { throw Violation(.secondMainAccount(first: first)) }
            mainAccount = number
        }
    }

    /// Tracks the categories of one `spent` or `received` list.
    struct CategorySet {
        private var categories = FirstOccurrences()

        /// Records entry `number`'s category.
        /// - Throws: `Violation(.duplicateCategory)` when an earlier entry has it.
        mutating func register(_ category: String, number: Int) throws {
            if let first = categories.register(category, number: number) {
                throw Violation(.duplicateCategory(entry: first))
            }
        }
    }
}
