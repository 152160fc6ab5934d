/// What is wrong with one field of a portfolio record. Shared by publish input
/// (`InputProblem`) and the snapshot payload (`PayloadProblem`), so both sides
/// enforce, and word, the same rules.
///
/// Descriptions are predicates that follow "field "x": " and never repeat the
/// offending value: it may be a balance, an IBAN or an account name.
package enum FieldProblem: Equatable, Sendable, CustomStringConvertible {
    // MARK: Structure (publish input)

    /// A required field is absent.
    case missing
    /// A field that the record does not have; `suggestion` is the known field
    /// it differs from only in letter case, if any.
    case unknownField(allowed: [String], suggestion: String?)
    /// The JSON value has the wrong kind.
    case wrongType(expected: JSONKind, found: JSONKind)
    /// An amount is a JSON number; amounts must be decimal strings.
    case amountIsNumber
    /// The top-level value is neither an array of accounts nor an object.
    case notAccountsOrObject(found: JSONKind)

    // MARK: Counts

    /// The account list is empty.
    case noAccounts
    /// A list has more entries than allowed.
    case tooManyEntries(count: Int, limit: Int)

    // MARK: Text

    /// The text is empty.
    case empty
    /// A name or category given to publish is only white space, so it would
    /// show as a blank row (`PortfolioRules.checkText`).
    case blank
    /// The text is longer than `limit` units.
    case tooLong(limit: Int, unit: LengthUnit)
    /// An id contains a character other than `A-Z a-z 0-9 . _ -`.
    case invalidIDCharacters
    /// The text contains a control, separator or bidirectional formatting
    /// character, which could hide or reorder what the widget shows.
    case disallowedCharacter(UInt32)
    /// The text contains an invisible or formatting character (Unicode
    /// category Cf, a default-ignorable or private-use code point), which
    /// could make it look like another text, an amount or a mask.
    case invisibleCharacter(UInt32)
    /// The text contains the mask's bullet or a dot that passes for it, so it
    /// could pose as a masked amount.
    case maskLookalike(UInt32)
    /// An id is `.` or `..`, which name directories.
    case dotID
    /// The bytes are not valid UTF-8 (payload only).
    case invalidUTF8
    /// The same id as an earlier account.
    case duplicateID(account: Int)
    /// The same category as an earlier entry of the same list.
    case duplicateCategory(entry: Int)

    // MARK: Values

    /// An amount is not acceptable.
    case amount(AmountProblem)
    /// Not an active ISO 4217 code (or, in a payload, its minor-unit digits differ).
    case unknownCurrency
    /// An IBAN is not acceptable.
    case iban(IBANProblem)
    /// A bank's own account number is not acceptable.
    case accountNumber(AccountNumberProblem)
    /// An account has neither an IBAN nor an account number (reported on the
    /// field `"IBAN"`).
    case noAccountNumber
    /// An account has both an IBAN and an account number (reported on the
    /// field `"accountNumber"`).
    case bothAccountNumbers
    /// A payload's version is higher than its content needs, so the same
    /// portfolio would have two encodings (payload only).
    case versionAboveContent(needed: UInt8)
    /// An account type other than `main` or `secondary`.
    case invalidAccountType
    /// A second account marked `main`.
    case secondMainAccount(first: Int)
    /// A period that is not `YYYY-MM` with a month from 01 to 12.
    case invalidPeriod
    /// A payload byte that encodes no known value.
    case unknownCode(UInt8)
    /// A category amount in another currency than its analytics (encoding only).
    case currencyMismatch

    /// The unit a length limit is counted in.
    package enum LengthUnit: Equatable, Sendable {
        /// Unicode scalars (what people call characters).
        case scalars
        /// UTF-8 bytes.
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

    /// `"a"`, `"a" and "b"`, `"a", "b" and "c"`.
    private static func list(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + items[items.count - 1]
    }
}

/// What is wrong with a decimal amount.
package enum AmountProblem: Equatable, Sendable, CustomStringConvertible {
    /// Not of the form `-?digits(.digits)?` (letters, `NaN`, `.5`, `5.`, …).
    case malformed
    /// Starts with `+`.
    case plusSign
    /// Uses an exponent such as `1e3`.
    case exponent
    /// Contains a space or other whitespace.
    case whitespace
    /// Contains a `,`, as a grouping or decimal separator.
    case comma
    /// Has a leading zero, like `007`.
    case leadingZeros
    /// Negative where only zero or more is allowed.
    case negative
    /// More decimal places than the currency's minor unit allows.
    case tooManyDecimals(currency: String, allowed: Int)
    /// Larger in magnitude than SecureBridge accepts; `limit` is the largest
    /// magnitude accepted in its currency (`Money.maximumMagnitude(in:)`).
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
    /// A space or hyphen at either end, or two in a row.
    case invalidSeparators
    /// A character other than A-Z, a-z, 0-9 (and single spaces or hyphens between groups).
    case invalidCharacters
    /// Fewer or more letters and digits than `allowed`.
    case wrongLength(actual: Int, allowed: ClosedRange<Int>)
    /// Letters only.
    case noDigit
    /// A valid IBAN, which belongs in the field `"IBAN"`.
    case isIBAN
    /// An IBAN of `country` (its country code, length and two digits after
    /// the country) whose check digits are wrong: the typo they exist to catch.
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
    /// Spaces other than single spaces between groups of four characters.
    case invalidSpacing
    /// A character other than A-Z, a-z, 0-9 (and spaces between groups).
    case invalidCharacters
    /// The first two characters are not a country in the IBAN registry.
    case unknownCountry
    /// The length does not match the country's.
    case wrongLength(country: String, expected: Int, actual: Int)
    /// The check digits do not match (mod 97 is not 1, or they are not 02–98).
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
