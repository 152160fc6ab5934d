import Foundation
import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp

/// Every rule of the model, refused by the public validating initialisers
/// with its exact cause, and the same cause from bank JSON; an app sees the
/// cause's one-sentence description (`OwnModelsTests`).
@Suite struct ModelRefusalTests {
    static let eur = Currency.iso4217("EUR")!
    static let jpy = Currency.iso4217("JPY")!
    static let usd = Currency.iso4217("USD")!

    /// The problem of the error `body` throws, which must be a `BridgeError` refusing input.
    static func inputError(_ body: () throws -> Void) -> InputProblem? {
        do {
            try body()
            Issue.record("expected refused input, nothing was thrown")
            return nil
        } catch {
            if let problem = (error as? BridgeError)?.problem as? InputProblem { return problem }
            Issue.record("expected refused input, got \(type(of: error)): \(error)")
            return nil
        }
    }

    static func account(
        _ id: String, name: String = "Account", balance: String = "10.00", type: AccountType = .secondary
    ) throws -> Account {
        try Account(
            id: id, name: name, balance: Money(decimal: balance, currency: eur), iban: IBAN("DE89 3704 0044 0532 0130 00"),
            type: type)
    }

    static func entry(_ category: String, _ amount: String) throws -> CategoryAmount {
        try CategoryAmount(category: category, amount: Money(decimal: amount, currency: eur))
    }

    // MARK: Every rule, refused by the initialisers with a typed error

    @Test func aBadIBANIsRefusedWithItsProblem() {
        let cases: [(String, FieldProblem)] = [
            ("", .empty),
            ("DE89 3704 0044 0532 0130 01", .iban(.checksumMismatch)),
            ("DE89 370 40044 0532 0130 00", .iban(.invalidSpacing)),
            ("DE89-3704", .iban(.invalidCharacters)),
            ("ZZ89370400440532013000", .iban(.unknownCountry)),
            ("DE8937040044053201300", .iban(.wrongLength(country: "DE", expected: 22, actual: 21))),
        ]
        for (text, problem) in cases {
            let error = Self.inputError { _ = try IBAN(text) }
            #expect(error == .invalid(.document, field: "IBAN", problem), "\(text)")
        }
        let error = Self.inputError { _ = try IBAN("DE89 3704 0044 0532 0130 01") }
        #expect(error?.description == "The input, field \"IBAN\": the checksum is wrong.")
    }

    @Test func aBadAmountIsRefusedWithItsProblem() {
        let cases: [(String, Currency, AmountProblem)] = [
            ("1,00", Self.eur, .comma),
            ("+1.00", Self.eur, .plusSign),
            ("1e3", Self.eur, .exponent),
            ("007", Self.eur, .leadingZeros),
            ("1.005", Self.eur, .tooManyDecimals(currency: "EUR", allowed: 2)),
            ("1.5", Self.jpy, .tooManyDecimals(currency: "JPY", allowed: 0)),
            ("10000000000000000", Self.eur, .tooLarge(limit: .maximumMagnitude(in: Self.eur))),
            ("NaN", Self.eur, .malformed),
        ]
        for (text, currency, problem) in cases {
            let error = Self.inputError { _ = try Money(decimal: text, currency: currency) }
            switch error {
            case .invalid(.document, "amount"?, .amount(let found))?:
                #expect(found == problem, "\(text)")
            default:
                Issue.record("\(text): \(String(describing: error))")
            }
        }
        #expect(Money.maximumMagnitude(in: Self.eur).minorUnits == 100_000_000_000_000_000)
    }

    @Test func aBadAccountIsRefusedNamingTheField() throws {
        let money = Money(minorUnits: 100, currency: Self.eur)
        let iban = try IBAN("DE89370400440532013000")
        func refusal(id: String = "a", name: String = "A", balance: Money? = nil) -> InputProblem? {
            Self.inputError { _ = try Account(id: id, name: name, balance: balance ?? money, iban: iban, type: .main) }
        }
        #expect(refusal(id: "") == .invalid(.document, field: "id", .empty))
        #expect(refusal(id: "a b") == .invalid(.document, field: "id", .invalidIDCharacters))
        #expect(refusal(id: "..") == .invalid(.document, field: "id", .dotID))
        #expect(refusal(id: String(repeating: "x", count: 65)) == .invalid(.document, field: "id", .tooLong(limit: 64, unit: .scalars)))
        #expect(refusal(name: "") == .invalid(.document, field: "name", .empty))
        #expect(refusal(name: "Main\u{2022}") == .invalid(.document, field: "name", .maskLookalike(0x2022)))
        #expect(refusal(name: "Main\u{202E}") == .invalid(.document, field: "name", .disallowedCharacter(0x202E)))
        #expect(refusal(name: "Ma\u{200B}in") == .invalid(.document, field: "name", .invisibleCharacter(0x200B)))
        let tooMuch = Money(minorUnits: .max, currency: Self.eur)
        #expect(refusal(balance: tooMuch) == .invalid(.document, field: "balance", .amount(.tooLarge(limit: .maximumMagnitude(in: Self.eur)))))
        let negative = Self.inputError { _ = try CategoryAmount(category: "Rent", amount: Money(minorUnits: -1, currency: Self.eur)) }
        #expect(negative == .invalid(.document, field: "amount", .amount(.negative)))
        let unnamed = Self.inputError { _ = try CategoryAmount(category: "", amount: money) }
        #expect(unnamed == .invalid(.document, field: "category", .empty))
    }

    @Test func badAnalyticsAreRefusedNamingTheEntry() throws {
        let rent = try Self.entry("Rent", "1.00")
        let yen = try CategoryAmount(category: "Sushi", amount: Money(decimal: "500", currency: Self.jpy))
        func refusal(period: String = "2026-11", spent: [CategoryAmount] = [], received: [CategoryAmount] = []) -> InputProblem? {
            Self.inputError { _ = try Analytics(period: period, currency: Self.eur, spent: spent, received: received) }
        }
        #expect(refusal(period: "2026-13") == .invalid(.analytics, field: "period", .invalidPeriod))
        #expect(refusal(period: "26-11") == .invalid(.analytics, field: "period", .invalidPeriod))
        #expect(refusal(spent: [rent, yen]) == .invalid(.spent(number: 2), field: "amount", .currencyMismatch))
        #expect(refusal(received: [rent, rent]) == .invalid(.received(number: 2), field: "category", .duplicateCategory(entry: 1)))
        let many = try (1...51).map { try Self.entry("Category \($0)", "1.00") }
        #expect(refusal(spent: many) == .invalid(.analytics, field: "spent", .tooManyEntries(count: 51, limit: 50)))
        #expect(refusal(spent: [rent, yen])?.description == "Spent entry 2, field \"amount\": is in another currency than the analytics.")
    }

    @Test func aBadPortfolioIsRefusedNamingTheAccount() throws {
        func refusal(_ accounts: [Account]) -> InputProblem? {
            Self.inputError { _ = try Portfolio(accounts: accounts) }
        }
        #expect(refusal([]) == .invalid(.document, field: "accounts", .noAccounts))
        let a = try Self.account("a", type: .main)
        #expect(refusal([a, try Self.account("b"), a]) == .invalid(.account(number: 3, id: "a"), field: "id", .duplicateID(account: 1)))
        #expect(refusal([a, try Self.account("b", type: .main)]) == .invalid(.account(number: 2, id: "b"), field: "type", .secondMainAccount(first: 1)))
        let many = try (1...1001).map { try Self.account("acc-\($0)") }
        #expect(refusal(many) == .invalid(.document, field: "accounts", .tooManyEntries(count: 1001, limit: 1000)))
        #expect(try Portfolio(accounts: Array(many.prefix(1000))).accounts.count == 1000)

        switch refusal([a, a]) {
        case let .invalid(.account(number, id?), field?, .duplicateID(first))?:
            #expect((number, id, field, first) == (2, "a", "id", 1))
        default:
            Issue.record("a repeated id must be refused as .duplicateID")
        }
    }

    // MARK: The same refusal from JSON and from the initialisers

    /// The bank JSON (object form) of accounts `(id, type)` and optional analytics.
    static func json(_ accounts: [(id: String, type: String)], analytics: String? = nil) -> Data {
        let list = accounts.map {
            #"{"id":"\#($0.id)","name":"Account","balance":"10.00","currency":"EUR","IBAN":"DE89 3704 0044 0532 0130 00","type":"\#($0.type)"}"#
        }
        let tail = analytics.map { #","analytics":\#($0)"# } ?? ""
        return Data(#"{"accounts":[\#(list.joined(separator: ","))]\#(tail)}"#.utf8)
    }

    static func analyticsJSON(period: String = "2026-11", spent: [(String, String)] = [], received: [(String, String)] = []) -> String {
        func list(_ entries: [(String, String)]) -> String {
            "[" + entries.map { #"{"category":"\#($0.0)","amount":"\#($0.1)"}"# }.joined(separator: ",") + "]"
        }
        return #"{"period":"\#(period)","currency":"EUR","spent":\#(list(spent)),"received":\#(list(received))}"#
    }

    @Test func jsonAndInitialisersRefuseTheSamePortfolioIdentically() throws {
        let fromJSON = { (data: Data) in Self.inputError { _ = try Portfolio(bankJSON: data) } }
        let fromValues = { (accounts: [(id: String, type: String)]) in
            Self.inputError {
                _ = try Portfolio(accounts: try accounts.map { try Self.account($0.id, type: AccountType(rawValue: $0.type)!) })
            }
        }
        let cases: [[(id: String, type: String)]] = [
            [("a", "main"), ("b", "secondary"), ("a", "secondary")],
            [("a", "main"), ("b", "main")],
            (1...1001).map { ("acc-\($0)", "secondary") },
            [],
        ]
        for accounts in cases {
            let json = fromJSON(Self.json(accounts))
            #expect(json != nil)
            #expect(json == fromValues(accounts), "\(accounts.count) accounts")
            #expect(json?.description == fromValues(accounts)?.description)
        }

        let analytics: [(json: String, values: () throws -> Analytics)] = [
            (Self.analyticsJSON(period: "2026-00"), { try Analytics(period: "2026-00", currency: Self.eur, spent: [], received: []) }),
            (Self.analyticsJSON(spent: [("Rent", "1"), ("Rent", "2")]), {
                try Analytics(period: "2026-11", currency: Self.eur, spent: [Self.entry("Rent", "1"), Self.entry("Rent", "2")], received: [])
            }),
            (Self.analyticsJSON(received: (1...51).map { ("C\($0)", "1") }), {
                try Analytics(period: "2026-11", currency: Self.eur, spent: [], received: (1...51).map { try Self.entry("C\($0)", "1") })
            }),
        ]
        for (json, values) in analytics {
            let refusedJSON = fromJSON(Self.json([("a", "main")], analytics: json))
            #expect(refusedJSON != nil)
            #expect(refusedJSON == Self.inputError { _ = try values() }, "\(json)")
        }
    }

    @Test func jsonAndInitialisersRefuseTheSameFieldWithTheSameProblem() throws {
        let fields: [(json: String, field: String, values: () throws -> Void)] = [
            (#""IBAN":"DE89 3704 0044 0532 0130 01""#, "IBAN", { _ = try IBAN("DE89 3704 0044 0532 0130 01") }),
            (#""balance":"1,00""#, "balance", { _ = try Money(decimal: "1,00", currency: Self.eur) }),
            (#""name":"A\u2022""#, "name", { _ = try Self.account("a", name: "A\u{2022}") }),
            (#""id":"a b""#, "id", { _ = try Self.account("a b") }),
        ]
        let base: [String: String] = [
            "id": #""id":"a""#, "name": #""name":"A""#, "balance": #""balance":"10.00""#,
            "IBAN": #""IBAN":"DE89370400440532013000""#,
        ]
        for (member, field, values) in fields {
            var members = base
            members[field] = member
            let json = #"[{\#(members["id"]!),\#(members["name"]!),\#(members["balance"]!),"currency":"EUR",\#(members["IBAN"]!),"type":"main"}]"#
            let refusedJSON = Self.inputError { _ = try Portfolio(bankJSON: Data(json.utf8)) }
            let refusedValue = Self.inputError { try values() }
            guard case let .invalid(_, jsonField, jsonProblem)? = refusedJSON,
                case let .invalid(.document, valueField, valueProblem)? = refusedValue
            else {
                Issue.record("\(field): \(String(describing: refusedJSON)) / \(String(describing: refusedValue))")
                continue
            }
            #expect(jsonProblem == valueProblem, "\(field)")
            #expect(jsonField == field)
            #expect(valueField == (field == "balance" ? "amount" : field))
        }
    }

    @Test func anAccountNumberIsValidatedWhenMadeAndTheAccountAgain() throws {
        let number = try AccountNumber("021000021 7654-321098")
        #expect(number.compactForm == "0210000217654321098")
        #expect(number.lastFour == "1098")
        #expect(String(describing: number) == "AccountNumber(redacted)")
        let account = try Account(
            id: "acc-checking", name: "Checking", balance: Money(decimal: "1520.75", currency: Self.usd),
            accountNumber: number, type: .main)
        #expect(account.iban == nil && account.accountNumber == number)
        #expect(account.identifier == .accountNumber(number) && account.identifier?.kind == .accountNumber)

        let refusals: [(String, FieldProblem)] = [
            ("", .empty),
            ("123", .accountNumber(.wrongLength(actual: 3, allowed: 4...34))),
            ("1234--5678", .accountNumber(.invalidSeparators)),
            ("1234_5678", .accountNumber(.invalidCharacters)),
            ("CHECKING", .accountNumber(.noDigit)),
            ("DE89 3704 0044 0532 0130 00", .accountNumber(.isIBAN)),
        ]
        for (text, problem) in refusals {
            let error = Self.inputError { _ = try AccountNumber(text) }
            #expect(error == .invalid(.document, field: "accountNumber", problem), "\(text)")
            #expect(error?.description.hasPrefix(#"The input, field "accountNumber": "#) == true, "\(String(describing: error))")
        }
        // The account's own rules still apply, in publish input's order.
        let unnamed = Self.inputError {
            _ = try Account(id: "a", name: "", balance: Money(minorUnits: 1, currency: Self.usd), accountNumber: number, type: .main)
        }
        #expect(unnamed == .invalid(.document, field: "name", .empty))
    }
}
