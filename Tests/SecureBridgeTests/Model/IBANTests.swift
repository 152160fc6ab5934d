import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp

@Suite struct IBANTests {
    private func problem(_ text: String) -> FieldProblem? {
        do {
            _ = try IBAN(text)
            return nil
        } catch let error as BridgeError {
            guard case let .invalid(.document, "IBAN"?, problem)? = error.problem as? InputProblem else {
                Issue.record("IBAN(_:) threw \(error)")
                return nil
            }
            return problem
        } catch {
            Issue.record("IBAN(_:) threw \(type(of: error)): \(error)")
            return nil
        }
    }

    @Test(arguments: [
        "DE89370400440532013000", "GB82WEST12345698765432", "GB29NWBK60161331926819", "NL91ABNA0417164300",
        "CH9300762011623852957", "LU280019400644750000", "FR1420041010050500013M02606", "BE68539007547034",
        "AT611904300234573201", "NO9386011117947",
    ])
    func acceptsKnownValidIBANs(_ text: String) throws {
        #expect(try IBAN(text).electronicFormat == text)
    }

    @Test func normalisesPaperFormatAndLowerCase() throws {
        #expect(try IBAN("DE89 3704 0044 0532 0130 00").electronicFormat == "DE89370400440532013000")
        #expect(try IBAN("gb82 west 1234 5698 7654 32").electronicFormat == "GB82WEST12345698765432")
        #expect(try IBAN("fr1420041010050500013m02606").electronicFormat == "FR1420041010050500013M02606")
        #expect(try IBAN("NO93 8601 1117 947").lastFour == "7947")
    }

    @Test func acceptsGeneratedIBANsForEveryRegistryCountry() throws {
        for (country, length) in IBANRegistry.lengths {
            let bban = String(repeating: "1", count: length - 4)
            let text = ModelFixtures.iban(country: country, bban: bban)
            #expect(try IBAN(text).electronicFormat == text)
        }
        #expect(IBANRegistry.lengths.count == 89)
    }

    @Test func rejectsAWrongChecksum() {
        #expect(problem("DE88370400440532013000") == .iban(.checksumMismatch))
        #expect(problem("GB82WEST12345698765433") == .iban(.checksumMismatch))
        // Two swapped digits, the mistake MOD 97 exists to catch.
        #expect(problem("DE89370400440532010300") == .iban(.checksumMismatch))
        #expect(problem("DEAB370400440532013000") == .iban(.checksumMismatch))
    }

    @Test func rejectsCheckDigitsOutsideTwoToNinetyEightEvenWhenTheRemainderIsOne() {
        // Check digits 97, 98 and 02 have twins (00, 01, 99) that satisfy
        // MOD 97 but are never issued. Find a BBAN for each and try the twin.
        for (issued, twin) in [("97", "00"), ("98", "01"), ("02", "99")] {
            var serial = 0
            var bban = ""
            repeat {
                serial += 1
                let digits = String(serial)
                bban = "37040044" + String(repeating: "0", count: 10 - digits.count) + digits
            } while ModelFixtures.checkDigits(country: "DE", bban: bban) != issued
            #expect(problem("DE" + issued + bban) == nil)
            #expect(problem("DE" + twin + bban) == .iban(.checksumMismatch), "\(twin)")
        }
    }

    @Test func rejectsAWrongLengthForTheCountry() {
        #expect(problem("DE8937040044053201300") == .iban(.wrongLength(country: "DE", expected: 22, actual: 21)))
        #expect(problem("DE893704004405320130000") == .iban(.wrongLength(country: "DE", expected: 22, actual: 23)))
        #expect(problem("NO938601111794") == .iban(.wrongLength(country: "NO", expected: 15, actual: 14)))
    }

    @Test func rejectsUnknownCountries() {
        #expect(problem("ZZ89370400440532013000") == .iban(.unknownCountry))
        #expect(problem("US89370400440532013000") == .iban(.unknownCountry))
        #expect(problem("1289370400440532013000") == .iban(.unknownCountry))
        #expect(problem("D") == .iban(.unknownCountry))
    }

    @Test func rejectsCharactersOutsideTheAlphabet() {
        #expect(problem("DE89-3704-0044-0532-0130-00") == .iban(.invalidCharacters))
        #expect(problem("DE89370400440532013ÖÖ") == .iban(.invalidCharacters))
        #expect(problem("DE89\u{202E}370400440532013000") == .iban(.invalidCharacters))
        #expect(problem("DE89\t3704") == .iban(.invalidCharacters))
    }

    @Test func rejectsSpacesThatDoNotSeparateGroupsOfFour() {
        for text in [
            "DE89  3704 0044 0532 0130 00", " DE89 3704 0044 0532 0130 00", "DE89 3704 0044 0532 0130 00 ",
            "DE8 93704 0044 0532 0130 00", "DE89 37040044 0532 0130 00", "DE893704 0044 0532 0130 00",
        ] {
            #expect(problem(text) == .iban(.invalidSpacing), "\(text)")
        }
    }

    @Test func rejectsAnEmptyIBAN() {
        #expect(problem("") == .empty)
    }

    @Test func electronicCheckRefusesSpacesAndLowerCase() {
        #expect(throws: PortfolioRules.Violation.self) { try IBAN.checkElectronic("DE89 3704 0044 0532 0130 00".utf8) }
        #expect(throws: PortfolioRules.Violation.self) { try IBAN.checkElectronic("de89370400440532013000".utf8) }
        #expect(throws: Never.self) { try IBAN.checkElectronic("DE89370400440532013000".utf8) }
    }
}
