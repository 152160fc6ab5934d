import Foundation
import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp
@testable import SecureBridgeTestSupport

/// The tables a reader of the format needs and cannot guess, published as
/// CSV in `docs/tables/` and generated from the code's own tables: a reader
/// built from the documentation must accept and refuse exactly the currencies
/// and IBAN countries SecureBridge does.
///
/// Regenerate after changing a table: `SECUREBRIDGE_WRITE_TABLES=1 swift test
/// --filter PublishedTablesTests` rewrites the files; commit them with the change.
@Suite struct PublishedTablesTests {
    static let directory = Bridgectl.packageRoot.appendingPathComponent("docs/tables")

    /// Every active ISO 4217 code SecureBridge accepts, with its minor-unit digits.
    static var iso4217: String {
        "code,minor_unit_digits\n"
            + ISO4217.minorUnitDigits.sorted { $0.key < $1.key }.map { "\($0.key),\($0.value)\n" }.joined()
    }

    /// Every country of the IBAN registry SecureBridge accepts, with its IBAN length.
    static var ibanLengths: String {
        "country,iban_length\n"
            + IBANRegistry.lengths.sorted { $0.key < $1.key }.map { "\($0.key),\($0.value)\n" }.joined()
    }

    /// Every code point a name or category may not hold, in ranges, with the
    /// rule that refuses it (docs/SPEC.md 8, PAYLOAD.md): `disallowed`
    /// (controls, separators, bidirectional formatting), `invisible`,
    /// `mask` (a look-alike of the mask's bullet) and `noncharacter`
    /// (refused in publish input only). Made from the standard library's
    /// Unicode 17.0 properties, as the rules are; surrogates are not scalars.
    static var nameCharacters: String {
        func rule(_ value: UInt32) -> String? {
            guard let scalar = Unicode.Scalar(value) else { return nil }
            if UnicodeText.isDisallowed(scalar) { return "disallowed" }
            if UnicodeText.isInvisible(scalar) { return "invisible" }
            if UnicodeText.looksLikeMask(scalar) { return "mask" }
            if scalar.properties.isNoncharacterCodePoint { return "noncharacter" }
            return nil
        }
        var rows = ["first,last,rule"]
        var open: (first: UInt32, last: UInt32, rule: String)?
        func close() {
            if let range = open { rows.append("\(hex(range.first)),\(hex(range.last)),\(range.rule)") }
            open = nil
        }
        func hex(_ value: UInt32) -> String { UnicodeText.codePoint(value).dropFirst(2).description }
        for value in UInt32(0)...0x10FFFF {
            let found = rule(value)
            if let range = open, found == range.rule, range.last + 1 == value {
                open?.last = value
            } else {
                close()
                if let found { open = (value, value, found) }
            }
        }
        close()
        return rows.joined(separator: "\n") + "\n"
    }

    /// The rules' Unicode data is 17.0, as docs/SPEC.md 8 says: the newest
    /// code points the standard library knows were assigned in 17.0.
    @Test func theRulesReadUnicode17() {
        var newest = (major: 0, minor: 0)
        for value in UInt32(0)...0x10FFFF {
            guard let age = Unicode.Scalar(value)?.properties.age else { continue }
            if (age.major, age.minor) > newest { newest = (age.major, age.minor) }
        }
        #expect(newest == (17, 0))
    }

    @Test(arguments: [("iso4217.csv", iso4217), ("iban-lengths.csv", ibanLengths), ("name-characters.csv", nameCharacters)])
    func theDocumentedTableIsTheCodesTable(file: String, generated: String) throws {
        let url = Self.directory.appendingPathComponent(file)
        if ProcessInfo.processInfo.environment["SECUREBRIDGE_WRITE_TABLES"] != nil {
            try Data(generated.utf8).write(to: url)
        }
        let published = try String(contentsOf: url, encoding: .utf8)
        #expect(published == generated, "docs/tables/\(file) differs from the code; regenerate it (see PublishedTablesTests)")
    }

    @Test func theTablesAgreeWithTheLookUps() throws {
        for line in Self.iso4217.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: ",")
            #expect(Currency.iso4217(String(fields[0]))?.minorUnitDigits == Int(fields[1]))
        }
        #expect(Currency.iso4217("XAU") == nil)
        let lengths = Self.ibanLengths.split(separator: "\n").dropFirst().compactMap { Int($0.split(separator: ",")[1]) }
        #expect(lengths.min() == IBANRegistry.lengthRange.lowerBound)
        #expect(lengths.allSatisfy(IBANRegistry.lengthRange.contains))
    }
}
