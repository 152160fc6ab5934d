import Foundation
import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp

/// Accounts without an IBAN: the bank's own account number as publish input
/// reads it, the payload (version 2) stores it and an entry shows it.
@Suite struct AccountNumberTests {
    private let usd = Currency.iso4217("USD")!

    private func inputFailure(_ json: String) -> InputProblem? {
        do {
            _ = try PublishInput.decode(Array(json.utf8))
            return nil
        } catch {
            guard let problem = (error as? BridgeError)?.problem as? InputProblem else { return nil }
            return problem
        }
    }

    private func payloadFailure(_ bytes: [UInt8]) -> PayloadProblem? {
        do {
            _ = try Portfolio(payload: bytes)
            return nil
        } catch {
            guard let problem = (error as? BridgeError)?.problem as? PayloadProblem else { return nil }
            return problem
        }
    }

    /// One account object with the identifier members given as raw JSON.
    private func document(_ identifier: String) -> String {
        #"[{"id":"us","name":"Checking","balance":"10.00","currency":"USD",\#(identifier),"type":"main"}]"#
    }

    private static let record = PortfolioRecord.account(number: 1, id: "us")

    // MARK: The rule

    @Test(arguments: [
        ("021000021 7654321098", "0210000217654321098"),  // US routing and account number
        ("12-34-56 12345678", "12345612345678"),  // UK sort code and account number
        ("062-000 1234 5678", "06200012345678"),  // Australian BSB and account number
        ("4321", "4321"),  // only the last four, as a bank API gives a card's
        ("ab12-cd34", "AB12CD34"),
        (String(repeating: "9", count: 34), String(repeating: "9", count: 34)),
    ])
    func anAccountNumberIsReadAndNormalised(text: String, compact: String) throws {
        let number = try AccountNumber(text)
        #expect(number.compactForm == compact)
        #expect(number.lastFour == String(compact.suffix(4)))
        #expect("\(number)" == "AccountNumber(redacted)")
    }

    @Test(arguments: [
        ("", FieldProblem.empty),
        (" 12345678", .accountNumber(.invalidSeparators)),
        ("12345678-", .accountNumber(.invalidSeparators)),
        ("1234  5678", .accountNumber(.invalidSeparators)),
        ("1234 -5678", .accountNumber(.invalidSeparators)),
        ("1234.5678", .accountNumber(.invalidCharacters)),
        ("1234/5678", .accountNumber(.invalidCharacters)),
        ("1234\t5678", .accountNumber(.invalidCharacters)),
        ("١٢٣٤٥٦٧٨", .accountNumber(.invalidCharacters)),  // Arabic-Indic digits
        ("1234\u{200B}5678", .accountNumber(.invalidCharacters)),
        ("••••5678", .accountNumber(.invalidCharacters)),
        ("123", .accountNumber(.wrongLength(actual: 3, allowed: 4...34))),
        ("1-2-3", .accountNumber(.wrongLength(actual: 3, allowed: 4...34))),
        (String(repeating: "1", count: 35), .accountNumber(.wrongLength(actual: 35, allowed: 4...34))),
        ("SAVINGS", .accountNumber(.noDigit)),
        ("DE89 3704 0044 0532 0130 00", .accountNumber(.isIBAN)),
        ("gb82west12345698765432", .accountNumber(.isIBAN)),
        // One check digit mistyped: the typo the checksum exists to catch.
        ("DE88 3704 0044 0532 0130 00", .accountNumber(.ibanWithWrongCheckDigits(country: "DE"))),
        ("GB00WEST12345698765432", .accountNumber(.ibanWithWrongCheckDigits(country: "GB"))),
    ])
    func aBadAccountNumberIsRefusedNamingTheField(text: String, problem: FieldProblem) {
        #expect(throws: BridgeError(InputProblem.invalid(.document, field: "accountNumber", problem))) { try AccountNumber(text) }
        let escaped = text.replacingOccurrences(of: "\t", with: "\\t")
        #expect(inputFailure(document(#""accountNumber":"\#(escaped)""#)) == .invalid(Self.record, field: "accountNumber", problem))
    }

    @Test func theSentencesNameTheFieldAndNoDigitOfTheNumber() throws {
        let cases = [
            ("123", #"Account 1 ("us"), field "accountNumber": has 3 letters and digits, but an account number has 4 to 34."#),
            ("1234..5678", #"Account 1 ("us"), field "accountNumber": may only contain the letters A-Z, the digits 0-9 and single spaces or hyphens between groups."#),
            ("98765432-", #"Account 1 ("us"), field "accountNumber": may only use a single space or hyphen between groups of letters and digits."#),
            ("CHECKING", #"Account 1 ("us"), field "accountNumber": has no digit, so it is not an account number."#),
            ("DE89370400440532013000", #"Account 1 ("us"), field "accountNumber": is an IBAN: give it as "IBAN", where its checksum is checked."#),
        ]
        for (text, sentence) in cases {
            let description = try #require(inputFailure(document(#""accountNumber":"\#(text)""#))).description
            #expect(description == sentence)
        }
    }

    // MARK: Publish input: one of the two numbers

    @Test func anAccountHasExactlyOneOfIBANAndAccountNumber() throws {
        #expect(inputFailure(document(#""IBAN":null"#)) == .invalid(Self.record, field: "IBAN", .noAccountNumber))
        #expect(inputFailure(document(#""IBAN":null,"accountNumber":null"#))
            == .invalid(Self.record, field: "IBAN", .noAccountNumber))
        #expect(inputFailure(document(#""IBAN":"DE89370400440532013000","accountNumber":"12345678""#))
            == .invalid(Self.record, field: "accountNumber", .bothAccountNumbers))
        #expect(inputFailure(document(#""accountNumber":12345678"#))
            == .invalid(Self.record, field: "accountNumber", .wrongType(expected: .string, found: .number)))
        #expect(inputFailure(document(#""IBAN":null"#))?.description
            == #"Account 1 ("us"), field "IBAN": is missing, and so is "accountNumber": an account needs its IBAN or, where it has none, the bank's account number."#)
        #expect(inputFailure(document(#""IBAN":"DE89370400440532013000","accountNumber":"12345678""#))?.description
            == #"Account 1 ("us"), field "accountNumber": must not be given with "IBAN": an account has one number, its IBAN where it has one."#)

        let portfolio = try PublishInput.decode(Array(document(#""IBAN":null,"accountNumber":"021000021 7654321098""#).utf8))
        let account = try #require(portfolio.accounts.first)
        #expect(account.iban == nil)
        #expect(account.accountNumber?.compactForm == "0210000217654321098")
        #expect(account.identifier?.kind == .accountNumber && account.identifier?.lastFour == "1098")
    }

    @Test func twoAccountsMayShareANumber() throws {
        // A multi-currency account's balances, or an account's pockets, share its number.
        let json = """
            [{"id":"a","name":"Wallet USD","balance":"1.00","currency":"USD","accountNumber":"12345678","type":"main"},
             {"id":"b","name":"Wallet EUR","balance":"2.00","currency":"EUR","accountNumber":"1234-5678","type":"secondary"},
             {"id":"c","name":"Main","balance":"3.00","currency":"EUR","IBAN":"DE89370400440532013000","type":"secondary"},
             {"id":"d","name":"Pocket","balance":"4.00","currency":"EUR","IBAN":"DE89 3704 0044 0532 0130 00","type":"secondary"}]
            """
        let portfolio = try PublishInput.decode(Array(json.utf8))
        #expect(portfolio.accounts[0].identifier == portfolio.accounts[1].identifier)
        #expect(portfolio.accounts[2].identifier == portfolio.accounts[3].identifier)
        #expect(try Portfolio(payload: portfolio.payloadBytes()) == portfolio)
    }

    // MARK: The payload

    /// One account `u` named `U`, 1.00 USD, main, with account number `12345678`; no analytics.
    private static let documentedVersion2: [UInt8] = [
        0x02, 0x00, 0x01,  // version 2, 1 account
        0x01, 0x75,  // id "u"
        0x00, 0x01, 0x55,  // name "U"
        0x02,  // number kind: account number
        0x08, 0x31, 0x32, 0x33, 0x34, 0x35, 0x36, 0x37, 0x38,  // "12345678"
        0x55, 0x53, 0x44, 0x02,  // "USD", 2 minor-unit digits
        0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x64,  // 100
        0x01,  // main
        0x00,  // no analytics
    ]

    private var version2Portfolio: Portfolio {
        Portfolio(uncheckedAccounts: [Account(
            uncheckedID: "u", name: "U", balance: Money(minorUnits: 100, currency: usd),
            identifier: .accountNumber(AccountNumber(checkedCompactForm: "12345678")), type: .main)])
    }

    @Test func anAccountNumberIsWrittenAsVersion2ByteForByte() throws {
        #expect(try version2Portfolio.payloadBytes() == Self.documentedVersion2)
        #expect(try Portfolio(payload: Self.documentedVersion2) == version2Portfolio)
        #expect(Self.documentedVersion2.count == 32)
    }

    @Test func aPortfolioOfIBANsIsStillWrittenAsVersion1() throws {
        let ibanOnly = try PublishInput.decode(Array(document(#""IBAN":"DE89370400440532013000""#).utf8))
        #expect(try ibanOnly.payloadBytes().first == 1)
        let mixed = try PublishInput.decode(try ModelFixtures.example("accounts.json"))
        let bytes = try mixed.payloadBytes()
        #expect(bytes.first == 2)
        #expect(try Portfolio(payload: bytes) == mixed)
    }

    /// A version 1 payload as release 0.9 wrote it for the accounts example
    /// (every account with an IBAN), frozen in `Fixtures/payload-v1.hex`:
    /// it still reads, and re-encodes to the same bytes.
    @Test func aFrozenVersion1PayloadStillReads() throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures").appendingPathComponent("payload-v1.hex")
        let hex = try String(contentsOf: file, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        let bytes = try #require(Bytes.fromHex(hex))
        #expect(bytes.first == 1)
        let portfolio = try Portfolio(payload: bytes)
        #expect(portfolio.accounts.map(\.id) == ["acc-main", "acc-usd", "acc-gbp", "acc-chf", "acc-jpy"])
        #expect(portfolio.accounts.map { $0.iban?.lastFour } == ["3000", "4300", "5432", "2957", "0000"])
        #expect(portfolio.accounts.allSatisfy { $0.accountNumber == nil })
        #expect(portfolio.accounts[2].balance == Money(minorUnits: -23015, currency: Currency.iso4217("GBP")!))
        #expect(try portfolio.payloadBytes() == bytes)
    }

    @Test func aVersion2PayloadIsReadStrictly() {
        func altered(_ change: (inout [UInt8]) -> Void) -> [UInt8] {
            var bytes = Self.documentedVersion2
            change(&bytes)
            return bytes
        }
        let record = PortfolioRecord.account(number: 1, id: "u")
        // An IBAN-only portfolio in version 2 would be a second encoding of a version 1 payload.
        let ibanInVersion2: [UInt8] = [0x02, 0x00, 0x01, 0x01, 0x75, 0x00, 0x01, 0x55, 0x01, 0x0F]
            + Array("NO9386011117947".utf8) + Array(Self.documentedVersion2[18...])
        #expect(payloadFailure(ibanInVersion2) == .invalid(.document, field: "version", .versionAboveContent(needed: 1)))
        #expect(payloadFailure(altered { $0[8] = 0x03 }) == .invalid(record, field: "number kind", .unknownCode(3)))
        #expect(payloadFailure(altered { $0[10] = 0x61 }) == .invalid(record, field: "accountNumber", .accountNumber(.invalidCharacters)))
        #expect(payloadFailure(altered { $0[10] = 0x2D }) == .invalid(record, field: "accountNumber", .accountNumber(.invalidCharacters)))
        #expect(payloadFailure(altered { $0[9] = 35 })
            == .invalid(record, field: "accountNumber", .tooLong(limit: 34, unit: .bytes)))
        #expect(payloadFailure(altered { $0.replaceSubrange(9..<18, with: [0x03] + Array("123".utf8)) })
            == .invalid(record, field: "accountNumber", .accountNumber(.wrongLength(actual: 3, allowed: 4...34))))
        #expect(payloadFailure(altered { $0.replaceSubrange(9..<18, with: [0x16] + Array("DE89370400440532013000".utf8)) })
            == .invalid(record, field: "accountNumber", .accountNumber(.isIBAN)))
        // A payload keeps SPEC 1.0's rule: a mistyped IBAN there is an account number.
        #expect(payloadFailure(altered { $0.replaceSubrange(9..<18, with: [0x16] + Array("DE88370400440532013000".utf8)) }) == nil)
        // Version 3 over a portfolio every account of which has a number: a second encoding.
        #expect(payloadFailure(altered { $0[0] = 3 }) == .invalid(.document, field: "version", .versionAboveContent(needed: 2)))
        #expect(payloadFailure(altered { $0[0] = 4 }) == .unsupportedVersion(4))
        #expect(payloadFailure(altered { $0[0] = 4 })?.description
            == "The payload has format version 4; this build reads versions 1 to 3.")
        // Version 1 has no number kind: the same record there is misread as an IBAN and refused.
        #expect(payloadFailure(altered { $0[0] = 1 }) != nil)
    }

    // MARK: No number at all

    /// One account `j` named `J`, 1.00 USD, main, with no number; no analytics.
    private static let documentedNoNumber: [UInt8] = [
        0x03, 0x00, 0x01,  // version 3, 1 account
        0x01, 0x6A,  // id "j"
        0x00, 0x01, 0x4A,  // name "J"
        0x00,  // number kind: none (no length, no bytes)
        0x55, 0x53, 0x44, 0x02,  // "USD", 2 minor-unit digits
        0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x64,  // 100
        0x01,  // main
        0x00,  // no analytics
    ]

    @Test func anAccountWithoutANumberIsWrittenAsVersion3ByteForByte() throws {
        let account = try Account(id: "j", name: "J", balance: Money(minorUnits: 100, currency: usd), type: .main)
        let portfolio = try Portfolio(accounts: [account])
        #expect(account.identifier == nil && account.iban == nil && account.accountNumber == nil)
        #expect(try portfolio.payloadBytes() == Self.documentedNoNumber)
        #expect(try Portfolio(payload: Self.documentedNoNumber) == portfolio)
        #expect(Self.documentedNoNumber.count == 23)
        // Version 1 has no number kind: the same record there is misread and refused.
        #expect(payloadFailure([0x01] + Self.documentedNoNumber.dropFirst()) != nil)
        // Version 2 has no kind 0x00: a reader of version 2 refuses it, never misreads it.
        #expect(payloadFailure([0x02] + Self.documentedNoNumber.dropFirst())
            == .invalid(.account(number: 1, id: "j"), field: "number kind", .unknownCode(0)))
        // A portfolio with a number for every account is written below version 3.
        let numbered = Portfolio(uncheckedAccounts: [Account(
            uncheckedID: "j", name: "J", balance: Money(minorUnits: 100, currency: usd),
            identifier: .accountNumber(AccountNumber(checkedCompactForm: "12345678")), type: .main)])
        #expect(try numbered.payloadBytes().first == 0x02)
    }

    @Test func publishInputSaysNoneForAnAccountWithoutANumber() throws {
        let portfolio = try PublishInput.decode(Array(document(#""accountNumber":"none""#).utf8))
        #expect(portfolio.accounts.first?.identifier == nil)
        #expect(try Portfolio(payload: portfolio.payloadBytes()) == portfolio)
        // Absent, null or any other spelling is still the mapping mistake it was.
        #expect(inputFailure(document(#""IBAN":null,"accountNumber":null"#))
            == .invalid(Self.record, field: "IBAN", .noAccountNumber))
        #expect(inputFailure(document(#""accountNumber":"NONE""#))
            == .invalid(Self.record, field: "accountNumber", .accountNumber(.noDigit)))
        #expect(inputFailure(document(#""IBAN":"DE89370400440532013000","accountNumber":"none""#))
            == .invalid(Self.record, field: "accountNumber", .bothAccountNumbers))
    }

    @Test func anEntryShowsNoNumberLineForAnAccountWithoutOne() throws {
        let account = Account(
            uncheckedID: "j", name: "Journal", balance: Money(minorUnits: 100, currency: usd), identifier: nil, type: .main)
        let model = EntryBuilder.accountModel(account, masked: false, request: WidgetRequest(kind: .balance, family: .systemLarge))
        #expect(model.number == nil && model.numberKind == nil)
    }

    @Test func anUnreadableNumberIsNotEncoded() {
        let portfolio = Portfolio(uncheckedAccounts: [Account(
            uncheckedID: "u", name: "U", balance: Money(minorUnits: 1, currency: usd),
            identifier: .accountNumber(AccountNumber(checkedCompactForm: "12 34")), type: .main)])
        #expect(throws: BridgeError(.unencodable(.account(number: 1, id: "u"), field: "accountNumber", .accountNumber(.invalidCharacters)))) {
            try portfolio.payloadBytes()
        }
    }

    // MARK: What an entry shows

    @Test func anEntryShowsOnlyTheLastFourOfTheAccountNumberInEveryState() throws {
        let portfolio = try PublishInput.decode(try ModelFixtures.example("accounts.json"))
        let account = try #require(portfolio.accounts.first { $0.id == "acc-usd" })
        for masked in [false, true] {
            let request = WidgetRequest(kind: .balance, family: .systemLarge)
            let model = EntryBuilder.accountModel(account, masked: masked, request: request)
            #expect(model.number == "\(Redaction.mask) 1098")
            #expect(model.numberKind == .accountNumber)
            let json = TimelineJSON.value(of: model).serialized
            #expect(json.contains(#""iban":null,"accountNumber":"•••• 1098""#), "\(json)")
            #expect(!json.contains("7654321"), "\(json)")
        }
    }
}
