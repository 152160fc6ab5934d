extension IBAN {
    /// Reads and validates an IBAN (ISO 13616), electronic or paper format, either case; the result is electronic.
    /// - Throws: `BridgeError(InputProblem.invalid)` on `"IBAN"`: `.empty` or an `.iban` problem.
    public init(_ text: String) throws {
        self = try PortfolioRules.check(.document, "IBAN", in: .publishInput) { try IBAN(parsing: text) }
    }

    /// The one implementation of `init(_:)`'s rule, called by publish input within its record.
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

    /// Validates an IBAN already in electronic format, as a payload stores it.
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

    /// The country when `characters` have an IBAN's shape (country, length, digit check digits); checksum ignored.
    static func countryOfShape(_ characters: [UInt8]) -> String? {
        guard characters.count >= 4 else { return nil }
        let digit = UInt8(ascii: "0")...UInt8(ascii: "9")
        let country = String(decoding: characters.prefix(2), as: UTF8.self)
        guard IBANRegistry.lengths[country] == characters.count,
            digit.contains(characters[2]), digit.contains(characters[3])
        else { return nil }
        return country
    }

    /// ISO 7064 MOD 97-10: check digits 02 to 98, and the rearranged number leaves remainder 1.
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
