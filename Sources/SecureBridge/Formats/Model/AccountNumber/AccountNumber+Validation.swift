extension AccountNumber {
    /// Four so the last four a widget shows are the number's own; 34 as an IBAN.
    static let lengthRange = 4...34

    /// Reads and validates a bank's own account number: 4 to 34 letters and digits, at least one a digit, grouped
    /// by single spaces or hyphens, not an IBAN (valid or mistyped). The result is compact and upper case.
    /// - Throws: `BridgeError(InputProblem.invalid)` on `"accountNumber"`: `.empty` or an `.accountNumber` problem.
    public init(_ text: String) throws {
        self = try PortfolioRules.check(.document, AccountIdentifier.Kind.accountNumber.field, in: .publishInput) {
            try AccountNumber(parsing: text)
        }
    }

    /// The one implementation of `init(_:)`'s rule, called by publish input within its record.
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

    /// Validates a number already in compact form, as a snapshot stores it.
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
    /// Checks and wraps a number in its stored form: the payload decoder's rule, and the re-check before encoding.
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

    func check() throws {
        _ = try AccountIdentifier(kind: kind, storedForm: storedForm.utf8)
    }
}
