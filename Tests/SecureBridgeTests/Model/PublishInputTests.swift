import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp
@testable import SecureBridgeTestSupport

@Suite struct PublishInputTests {
    /// Publish input written field by field (SecureBridgeTestSupport).
    private typealias Text = PublishInputText

    private func decode(_ text: String) throws -> Portfolio {
        try PublishInput.decode(Array(text.utf8))
    }

    private func failure(_ text: String) -> InputProblem? {
        failure(Array(text.utf8))
    }

    private func failure(_ bytes: [UInt8]) -> InputProblem? {
        do {
            _ = try PublishInput.decode(bytes)
            return nil
        } catch {
            guard let problem = (error as? BridgeError)?.problem as? InputProblem else { return nil }
            return problem
        }
    }

    // MARK: The catalogue of malformed input

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let input: String
        let expected: InputProblem
        var testDescription: String { name }
    }

    static let acc1 = PortfolioRecord.account(number: 1, id: "acc-1")
    static let acc2 = PortfolioRecord.account(number: 2, id: "acc-2")
    static let accountFields = ["id", "name", "balance", "currency", "IBAN", "accountNumber", "type"]

    static let catalogue: [Case] = [
        // The document
        Case(name: "empty", input: "", expected: .empty),
        Case(name: "only whitespace", input: " \n\t ", expected: .empty),
        Case(name: "not JSON", input: "[1,]", expected: .invalidJSON(.invalid(.trailingComma, line: 1, column: 4))),
        Case(name: "top-level string", input: #""accounts""#,
             expected: .invalid(.document, field: nil, .notAccountsOrObject(found: .string))),
        Case(name: "no accounts in a list", input: "[]", expected: .invalid(.document, field: nil, .noAccounts)),
        Case(name: "no accounts in an object", input: #"{"accounts": []}"#,
             expected: .invalid(.document, field: "accounts", .noAccounts)),
        Case(name: "accounts missing", input: "{}", expected: .invalid(.document, field: "accounts", .missing)),
        Case(name: "accounts not an array", input: #"{"accounts": {}}"#,
             expected: .invalid(.document, field: "accounts", .wrongType(expected: .array, found: .object))),
        Case(name: "unknown top-level field", input: #"{"accounts": [\#(Text.account())], "extra": 1}"#,
             expected: .invalid(.document, field: "extra",
                                .unknownField(allowed: ["accounts", "analytics"], suggestion: nil))),
        Case(name: "account not an object", input: "[1]",
             expected: .invalid(.account(number: 1, id: nil), field: nil, .wrongType(expected: .object, found: .number))),
        // Fields
        Case(name: "missing name", input: Text.list(Text.account(name: nil)), expected: .invalid(acc1, field: "name", .missing)),
        Case(name: "missing id", input: Text.list(Text.account(id: nil)),
             expected: .invalid(.account(number: 1, id: nil), field: "id", .missing)),
        Case(name: "unknown field", input: Text.list(Text.account(extra: #""colour": "red""#)),
             expected: .invalid(acc1, field: "colour", .unknownField(allowed: accountFields, suggestion: nil))),
        Case(name: "field in the wrong case", input: Text.list(Text.account(iban: nil, extra: #""iban": "DE89370400440532013000""#)),
             expected: .invalid(acc1, field: "iban", .unknownField(allowed: accountFields, suggestion: "IBAN"))),
        Case(name: "name not a string", input: Text.list(Text.account(name: "null")),
             expected: .invalid(acc1, field: "name", .wrongType(expected: .string, found: .null))),
        // id
        Case(name: "empty id", input: Text.list(Text.account(id: #""""#)),
             expected: .invalid(.account(number: 1, id: nil), field: "id", .empty)),
        Case(name: "id with a space", input: Text.list(Text.account(id: #""acc 1""#)),
             expected: .invalid(.account(number: 1, id: nil), field: "id", .invalidIDCharacters)),
        Case(name: "id with a slash", input: Text.list(Text.account(id: #""acc/1""#)),
             expected: .invalid(.account(number: 1, id: nil), field: "id", .invalidIDCharacters)),
        Case(name: "id too long", input: Text.list(Text.account(id: "\"" + String(repeating: "a", count: 65) + "\"")),
             expected: .invalid(.account(number: 1, id: nil), field: "id", .tooLong(limit: 64, unit: .scalars))),
        Case(name: "id a number", input: Text.list(Text.account(id: "7")),
             expected: .invalid(.account(number: 1, id: nil), field: "id", .wrongType(expected: .string, found: .number))),
        Case(name: "duplicate id", input: Text.list(Text.account(), Text.account(type: #""secondary""#)),
             expected: .invalid(.account(number: 2, id: "acc-1"), field: "id", .duplicateID(account: 1))),
        // name
        Case(name: "empty name", input: Text.list(Text.account(name: #""""#)), expected: .invalid(acc1, field: "name", .empty)),
        Case(name: "name too long", input: Text.list(Text.account(name: "\"" + String(repeating: "é", count: 65) + "\"")),
             expected: .invalid(acc1, field: "name", .tooLong(limit: 64, unit: .scalars))),
        Case(name: "name with a right-to-left override", input: Text.list(Text.account(name: #""Main\u202Eniam""#)),
             expected: .invalid(acc1, field: "name", .disallowedCharacter(0x202E))),
        Case(name: "name with a newline", input: Text.list(Text.account(name: #""Main\nSavings""#)),
             expected: .invalid(acc1, field: "name", .disallowedCharacter(0x0A))),
        Case(name: "name with a C1 control", input: Text.list(Text.account(name: #""Main\u0085""#)),
             expected: .invalid(acc1, field: "name", .disallowedCharacter(0x85))),
        Case(name: "name with a line separator", input: Text.list(Text.account(name: #""Main\u2028""#)),
             expected: .invalid(acc1, field: "name", .disallowedCharacter(0x2028))),
        Case(name: "name with an isolate", input: Text.list(Text.account(name: #""\u2067Main""#)),
             expected: .invalid(acc1, field: "name", .disallowedCharacter(0x2067))),
        Case(name: "name only a space", input: Text.list(Text.account(name: #"" ""#)),
             expected: .invalid(acc1, field: "name", .blank)),
        Case(name: "name only no-break spaces", input: Text.list(Text.account(name: #""\u00A0\u00A0""#)),
             expected: .invalid(acc1, field: "name", .blank)),
        Case(name: "name only an ideographic space", input: Text.list(Text.account(name: #""\u3000""#)),
             expected: .invalid(acc1, field: "name", .blank)),
        // balance
        Case(name: "balance a number", input: Text.list(Text.account(balance: "4675.00")),
             expected: .invalid(acc1, field: "balance", .amountIsNumber)),
        Case(name: "balance with an exponent", input: Text.list(Text.account(balance: #""1e3""#)),
             expected: .invalid(acc1, field: "balance", .amount(.exponent))),
        Case(name: "balance with a plus", input: Text.list(Text.account(balance: #""+5""#)),
             expected: .invalid(acc1, field: "balance", .amount(.plusSign))),
        Case(name: "balance with a comma", input: Text.list(Text.account(balance: #""1,000.00""#)),
             expected: .invalid(acc1, field: "balance", .amount(.comma))),
        Case(name: "balance with a space", input: Text.list(Text.account(balance: #""1 000""#)),
             expected: .invalid(acc1, field: "balance", .amount(.whitespace))),
        Case(name: "balance with leading zeros", input: Text.list(Text.account(balance: #""007""#)),
             expected: .invalid(acc1, field: "balance", .amount(.leadingZeros))),
        Case(name: "balance NaN", input: Text.list(Text.account(balance: #""NaN""#)),
             expected: .invalid(acc1, field: "balance", .amount(.malformed))),
        Case(name: "balance Infinity", input: Text.list(Text.account(balance: #""Infinity""#)),
             expected: .invalid(acc1, field: "balance", .amount(.malformed))),
        Case(name: "balance without integer digits", input: Text.list(Text.account(balance: #"".50""#)),
             expected: .invalid(acc1, field: "balance", .amount(.malformed))),
        Case(name: "balance with too many decimals", input: Text.list(Text.account(balance: #""1.005""#)),
             expected: .invalid(acc1, field: "balance", .amount(.tooManyDecimals(currency: "EUR", allowed: 2)))),
        Case(name: "yen balance with decimals", input: Text.list(Text.account(balance: #""500.5""#, currency: #""JPY""#)),
             expected: .invalid(acc1, field: "balance", .amount(.tooManyDecimals(currency: "JPY", allowed: 0)))),
        Case(name: "balance too large", input: Text.list(Text.account(balance: #""1000000000000000.01""#)),
             expected: .invalid(acc1, field: "balance", .amount(.tooLarge(limit: .maximumMagnitude(in: .iso4217("EUR")!))))),
        Case(name: "balance missing", input: Text.list(Text.account(balance: nil)),
             expected: .invalid(acc1, field: "balance", .missing)),
        // currency
        Case(name: "unknown currency", input: Text.list(Text.account(currency: #""XYZ""#)),
             expected: .invalid(acc1, field: "currency", .unknownCurrency)),
        Case(name: "lower-case currency", input: Text.list(Text.account(currency: #""eur""#)),
             expected: .invalid(acc1, field: "currency", .unknownCurrency)),
        Case(name: "withdrawn currency", input: Text.list(Text.account(currency: #""BGN""#)),
             expected: .invalid(acc1, field: "currency", .unknownCurrency)),
        Case(name: "gold is not a currency for accounts", input: Text.list(Text.account(currency: #""XAU""#)),
             expected: .invalid(acc1, field: "currency", .unknownCurrency)),
        // IBAN
        Case(name: "IBAN checksum", input: Text.list(Text.account(), Text.account(id: #""acc-savings""#, iban: #""DE88370400440532013000""#,
                                                                   type: #""secondary""#)),
             expected: .invalid(.account(number: 2, id: "acc-savings"), field: "IBAN", .iban(.checksumMismatch))),
        Case(name: "IBAN length", input: Text.list(Text.account(iban: #""DE8937040044053201300""#)),
             expected: .invalid(acc1, field: "IBAN", .iban(.wrongLength(country: "DE", expected: 22, actual: 21)))),
        Case(name: "IBAN country", input: Text.list(Text.account(iban: #""ZZ89370400440532013000""#)),
             expected: .invalid(acc1, field: "IBAN", .iban(.unknownCountry))),
        Case(name: "IBAN characters", input: Text.list(Text.account(iban: #""DE89-3704-0044-0532-0130-00""#)),
             expected: .invalid(acc1, field: "IBAN", .iban(.invalidCharacters))),
        Case(name: "IBAN spacing", input: Text.list(Text.account(iban: #""DE89  3704 0044 0532 0130 00""#)),
             expected: .invalid(acc1, field: "IBAN", .iban(.invalidSpacing))),
        Case(name: "IBAN empty", input: Text.list(Text.account(iban: #""""#)), expected: .invalid(acc1, field: "IBAN", .empty)),
        // type
        Case(name: "unknown type", input: Text.list(Text.account(type: #""primary""#)),
             expected: .invalid(acc1, field: "type", .invalidAccountType)),
        Case(name: "type in upper case", input: Text.list(Text.account(type: #""MAIN""#)),
             expected: .invalid(acc1, field: "type", .invalidAccountType)),
        Case(name: "two main accounts", input: Text.list(Text.account(), Text.account(id: #""acc-2""#)),
             expected: .invalid(acc2, field: "type", .secondMainAccount(first: 1))),
        // analytics
        Case(name: "analytics not an object", input: Text.document(analytics: "[]"),
             expected: .invalid(.document, field: "analytics", .wrongType(expected: .object, found: .array))),
        Case(name: "period month 13", input: Text.document(analytics: Text.analytics(period: #""2026-13""#)),
             expected: .invalid(.analytics, field: "period", .invalidPeriod)),
        Case(name: "period month 00", input: Text.document(analytics: Text.analytics(period: #""2026-00""#)),
             expected: .invalid(.analytics, field: "period", .invalidPeriod)),
        Case(name: "period with a day", input: Text.document(analytics: Text.analytics(period: #""2026-11-01""#)),
             expected: .invalid(.analytics, field: "period", .invalidPeriod)),
        Case(name: "analytics currency", input: Text.document(analytics: Text.analytics(currency: #""EURO""#)),
             expected: .invalid(.analytics, field: "currency", .unknownCurrency)),
        Case(name: "received missing", input: Text.document(analytics: Text.analytics(received: nil)),
             expected: .invalid(.analytics, field: "received", .missing)),
        Case(name: "negative spending", input: Text.document(analytics: Text.analytics(
            spent: #"[{"category": "Rent", "amount": "-1200.00"}]"#)),
             expected: .invalid(.spent(number: 1), field: "amount", .amount(.negative))),
        Case(name: "spending a number", input: Text.document(analytics: Text.analytics(
            spent: #"[{"category": "Rent", "amount": 1200}]"#)),
             expected: .invalid(.spent(number: 1), field: "amount", .amountIsNumber)),
        Case(name: "duplicate category", input: Text.document(analytics: Text.analytics(
            received: #"[{"category": "Salary", "amount": "1.00"}, {"category": "Salary", "amount": "2.00"}]"#)),
             expected: .invalid(.received(number: 2), field: "category", .duplicateCategory(entry: 1))),
        Case(name: "category with a control character", input: Text.document(analytics: Text.analytics(
            spent: #"[{"category": "Rent\u0007", "amount": "1.00"}]"#)),
             expected: .invalid(.spent(number: 1), field: "category", .disallowedCharacter(0x07))),
        Case(name: "category only spaces", input: Text.document(analytics: Text.analytics(
            spent: #"[{"category": "   ", "amount": "1.00"}]"#)),
             expected: .invalid(.spent(number: 1), field: "category", .blank)),
        Case(name: "entry not an object", input: Text.document(analytics: Text.analytics(spent: #"["Rent"]"#)),
             expected: .invalid(.spent(number: 1), field: nil, .wrongType(expected: .object, found: .string))),
        Case(name: "unknown entry field", input: Text.document(analytics: Text.analytics(
            spent: #"[{"category": "Rent", "amount": "1.00", "note": "x"}]"#)),
             expected: .invalid(.spent(number: 1), field: "note",
                                .unknownField(allowed: ["category", "amount"], suggestion: nil))),
        Case(name: "too many categories", input: Text.document(analytics: Text.analytics(
            spent: "[" + (1...51).map { #"{"category": "C\#($0)", "amount": "1.00"}"# }.joined(separator: ",") + "]")),
             expected: .invalid(.analytics, field: "spent", .tooManyEntries(count: 51, limit: 50))),
    ]

    @Test(arguments: catalogue)
    func refusesMalformedInputWithTheExactError(_ testCase: Case) {
        #expect(failure(testCase.input) == testCase.expected)
    }

    @Test(arguments: catalogue)
    func errorDescriptionsAreOneSentenceNamingRecordAndFieldWithoutSecrets(_ testCase: Case) throws {
        let error = try #require(failure(testCase.input))
        let text = error.description
        #expect(text.hasSuffix("."))
        #expect(!text.contains("\n"))
        for secret in ["Secret Name", "DE89370400440532013000", "10.00", "DE8937040044053201300"] {
            #expect(!text.contains(secret), "\(text)")
        }
        if case let .invalid(record, field, _) = error {
            #expect(text.hasPrefix(record == .document ? "The input" : record.description), "\(text)")
            if let field { #expect(text.contains("field \"\(field)\""), "\(text)") }
        }
    }

    @Test func describesErrorsAsTheSpecificationShows() {
        #expect(failure(Self.catalogue.first { $0.name == "IBAN checksum" }!.input)?.description
            == #"Account 2 ("acc-savings"), field "IBAN": the checksum is wrong."#)
        #expect(failure(Text.list(Text.account(balance: "4675.00")))?.description
            == #"Account 1 ("acc-1"), field "balance": must be a decimal string like "4675.00", not a number."#)
        #expect(failure(Text.list(Text.account(id: "7")))?.description
            == #"Account 1, field "id": must be a string, not a number."#)
        #expect(failure("[]")?.description == "The input must list at least one account.")
        #expect(failure("[1]")?.description == "Account 1 must be an object, not a number.")
        #expect(failure(Text.list(Text.account(name: #""\u202E""#)))?.description
            == #"Account 1 ("acc-1"), field "name": contains U+202E, a control, separator or bidirectional formatting character."#)
        #expect(failure(Text.list(Text.account(iban: nil, extra: #""iban": "x""#)))?.description
            == #"Account 1 ("acc-1"), field "iban": is not a known field (field names are case-sensitive: did you mean "IBAN"?); the fields are "id", "name", "balance", "currency", "IBAN", "accountNumber" and "type"."#)
    }

    @Test func quotesUnknownFieldNamesSafely() throws {
        let error = try #require(failure(Text.list(Text.account(extra: #""x\u202Ey": 1"#))))
        #expect(error.description.contains(#"field "x\u{202E}y""#))
        #expect(!error.description.unicodeScalars.contains("\u{202E}"))
    }

    // MARK: Limits

    @Test func refusesInputOverTheSizeLimitBeforeParsing() {
        let bytes = [UInt8](repeating: UInt8(ascii: "["), count: PublishInput.maximumByteCount + 1)
        #expect(failure(bytes) == .tooLarge(byteCount: (1 << 20) + 1, limit: 1 << 20))
    }

    @Test func acceptsInputOfExactlyTheSizeLimit() throws {
        var bytes = Array(Text.list(Text.account()).utf8)
        bytes += [UInt8](repeating: 0x20, count: PublishInput.maximumByteCount - bytes.count)
        #expect(try PublishInput.decode(bytes).accounts.count == 1)
    }

    @Test func acceptsAThousandAccountsButNotMore() throws {
        func accounts(_ count: Int) -> String {
            "[" + (1...count).map {
                Text.account(id: "\"a\($0)\"", type: $0 == 1 ? #""main""# : #""secondary""#)
            }.joined(separator: ",") + "]"
        }
        #expect(try decode(accounts(1000)).accounts.count == 1000)
        #expect(failure(accounts(1001)) == .invalid(.document, field: nil, .tooManyEntries(count: 1001, limit: 1000)))
    }

    @Test func acceptsFiftyCategoriesPerList() throws {
        let entries = "[" + (1...50).map { #"{"category": "C\#($0)", "amount": "1.00"}"# }.joined(separator: ",") + "]"
        let portfolio = try decode(Text.document(analytics: Text.analytics(spent: entries, received: entries)))
        #expect(portfolio.analytics?.spent.count == 50)
        #expect(portfolio.analytics?.received.count == 50)
    }

    @Test func acceptsNamesOfExactlySixtyFourScalars() throws {
        let name = String(repeating: "😀", count: 64)
        #expect(try decode(Text.list(Text.account(name: "\"\(name)\""))).accounts[0].name == name)
    }

    // MARK: Valid input

    @Test func decodesAnAccountList() throws {
        let portfolio = try decode(Text.list(
            Text.account(balance: #""-4675.5""#, iban: #""de89 3704 0044 0532 0130 00""#), Text.second))
        #expect(portfolio.analytics == nil)
        #expect(portfolio.accounts == [
            Account(uncheckedID: "acc-1", name: "Secret Name", balance: Money(minorUnits: -467_550, currency: .iso4217("EUR")!),
                    iban: IBAN(checkedElectronicFormat: "DE89370400440532013000"), type: .main),
            Account(uncheckedID: "acc-2", name: "Secret Name", balance: Money(minorUnits: 1000, currency: .iso4217("EUR")!),
                    iban: IBAN(checkedElectronicFormat: "GB82WEST12345698765432"), type: .secondary),
        ])
    }

    @Test func acceptsPortfoliosWithoutAMainAccount() throws {
        #expect(try decode(Text.list(Text.second)).mainAccount == nil)
    }

    @Test func acceptsTheSeedsBalanceWithoutDecimals() throws {
        let portfolio = try decode(Text.list(Text.account(balance: #""4675""#)))
        #expect(portfolio.accounts[0].balance.minorUnits == 467_500)
        #expect(portfolio.accounts[0].balance.decimalString == "4675.00")
    }

    @Test func treatsAbsentOrNullAnalyticsAsNone() throws {
        #expect(try decode(#"{"accounts": [\#(Text.account())]}"#).analytics == nil)
        #expect(try decode(Text.document(analytics: "null")).analytics == nil)
    }

    @Test func decodesAnalyticsInTheirOwnCurrency() throws {
        let analytics = try #require(try decode(Text.document(analytics: Text.analytics(
            currency: #""JPY""#, spent: #"[{"category": "Rent", "amount": "98000"}]"#, received: "[]"))).analytics)
        let yen = Currency.iso4217("JPY")!
        #expect(analytics == Analytics(uncheckedPeriod: "2026-11", currency: yen,
                                       spent: [CategoryAmount(uncheckedCategory: "Rent", amount: Money(minorUnits: 98000, currency: yen))],
                                       received: []))
    }

    @Test func acceptsTheSameCategoryInSpentAndReceived() throws {
        let entries = #"[{"category": "Transfers", "amount": "5.00"}]"#
        #expect(throws: Never.self) {
            try decode(Text.document(analytics: Text.analytics(spent: entries, received: entries)))
        }
    }
}
