import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp
@testable import SecureBridgeTestSupport

@Suite struct PayloadTests {
    private let eur = Currency.iso4217("EUR")!
    private let jpy = Currency.iso4217("JPY")!

    private func failure(_ bytes: [UInt8]) -> PayloadProblem? {
        do {
            _ = try Portfolio(payload: bytes)
            return nil
        } catch {
            guard let problem = (error as? BridgeError)?.problem as? PayloadProblem else { return nil }
            return problem
        }
    }

    private func examples() throws -> [Portfolio] {
        try ["accounts.json", "spending.json"].map { try PublishInput.decode(try ModelFixtures.example($0)) }
    }

    // MARK: Hand-built payloads, following docs/PAYLOAD.md

    /// Builds payload bytes field by field, independently of the encoder.
    struct Bytes {
        var bytes: [UInt8] = []
        mutating func u8(_ value: UInt8) { bytes.append(value) }
        mutating func u16(_ value: Int) { bytes += [UInt8(value >> 8), UInt8(value & 0xFF)] }
        mutating func i64(_ value: Int64) {
            bytes += (0..<8).reversed().map { UInt8(truncatingIfNeeded: UInt64(bitPattern: value) >> UInt64($0 * 8)) }
        }
        mutating func ascii(_ text: String) { bytes += Array(text.utf8) }
        mutating func short(_ text: String) { u8(UInt8(text.utf8.count)); ascii(text) }
        mutating func long(_ raw: [UInt8]) { u16(raw.count); bytes += raw }
        mutating func account(
            id: String = "a", name: [UInt8] = Array("N".utf8), iban: String = "NO9386011117947",
            currency: String = "JPY", digits: UInt8 = 0, balance: Int64 = 500, type: UInt8 = 0x01
        ) {
            short(id)
            long(name)
            short(iban)
            ascii(currency)
            u8(digits)
            i64(balance)
            u8(type)
        }
    }

    /// Version, one account (see `Bytes.account`), then `tail` (by default: no analytics).
    private func payload(accountCount: Int = 1, version: UInt8 = 1, _ build: (inout Bytes) -> Void = { $0.account() },
                         tail: (inout Bytes) -> Void = { $0.u8(0x00) }) -> [UInt8] {
        var bytes = Bytes()
        bytes.u8(version)
        bytes.u16(accountCount)
        build(&bytes)
        tail(&bytes)
        return bytes.bytes
    }

    private func analyticsTail(period: String = "2026-11", spentCount: Int? = nil,
                               spent: [(String, Int64)] = [("Rent", 120_000)]) -> (inout Bytes) -> Void {
        { bytes in
            bytes.u8(0x01)
            bytes.ascii(period)
            bytes.ascii("EUR")
            bytes.u8(2)
            bytes.u8(UInt8(spentCount ?? spent.count))
            for (category, amount) in spent {
                bytes.long(Array(category.utf8))
                bytes.i64(amount)
            }
            bytes.u8(0)
        }
    }

    @Test func encodesTheDocumentedLayoutByteForByte() throws {
        let portfolio = Portfolio(
            uncheckedAccounts: [Account(uncheckedID: "a", name: "N", balance: Money(minorUnits: 500, currency: jpy),
                               iban: IBAN(checkedElectronicFormat: "NO9386011117947"), type: .main)],
            analytics: Analytics(uncheckedPeriod: "2026-11", currency: eur,
                                 spent: [CategoryAmount(uncheckedCategory: "Rent", amount: Money(minorUnits: 120_000, currency: eur))],
                                 received: []))
        let expected: [UInt8] = [
            0x01, 0x00, 0x01,  // version, account count
            0x01, 0x61,  // id "a"
            0x00, 0x01, 0x4E,  // name "N"
            0x0F] + Array("NO9386011117947".utf8) + [  // IBAN
            0x4A, 0x50, 0x59, 0x00,  // "JPY", 0 digits
            0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01, 0xF4,  // 500
            0x01,  // main
            0x01,  // analytics present
            0x32, 0x30, 0x32, 0x36, 0x2D, 0x31, 0x31,  // "2026-11"
            0x45, 0x55, 0x52, 0x02,  // "EUR", 2 digits
            0x01,  // one spent entry
            0x00, 0x04, 0x52, 0x65, 0x6E, 0x74,  // "Rent"
            0x00, 0x00, 0x00, 0x00, 0x00, 0x01, 0xD4, 0xC0,  // 120000
            0x00,  // no received entries
        ]
        #expect(try portfolio.payloadBytes() == expected)
        #expect(expected.count == 65)
        #expect(try Portfolio(payload: expected) == portfolio)
        #expect(expected == payload(tail: analyticsTail()))
    }

    @Test func encodesNegativeBalancesAsTwosComplement() throws {
        let portfolio = Portfolio(uncheckedAccounts: [Account(
            uncheckedID: "a", name: "N", balance: Money(minorUnits: -2, currency: eur),
            iban: IBAN(checkedElectronicFormat: "NO9386011117947"), type: .secondary)])
        let bytes = try portfolio.payloadBytes()
        #expect(Array(bytes[24..<36]) == [0x45, 0x55, 0x52, 0x02, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFE])
        #expect(bytes[36] == 0x02)
    }

    // MARK: Round trips

    @Test func examplesRoundTrip() throws {
        for portfolio in try examples() {
            let bytes = try portfolio.payloadBytes()
            #expect(try Portfolio(payload: bytes) == portfolio)
            #expect(bytes.count < 1000)
        }
    }

    @Test func randomPortfoliosRoundTripByteForByte() throws {
        var generator = SeededGenerator(seed: 0x5EC0_B41D)
        for _ in 0..<Sweeps.cases(plain: 60, swept: 300) {
            let portfolio = ModelFixtures.randomPortfolio(using: &generator)
            let bytes = try portfolio.payloadBytes()
            let decoded = try Portfolio(payload: bytes)
            #expect(decoded == portfolio)
            #expect(try decoded.payloadBytes() == bytes)
        }
    }

    @Test func theLargestPortfolioFitsTheDeclaredMaximum() throws {
        let name = String(repeating: "😀", count: 64)
        // Version 2 with 34-character account numbers: one byte longer per account than any IBAN in version 1.
        let accountNumber = AccountNumber(checkedCompactForm: String(repeating: "7", count: 34))
        let accounts = (0..<1000).map { index in
            let number = String(index)
            return Account(uncheckedID: String(repeating: "x", count: 64 - number.count) + number, name: name,
                           balance: Money(minorUnits: -100_000_000_000_000_000, currency: eur),
                           identifier: .accountNumber(accountNumber), type: .secondary)
        }
        let entries = (0..<50).map { index in
            CategoryAmount(uncheckedCategory: String(Unicode.Scalar(0x1F600 + UInt32(index))!) + String(repeating: "😀", count: 63),
                           amount: Money(minorUnits: 1, currency: eur))
        }
        let portfolio = Portfolio(uncheckedAccounts: accounts,
                                  analytics: Analytics(uncheckedPeriod: "9999-12", currency: eur, spent: entries, received: entries))
        let bytes = try portfolio.payloadBytes()
        #expect(bytes.first == 2)
        #expect(bytes.count == PortfolioPayload.maximumByteCount)
        #expect(PortfolioPayload.maximumByteCount == 398_617)
        #expect(try Portfolio(payload: bytes) == portfolio)
    }

    // MARK: Strict decoding

    /// Every cut of the examples, and of a large random portfolio when the
    /// sweeps run (every cut of it is decoded: 11 s of a debug build).
    @Test func rejectsEveryTruncation() throws {
        var generator = SeededGenerator(seed: 99)
        var portfolios = try examples()
        if Sweeps.areEnabled { portfolios.append(ModelFixtures.randomPortfolio(using: &generator)) }
        for portfolio in portfolios {
            let bytes = try portfolio.payloadBytes()
            for length in 0..<bytes.count {
                guard case .truncated? = failure(Array(bytes[..<length])) else {
                    Issue.record("a payload cut to \(length) of \(bytes.count) bytes was not reported as truncated")
                    continue
                }
            }
        }
        #expect(failure([]) == .truncated(.document, field: "version"))
    }

    /// Publish refuses a name that is only white space; a payload keeps
    /// SPEC 1.0's rule, so a reader still reads what a 1.0 writer wrote.
    @Test func aBlankNameIsStillReadFromAPayload() throws {
        let portfolio = try Portfolio(payload: payload { $0.account(name: Array("\u{3000}".utf8)) })
        #expect(portfolio.accounts.first?.name == "\u{3000}")
    }

    @Test func rejectsTrailingBytes() throws {
        for portfolio in try examples() {
            let bytes = try portfolio.payloadBytes()
            #expect(failure(bytes + [0x00]) == .trailingBytes(count: 1))
            #expect(failure(bytes + [0x01, 0x02, 0x03]) == .trailingBytes(count: 3))
        }
    }

    @Test func rejectsOtherFormatVersions() {
        #expect(failure(payload(version: 0)) == .unsupportedVersion(0))
        #expect(failure(payload(version: 4)) == .unsupportedVersion(4))
        #expect(failure(payload(version: 0xFF)) == .unsupportedVersion(0xFF))
        #expect(failure(payload()) == nil)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let bytes: [UInt8]
        let expected: PayloadProblem
        var testDescription: String { name }
    }

    static let account1 = PortfolioRecord.account(number: 1, id: "a")

    static var invalidPayloads: [Case] {
        let tests = PayloadTests()
        let p = tests.payload
        return [
            Case(name: "no accounts", bytes: p(0, 1, { _ in }, { $0.u8(0) }),
                 expected: .invalid(.document, field: "account count", .noAccounts)),
            Case(name: "too many accounts", bytes: p(1001, 1, { $0.account() }, { $0.u8(0) }),
                 expected: .invalid(.document, field: "account count", .tooManyEntries(count: 1001, limit: 1000))),
            Case(name: "empty id", bytes: p(1, 1, { $0.account(id: "") }, { $0.u8(0) }),
                 expected: .invalid(.account(number: 1, id: nil), field: "id", .empty)),
            Case(name: "id too long", bytes: p(1, 1, { $0.account(id: String(repeating: "a", count: 65)) }, { $0.u8(0) }),
                 expected: .invalid(.account(number: 1, id: nil), field: "id", .tooLong(limit: 64, unit: .bytes))),
            Case(name: "id with a space", bytes: p(1, 1, { $0.account(id: "a b") }, { $0.u8(0) }),
                 expected: .invalid(.account(number: 1, id: nil), field: "id", .invalidIDCharacters)),
            Case(name: "id not UTF-8", bytes: p(1, 1, { b in b.u8(2); b.bytes += [0xC3, 0x28]; b.long([0x4E])
                b.short("NO9386011117947"); b.ascii("JPY"); b.u8(0); b.i64(1); b.u8(1) }, { $0.u8(0) }),
                 expected: .invalid(.account(number: 1, id: nil), field: "id", .invalidIDCharacters)),
            Case(name: "empty name", bytes: p(1, 1, { $0.account(name: []) }, { $0.u8(0) }),
                 expected: .invalid(account1, field: "name", .empty)),
            Case(name: "name too long in bytes", bytes: p(1, 1, { $0.account(name: Array(repeating: 0x41, count: 257)) },
                                                          { $0.u8(0) }),
                 expected: .invalid(account1, field: "name", .tooLong(limit: 256, unit: .bytes))),
            Case(name: "name too long in scalars", bytes: p(1, 1, { $0.account(name: Array(repeating: 0x41, count: 65)) },
                                                            { $0.u8(0) }),
                 expected: .invalid(account1, field: "name", .tooLong(limit: 64, unit: .scalars))),
            Case(name: "name not UTF-8", bytes: p(1, 1, { $0.account(name: [0x41, 0xED, 0xA0, 0x80]) }, { $0.u8(0) }),
                 expected: .invalid(account1, field: "name", .invalidUTF8)),
            Case(name: "name with a bidi override", bytes: p(1, 1, { $0.account(name: Array("a\u{202E}b".utf8)) },
                                                             { $0.u8(0) }),
                 expected: .invalid(account1, field: "name", .disallowedCharacter(0x202E))),
            Case(name: "IBAN checksum", bytes: p(1, 1, { $0.account(iban: "NO9386011117948") }, { $0.u8(0) }),
                 expected: .invalid(account1, field: "IBAN", .iban(.checksumMismatch))),
            Case(name: "IBAN in paper format", bytes: p(1, 1, { $0.account(iban: "NO93 8601 1117 947") }, { $0.u8(0) }),
                 expected: .invalid(account1, field: "IBAN", .iban(.invalidCharacters))),
            Case(name: "IBAN too long", bytes: p(1, 1, { $0.account(iban: String(repeating: "1", count: 35)) }, { $0.u8(0) }),
                 expected: .invalid(account1, field: "IBAN", .tooLong(limit: 34, unit: .bytes))),
            Case(name: "unknown currency", bytes: p(1, 1, { $0.account(currency: "XYZ") }, { $0.u8(0) }),
                 expected: .invalid(account1, field: "currency", .unknownCurrency)),
            Case(name: "lower-case currency", bytes: p(1, 1, { $0.account(currency: "jpy") }, { $0.u8(0) }),
                 expected: .invalid(account1, field: "currency", .unknownCurrency)),
            Case(name: "minor-unit digits differ from the table", bytes: p(1, 1, { $0.account(digits: 2) }, { $0.u8(0) }),
                 expected: .invalid(account1, field: "currency", .unknownCurrency)),
            Case(name: "balance beyond the limit", bytes: p(1, 1, { $0.account(balance: 1_000_000_000_000_001) }, { $0.u8(0) }),
                 expected: .invalid(account1, field: "balance", .amount(.tooLarge(limit: .maximumMagnitude(in: .iso4217("JPY")!))))),
            Case(name: "balance Int64.min", bytes: p(1, 1, { $0.account(balance: .min) }, { $0.u8(0) }),
                 expected: .invalid(account1, field: "balance", .amount(.tooLarge(limit: .maximumMagnitude(in: .iso4217("JPY")!))))),
            Case(name: "type zero", bytes: p(1, 1, { $0.account(type: 0x00) }, { $0.u8(0) }),
                 expected: .invalid(account1, field: "type", .unknownCode(0x00))),
            Case(name: "type three", bytes: p(1, 1, { $0.account(type: 0x03) }, { $0.u8(0) }),
                 expected: .invalid(account1, field: "type", .unknownCode(0x03))),
            Case(name: "duplicate id", bytes: p(2, 1, { $0.account(); $0.account(type: 0x02) }, { $0.u8(0) }),
                 expected: .invalid(.account(number: 2, id: "a"), field: "id", .duplicateID(account: 1))),
            Case(name: "two main accounts", bytes: p(2, 1, { $0.account(); $0.account(id: "b") }, { $0.u8(0) }),
                 expected: .invalid(.account(number: 2, id: "b"), field: "type", .secondMainAccount(first: 1))),
            Case(name: "analytics flag two", bytes: p(1, 1, { $0.account() }, { $0.u8(0x02) }),
                 expected: .invalid(.document, field: "analytics flag", .unknownCode(0x02))),
            Case(name: "period month 13", bytes: p(1, 1, { $0.account() }, tests.analyticsTail(period: "2026-13")),
                 expected: .invalid(.analytics, field: "period", .invalidPeriod)),
            Case(name: "too many spent entries", bytes: p(1, 1, { $0.account() }, tests.analyticsTail(spentCount: 51)),
                 expected: .invalid(.analytics, field: "spent", .tooManyEntries(count: 51, limit: 50))),
            Case(name: "negative spending", bytes: p(1, 1, { $0.account() }, tests.analyticsTail(spent: [("Rent", -1)])),
                 expected: .invalid(.spent(number: 1), field: "amount", .amount(.negative))),
            Case(name: "duplicate category", bytes: p(1, 1, { $0.account() },
                                                      tests.analyticsTail(spent: [("Rent", 1), ("Food", 2), ("Rent", 3)])),
                 expected: .invalid(.spent(number: 3), field: "category", .duplicateCategory(entry: 1))),
            Case(name: "empty category", bytes: p(1, 1, { $0.account() }, tests.analyticsTail(spent: [("", 1)])),
                 expected: .invalid(.spent(number: 1), field: "category", .empty)),
        ]
    }

    @Test(arguments: invalidPayloads)
    func rejectsInvalidFieldsWithTheExactError(_ testCase: Case) {
        #expect(failure(testCase.bytes) == testCase.expected)
    }

    @Test func survivesRandomCorruptionAndAcceptsOnlyCanonicalBytes() throws {
        // Whatever decodes must encode back to exactly the same bytes, so no
        // two payloads mean the same portfolio and nothing is silently ignored.
        var generator = SeededGenerator(seed: 2026)
        var originals = try examples().map { try $0.payloadBytes() }
        originals.append(try ModelFixtures.randomPortfolio(using: &generator).payloadBytes())
        var accepted = 0
        for original in originals {
            for _ in 0..<Sweeps.cases(plain: 300, swept: 1_500) {
                var bytes = original
                for _ in 0..<Int.random(in: 1...3, using: &generator) {
                    let index = Int.random(in: 0..<bytes.count, using: &generator)
                    switch Int.random(in: 0..<4, using: &generator) {
                    case 0: bytes[index] ^= UInt8(1) << UInt8.random(in: 0...7, using: &generator)
                    case 1: bytes[index] = UInt8.random(in: 0...255, using: &generator)
                    case 2: bytes.insert(UInt8.random(in: 0...255, using: &generator), at: index)
                    default: bytes.remove(at: index)
                    }
                    if bytes.isEmpty { break }
                }
                do {
                    let decoded = try Portfolio(payload: bytes)
                    #expect(try decoded.payloadBytes() == bytes)
                    accepted += 1
                } catch {
                    let refusedPayload = (error as? BridgeError)?.problem is PayloadProblem
                    #expect(refusedPayload, "\(type(of: error)): \(error)")
                }
            }
        }
        // Balances and digits inside names change without breaking a rule.
        #expect(accepted > 0)
    }

    @Test func describesPayloadErrorsWithRecordAndField() {
        #expect(BridgeError(PayloadProblem.truncated(.document, field: "version")).description
            == #"The payload is truncated: it ends inside the field "version"."#)
        #expect(BridgeError(PayloadProblem.truncated(.account(number: 3, id: "acc-3"), field: "name")).description
            == #"The payload is truncated: it ends inside account 3 ("acc-3"), field "name"."#)
        #expect(BridgeError(PayloadProblem.invalid(.account(number: 1, id: "a"), field: "type", .unknownCode(7))).description
            == #"The payload is invalid: account 1 ("a"), field "type": holds the unknown code 0x07."#)
        #expect(BridgeError(PayloadProblem.trailingBytes(count: 1)).description == "The payload has 1 unexpected byte after its end.")
        #expect(BridgeError(PayloadProblem.unsupportedVersion(9)).description
            == "The payload has format version 9; this build reads versions 1 to 3.")
        #expect(BridgeError(.unencodable(.spent(number: 2), field: "amount", .currencyMismatch)).description
            == #"The portfolio cannot be encoded: spent entry 2, field "amount": is in another currency than the analytics."#)
    }

    // MARK: Encoding refuses what decoding would refuse

    private func encodingFailure(_ portfolio: Portfolio) -> PayloadProblem? {
        do {
            _ = try portfolio.payloadBytes()
            return nil
        } catch {
            guard let problem = (error as? BridgeError)?.problem as? PayloadProblem else { return nil }
            return problem
        }
    }

    private func account(id: String = "a", name: String = "N", balance: Money? = nil, iban: String = "NO9386011117947",
                         type: AccountType = .secondary) -> Account {
        Account(uncheckedID: id, name: name, balance: balance ?? Money(minorUnits: 1, currency: eur),
                iban: IBAN(checkedElectronicFormat: iban), type: type)
    }

    @Test func refusesToEncodeAPortfolioThatBreaksTheRules() {
        let record = PortfolioRecord.account(number: 1, id: "a")
        #expect(encodingFailure(Portfolio(uncheckedAccounts: [])) == .unencodable(.document, field: "accounts", .noAccounts))
        #expect(encodingFailure(Portfolio(uncheckedAccounts: [account(id: "a b")]))
            == .unencodable(.account(number: 1, id: nil), field: "id", .invalidIDCharacters))
        #expect(encodingFailure(Portfolio(uncheckedAccounts: [account(name: String(repeating: "x", count: 300))]))
            == .unencodable(record, field: "name", .tooLong(limit: 64, unit: .scalars)))
        #expect(encodingFailure(Portfolio(uncheckedAccounts: [account(iban: "no9386011117947")]))
            == .unencodable(record, field: "IBAN", .iban(.invalidCharacters)))
        #expect(encodingFailure(Portfolio(uncheckedAccounts: [account(balance: Money(minorUnits: 1, currency: Currency(code: "EUR", minorUnitDigits: 3)))]))
            == .unencodable(record, field: "currency", .unknownCurrency))
        #expect(encodingFailure(Portfolio(uncheckedAccounts: [account(balance: Money(minorUnits: .max, currency: eur))]))
            == .unencodable(record, field: "balance", .amount(.tooLarge(limit: .maximumMagnitude(in: .iso4217("EUR")!)))))
        #expect(encodingFailure(Portfolio(uncheckedAccounts: [account(type: .main), account(id: "b", type: .main)]))
            == .unencodable(.account(number: 2, id: "b"), field: "type", .secondMainAccount(first: 1)))
        #expect(encodingFailure(Portfolio(uncheckedAccounts: [account()], analytics: Analytics(
            uncheckedPeriod: "2026-11", currency: eur,
            spent: [CategoryAmount(uncheckedCategory: "Rent", amount: Money(minorUnits: 1, currency: jpy))], received: [])))
            == .unencodable(.spent(number: 1), field: "amount", .currencyMismatch))
        #expect(encodingFailure(Portfolio(uncheckedAccounts: [account()], analytics: Analytics(
            uncheckedPeriod: "26-11", currency: eur, spent: [], received: [])))
            == .unencodable(.analytics, field: "period", .invalidPeriod))
    }
}
