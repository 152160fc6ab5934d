import Foundation
import Testing
@testable import SecureBridge
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

    @Test(arguments: [("iso4217.csv", iso4217), ("iban-lengths.csv", ibanLengths)])
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
