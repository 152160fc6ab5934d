/// What is wrong with one field of a record, worded alike for input and payload, never repeating the value.
package enum FieldProblem: Equatable, Sendable, CustomStringConvertible {
    // MARK: Structure (publish input)

    case missing
    case unknownField(allowed: [String], suggestion: String?)
    case wrongType(expected: JSONKind, found: JSONKind)
    case amountIsNumber
    case notAccountsOrObject(found: JSONKind)

    // MARK: Counts

    case noAccounts
    case tooManyEntries(count: Int, limit: Int)

    // MARK: Text

    case empty
    case blank
    case tooLong(limit: Int, unit: LengthUnit)
    case invalidIDCharacters
    case disallowedCharacter(UInt32)
    case invisibleCharacter(UInt32)
    case maskLookalike(UInt32)
    case dotID
    /// Payload only.
    case invalidUTF8
    case duplicateID(account: Int)
    case duplicateCategory(entry: Int)

    // MARK: Values

    case amount(AmountProblem)
    case unknownCurrency
    case iban(IBANProblem)
    case accountNumber(AccountNumberProblem)
    case noAccountNumber
    case bothAccountNumbers
    /// Payload only: a higher version would give the portfolio two encodings.
    case versionAboveContent(needed: UInt8)
    case invalidAccountType
    case secondMainAccount(first: Int)
    case invalidPeriod
    case unknownCode(UInt8)
    /// Encoding only.
    case currencyMismatch

    package enum LengthUnit: Equatable, Sendable {
        case scalars
        case bytes
    }

    public var description: String {
        switch self {
        case .missing:
            return "is missing"
        case let .unknownField(allowed, suggestion):
            let list = Self.list(allowed.map { "\"\($0)\"" })
            if let suggestion {
                return "is not a known field (field names are case-sensitive: did you mean \"\(suggestion)\"?)"
                    + "; the fields are \(list)"
            }
            return "is not a known field; the fields are \(list)"
        case let .wrongType(expected, found):
            return "must be \(expected), not \(found)"
        case .amountIsNumber:
            return "must be a decimal string like \"4675.00\", not a number"
        case let .notAccountsOrObject(found):
            return "must be an array of accounts or an object with \"accounts\", not \(found)"
        case .noAccounts:
            return "must list at least one account"
        case let .tooManyEntries(count, limit):
            return "has \(count) entries; at most \(limit) are allowed"
        case .empty:
            return "must not be empty"
        case .blank:
            return "is only white space, so it would show as a blank row"
        case let .tooLong(limit, .scalars):
            return "is longer than the limit of \(limit) characters (Unicode scalars)"
        case let .tooLong(limit, .bytes):
            return "is longer than the limit of \(limit) bytes"
        case .invalidIDCharacters:
            return "may only contain the letters A-Z and a-z, the digits 0-9, '.', '_' and '-'"
        case let .disallowedCharacter(value):
            return "contains \(UnicodeText.codePoint(value)), a control, separator or bidirectional formatting character"
        case let .invisibleCharacter(value):
            return "contains \(UnicodeText.codePoint(value)), an invisible or formatting character"
        case let .maskLookalike(value):
            return "contains \(UnicodeText.codePoint(value)), which looks like the mask a widget shows instead of an amount"
        case .dotID:
            return "must not be \".\" or \"..\", which name directories"
        case .invalidUTF8:
            return "is not valid UTF-8"
        case let .duplicateID(account):
            return "is already the id of account \(account); ids must be unique"
        case let .duplicateCategory(entry):
            return "repeats the category of entry \(entry); categories must be unique within a list"
        case let .amount(problem):
            return problem.description
        case .unknownCurrency:
            return "must be an active ISO 4217 currency code in upper case, like \"EUR\""
        case let .iban(problem):
            return problem.description
        case let .accountNumber(problem):
            return problem.description
        case .noAccountNumber:
            return "is missing, and so is \"accountNumber\": an account needs its IBAN or, where it has none, the bank's account number"
        case .bothAccountNumbers:
            return "must not be given with \"IBAN\": an account has one number, its IBAN where it has one"
        case let .versionAboveContent(needed):
            return "is higher than the content needs (version \(needed) holds it), so the payload is not in its one encoding"
        case .invalidAccountType:
            return "must be \"main\" or \"secondary\""
        case let .secondMainAccount(first):
            return "is \"main\", but account \(first) is already the main account; at most one may be"
        case .invalidPeriod:
            return "must be a month written \"YYYY-MM\" (month 01 to 12), like \"2026-11\""
        case .currencyMismatch:
            return "is in another currency than the analytics"
        case let .unknownCode(byte):
            return "holds the unknown code 0x" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: true)
        }
    }

    private static func list(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + items[items.count - 1]
    }
}

/// What is wrong with a decimal amount.
package enum AmountProblem: Equatable, Sendable, CustomStringConvertible {
    case malformed
    case plusSign
    case exponent
    case whitespace
    case comma
    case leadingZeros
    case negative
    case tooManyDecimals(currency: String, allowed: Int)
    case tooLarge(limit: Money)

    public var description: String {
        switch self {
        case .malformed:
            return "must be a decimal string like \"4675.00\": digits, an optional leading '-' and an optional '.' followed by digits"
        case .plusSign:
            return "must not start with '+'"
        case .exponent:
            return "must be written out in full, without an exponent"
        case .whitespace:
            return "must not contain spaces"
        case .comma:
            return "must not contain ','; use '.' as the decimal point and no grouping separators"
        case .leadingZeros:
            return "must not have leading zeros"
        case .negative:
            return "must not be negative"
        case let .tooManyDecimals(currency, 0):
            return "must be a whole number: \(currency) has no minor unit"
        case let .tooManyDecimals(currency, allowed):
            return "has more than the \(allowed) decimal places \(currency) allows"
        case let .tooLarge(limit):
            return "is beyond the limit of \(Money.majorUnitsText(limit)) in magnitude"
        }
    }
}

/// What is wrong with a bank's own account number (`AccountNumber(_:)` has the rule).
package enum AccountNumberProblem: Equatable, Sendable, CustomStringConvertible {
    case invalidSeparators
    case invalidCharacters
    case wrongLength(actual: Int, allowed: ClosedRange<Int>)
    case noDigit
    case isIBAN
    /// The shape of an IBAN of `country` with wrong check digits: a typo to correct.
    case ibanWithWrongCheckDigits(country: String)

    public var description: String {
        switch self {
        case .invalidSeparators:
            return "may only use a single space or hyphen between groups of letters and digits"
        case .invalidCharacters:
            return "may only contain the letters A-Z, the digits 0-9 and single spaces or hyphens between groups"
        case let .wrongLength(actual, allowed):
            return "has \(actual) letters and digits, but an account number has \(allowed.lowerBound) to \(allowed.upperBound)"
        case .noDigit:
            return "has no digit, so it is not an account number"
        case .isIBAN:
            return "is an IBAN: give it as \"IBAN\", where its checksum is checked"
        case let .ibanWithWrongCheckDigits(country):
            return "has the form of an IBAN from \(country), but its check digits are wrong: correct it and give it as \"IBAN\""
        }
    }
}

/// What is wrong with an IBAN (ISO 13616).
package enum IBANProblem: Equatable, Sendable, CustomStringConvertible {
    case invalidSpacing
    case invalidCharacters
    case unknownCountry
    case wrongLength(country: String, expected: Int, actual: Int)
    case checksumMismatch

    public var description: String {
        switch self {
        case .invalidSpacing:
            return "may only use single spaces between groups of four characters"
        case .invalidCharacters:
            return "may only contain the letters A-Z, the digits 0-9 and spaces between groups of four"
        case .unknownCountry:
            return "does not start with the code of a country that issues IBANs"
        case let .wrongLength(country, expected, actual):
            return "has \(actual) characters, but IBANs from \(country) have \(expected)"
        case .checksumMismatch:
            return "the checksum is wrong"
        }
    }
}
