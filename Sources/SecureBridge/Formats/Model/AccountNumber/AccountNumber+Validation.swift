extension AccountNumber {
    /// An account number has 4 to 34 letters and digits: four so that the
    /// last four a widget shows are the number's own (an app that has only the
    /// last four a bank API gives, as for a card, passes those), 34 as an IBAN.
    static let lengthRange = 4...34

    /// Reads a bank's own account number as people and bank APIs write it,
    /// and validates it.
    ///
    /// Accepted: 4 to 34 ASCII letters and digits, at least one a digit,
    /// in groups separated by a single space or hyphen
    /// (`021000021 12345678`, `12-34-56 12345678`, `062-000 1234 5678`), in
    /// either letter case. Refused: any other character, a separator at
    /// either end or two in a row, and a valid IBAN (it belongs in the IBAN
    /// field, where its checksum is checked) or one whose check digits are
    /// wrong (a typo; a snapshot payload keeps SPEC 1.0's rule and accepts
    /// it). The result has no separators and upper-case letters, so the same
    /// number written two ways is equal.
    /// - Parameter text: The account number as given.
    /// - Throws: `BridgeError(InputProblem.invalid(.document, field: "accountNumber", problem))`,
    ///   the problem `.empty` or an `.accountNumber` one, checked in this
    ///   order: separators and characters, length, digit, IBAN, mistyped IBAN.
    public init(_ text: String) throws {
        self = try PortfolioRules.check(.document, AccountIdentifier.Kind.accountNumber.field, in: .publishInput) {
            try AccountNumber(parsing: text)
        }
    }

    /// Reads and validates an account number as `init(_:)` does: the one
    /// implementation of the rule, which publish input calls inside its record.
    /// - Throws: `PortfolioRules.Violation` with `.empty` or an `.accountNumber` problem.
    init(parsing text: String) throws {
        guard !text.isEmpty else { throw PortfolioRules.Violation(.empty) }
        var characters: [UInt8] = []
        characters.reserveCapacity(Self.lengthRange.upperBound)
        var afterSeparator = true  // at the start, as after a separator: no separator may come first
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "-"):
                guard !afterSeparator else { throw PortfolioRules.Violation(.accountNumber(.invalidSeparators)) }
                afterSeparator = true
                continue
            case UInt8(ascii: "a")...UInt8(ascii: "z"):
                characters.append(byte - 0x20)
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                characters.append(byte)
            default:
                throw PortfolioRules.Violation(.accountNumber(.invalidCharacters))
            }
            afterSeparator = false
        }
        guard !afterSeparator else { throw PortfolioRules.Violation(.accountNumber(.invalidSeparators)) }
        try Self.checkCompact(characters)
        if let country = IBAN.countryOfShape(characters) {
            throw PortfolioRules.Violation(.accountNumber(.ibanWithWrongCheckDigits(country: country)))
        }
        self.init(checkedCompactForm: String(decoding: characters, as: UTF8.self))
    }

    /// Validates an account number that must already be in compact form
    /// (upper-case letters and digits, no separators), as a snapshot stores it.
    /// - Throws: `PortfolioRules.Violation` with an `.accountNumber` problem.
    static func checkCompact<Bytes: Collection<UInt8>>(_ characters: Bytes) throws {
        var hasDigit = false
        for byte in characters {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): hasDigit = true
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): continue
            default: throw PortfolioRules.Violation(.accountNumber(.invalidCharacters))
            }
        }
        guard lengthRange.contains(characters.count) else {
            throw PortfolioRules.Violation(
                .accountNumber(.wrongLength(actual: characters.count, allowed: lengthRange)))
        }
        guard hasDigit else { throw PortfolioRules.Violation(.accountNumber(.noDigit)) }
        if (try? IBAN.checkElectronic(characters)) != nil {
            throw PortfolioRules.Violation(.accountNumber(.isIBAN))
        }
    }
}

extension AccountIdentifier {
    /// Checks a number as a snapshot stores it and wraps it: the payload
    /// decoder's rule, and the re-check of the validating initialisers and
    /// the encoder (`check()`).
    /// - Parameters:
    ///   - kind: Which number the bytes are.
    ///   - storedForm: An IBAN's electronic format, or an account number's compact form.
    /// - Throws: `PortfolioRules.Violation` with an `.iban` or `.accountNumber` problem.
    init<Bytes: Collection<UInt8>>(kind: Kind, storedForm: Bytes) throws {
        let text = String(decoding: storedForm, as: UTF8.self)
        switch kind {
        case .iban:
            try IBAN.checkElectronic(storedForm)
            self = .iban(IBAN(checkedElectronicFormat: text))
        case .accountNumber:
            try AccountNumber.checkCompact(storedForm)
            self = .accountNumber(AccountNumber(checkedCompactForm: text))
        }
    }

    /// Checks the number against its kind's rule, as the payload decoder would.
    /// - Throws: `PortfolioRules.Violation` with an `.iban` or `.accountNumber` problem.
    func check() throws {
        _ = try AccountIdentifier(kind: kind, storedForm: storedForm.utf8)
    }
}
