extension IBAN {
    /// Reads an IBAN as people and bank APIs write it, and validates it
    /// (ISO 13616).
    ///
    /// Accepted: the electronic format (`DE89370400440532013000`) or the
    /// paper format with single spaces between groups of four
    /// (`DE89 3704 0044 0532 0130 00`), in either letter case. The result is
    /// the upper-case electronic format.
    /// - Parameter text: The IBAN as given.
    /// - Throws: `BridgeError(InputProblem.invalid(.document, field: "IBAN", problem))`, the
    ///   problem `.empty` or an `.iban` one, checked in this order: spacing,
    ///   characters, country, length, checksum.
    public init(_ text: String) throws {
        self = try PortfolioRules.check(.document, "IBAN", in: .publishInput) { try IBAN(parsing: text) }
    }

    /// Reads and validates an IBAN as `init(_:)` does: the one implementation
    /// of the rule, which publish input calls inside its record.
    /// - Throws: `PortfolioRules.Violation` with `.empty` or an `.iban` problem.
    init(parsing text: String) throws {
        guard !text.isEmpty else { throw PortfolioRules.Violation(.empty) }
        var characters: [UInt8] = []
        characters.reserveCapacity(34)
        var groupLength = 0
        var sawSpace = false
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: " "):
                // A space must close a group of exactly four characters.
                guard groupLength == 4 else { throw PortfolioRules.Violation(.iban(.invalidSpacing)) }
                groupLength = 0
                sawSpace = true
            case UInt8(ascii: "a")...UInt8(ascii: "z"):
                characters.append(byte - 0x20)
                groupLength += 1
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                characters.append(byte)
                groupLength += 1
            default:
                throw PortfolioRules.Violation(.iban(.invalidCharacters))
            }
            if sawSpace && groupLength > 4 { throw PortfolioRules.Violation(.iban(.invalidSpacing)) }
        }
        // No trailing space: the last group has one to four characters.
        guard groupLength > 0 else { throw PortfolioRules.Violation(.iban(.invalidSpacing)) }
        try Self.checkElectronic(characters)
        self.init(checkedElectronicFormat: String(decoding: characters, as: UTF8.self))
    }

    /// Validates an IBAN that must already be in electronic format (upper
    /// case, no spaces), as a snapshot payload stores it.
    /// - Throws: `PortfolioRules.Violation` with an `.iban` problem.
    static func checkElectronic<Bytes: Collection<UInt8>>(_ characters: Bytes) throws {
        for byte in characters {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): continue
            default: throw PortfolioRules.Violation(.iban(.invalidCharacters))
            }
        }
        let country = String(decoding: characters.prefix(2), as: UTF8.self)
        guard let length = IBANRegistry.lengths[country] else {
            throw PortfolioRules.Violation(.iban(.unknownCountry))
        }
        guard characters.count == length else {
            throw PortfolioRules.Violation(.iban(.wrongLength(country: country, expected: length, actual: characters.count)))
        }
        guard isChecksumValid(Array(characters)) else { throw PortfolioRules.Violation(.iban(.checksumMismatch)) }
    }

    /// The country of `characters` when they have an IBAN's shape: a country
    /// of the registry, that country's length, and digits for the check
    /// digits; `nil` otherwise. The checksum is not looked at.
    /// - Parameter characters: Upper-case letters and digits.
    static func countryOfShape(_ characters: [UInt8]) -> String? {
        guard characters.count >= 4 else { return nil }
        let digit = UInt8(ascii: "0")...UInt8(ascii: "9")
        let country = String(decoding: characters.prefix(2), as: UTF8.self)
        guard IBANRegistry.lengths[country] == characters.count,
            digit.contains(characters[2]), digit.contains(characters[3])
        else { return nil }
        return country
    }

    /// ISO 13616 / ISO 7064 MOD 97-10: check digits 02 to 98, and the number
    /// formed by the BBAN, the country (A = 10 … Z = 35) and the check digits
    /// leaves remainder 1 when divided by 97.
    /// - Parameter characters: Upper-case letters and digits, at least 4.
    static func isChecksumValid(_ characters: [UInt8]) -> Bool {
        guard characters.count >= 4 else { return false }
        let digit = UInt8(ascii: "0")...UInt8(ascii: "9")
        guard digit.contains(characters[2]), digit.contains(characters[3]) else { return false }
        let check = Int(characters[2] - UInt8(ascii: "0")) * 10 + Int(characters[3] - UInt8(ascii: "0"))
        guard (2...98).contains(check) else { return false }
        var remainder = 0
        for byte in characters[4...] + characters[..<4] {
            if digit.contains(byte) {
                remainder = (remainder * 10 + Int(byte - UInt8(ascii: "0"))) % 97
            } else {
                remainder = (remainder * 100 + Int(byte - UInt8(ascii: "A")) + 10) % 97
            }
        }
        return remainder == 1
    }
}
