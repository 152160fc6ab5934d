import Foundation
import SecureBridge
import SystemPackage
import Testing

/// An app that builds its portfolio from its own model objects, not from bank
/// JSON: the public validating initialisers, their typed errors, and the same
/// refusals as the JSON path.
@Suite struct OwnModelsTests {
    typealias Home = ProviderEndToEndTests.Home

    static let eur = Currency.iso4217("EUR")!
    static let jpy = Currency.iso4217("JPY")!
    static let passcode = SecureBytes(copying: Array("2468".utf8))

    /// The reason of the error `body` throws, which must be an `InputError`
    /// (its reason is the package's detail; an app reads the description).
    static func inputError(_ body: () throws -> Void) -> InputError.Cause? {
        do {
            try body()
            Issue.record("expected an InputError, nothing was thrown")
            return nil
        } catch let error as InputError {
            return error.cause
        } catch {
            Issue.record("expected an InputError, got \(type(of: error)): \(error)")
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

    // MARK: Publishing the app's own values

    @Test func aPortfolioOfTheAppsOwnValuesIsPublishedAndReadBackFull() throws {
        let portfolio = try Portfolio(
            accounts: [
                Account(
                    id: "acc-main", name: "Everyday", balance: Money(decimal: "4675.00", currency: Self.eur),
                    iban: IBAN("DE89 3704 0044 0532 0130 00"), type: .main),
                Account(
                    id: "acc-savings", name: "Savings 2026", balance: Money(minorUnits: 1_250_000, currency: Self.eur),
                    iban: IBAN("gb82west12345698765432"), type: .secondary),
                Account(
                    id: "acc-card", name: "Card", balance: Money(decimal: "-120.5", currency: Self.eur),
                    iban: IBAN("NL91ABNA0417164300"), type: .secondary),
            ],
            analytics: Analytics(
                period: "2026-11", currency: Self.eur,
                spent: [Self.entry("Rent", "1200.00"), Self.entry("Groceries", "412.37")],
                received: [Self.entry("Salary", "3850")]))

        let fixture = try Home()
        let app = BridgeApp(home: fixture.home)
        let now = Date()  // one instant: the same values at another second are another timeline (their "updated" time)
        try app.login(user: "alice", passcode: Self.passcode, sessionLength: .seconds(3600), now: now)
        let receipt = try app.publish(portfolio, staleAfter: .seconds(600), expiresAfter: .seconds(3600), now: now)
        #expect(receipt.timelineChanged)

        let provider = WidgetProvider(home: fixture.home)
        let balance = provider.snapshot(for: WidgetRequest(kind: .balance, family: .systemLarge))
        #expect(balance.state == .full && balance.reason == nil && !balance.isSample)
        #expect(balance.accounts.map(\.id) == ["acc-main", "acc-savings", "acc-card"])
        #expect(balance.accounts.map(\.name) == ["Everyday", "Savings 2026", "Card"])
        #expect(balance.accounts.map(\.balance.decimalString) == ["4675.00", "12500.00", "-120.50"])
        #expect(balance.accounts.map(\.balance.currencyCode) == ["EUR", "EUR", "EUR"])
        #expect(balance.accounts.map(\.type) == [.main, .secondary, .secondary])

        let spending = provider.snapshot(for: WidgetRequest(kind: .spending, family: .systemLarge))
        #expect(spending.state == .full)
        let figures = try #require(spending.spending)
        #expect(figures.categories.map(\.name) == ["Rent", "Groceries"])
        #expect(figures.totalSpent.decimalString == "1612.37")
        #expect(figures.totalReceived.decimalString == "3850.00")

        let same = try app.publish(portfolio, staleAfter: .seconds(600), expiresAfter: .seconds(3600), now: now)
        #expect(!same.timelineChanged, "the same values again change nothing a widget shows")
    }

    @Test func theDocumentedSamplePublishesOwnValuesAndNamesTheBrokenRule() throws {
        let fixture = try Home()
        try logIn(home: fixture.home, user: "alice", passcode: Self.passcode)
        let iban = "DE89 3704 0044 0532 0130 00"
        #expect(try publish(home: fixture.home, accounts: [("acc-main", "Everyday", 467_500, iban), ("acc-2", "Savings", 10, iban)]))
        let entry = WidgetProvider(home: fixture.home).snapshot(for: WidgetRequest(kind: .balance, family: .systemLarge))
        #expect(entry.accounts.map(\.balance.decimalString) == ["4675.00", "0.10"])
        #expect(entry.accounts.first?.type == .main)

        let repeated = Self.inputError { _ = try publish(home: fixture.home, accounts: [("a", "A", 1, iban), ("a", "B", 2, iban)]) }
        #expect(repeated.map { InputError($0).description } == #"Account 2 ("a"), field "id": is already the id of account 1; ids must be unique."#)
        let badIBAN = Self.inputError { _ = try publish(home: fixture.home, accounts: [("a", "A", 1, "DE00 0000")]) }
        #expect(badIBAN.map { InputError($0).description } == #"The input, field "IBAN": has 8 characters, but IBANs from DE have 22."#)
    }

    @Test func theInitialisersKeepWhatTheyAreGivenNormalised() throws {
        let iban = try IBAN("de89 3704 0044 0532 0130 00")
        #expect(iban.electronicFormat == "DE89370400440532013000")
        #expect(try Money(decimal: "4675", currency: Self.eur) == Money(minorUnits: 467_500, currency: Self.eur))
        #expect(try Money(decimal: "-0", currency: Self.eur).minorUnits == 0)
        #expect(try Money(decimal: "500", currency: Self.jpy).minorUnits == 500)
        let portfolio = try Portfolio(accounts: [Self.account("a", type: .main), Self.account("b")])
        #expect(portfolio.mainAccount?.id == "a")
        #expect(portfolio.analytics == nil)
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
        func refusal(id: String = "a", name: String = "A", balance: Money? = nil) -> InputError.Cause? {
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
        func refusal(period: String = "2026-11", spent: [CategoryAmount] = [], received: [CategoryAmount] = []) -> InputError.Cause? {
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
        func refusal(_ accounts: [Account]) -> InputError.Cause? {
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

    // MARK: Every public error type, caught by type from a public call

    @Test func eachPublicErrorIsCaughtByItsType() throws {
        do {
            _ = try Portfolio(bankJSON: Data(#"{"accounts": [}"#.utf8))
            Issue.record("invalid JSON was accepted")
        } catch let error as InputError {
            #expect(error.description == "The input is not valid JSON: line 1, column 15: expected a value or ']' after '['.")
        }

        do {
            _ = try DeepLink(parsing: "securebridge://login?next=x", scheme: "securebridge")
            Issue.record("a query was accepted")
        } catch let error as DeepLinkError {
            #expect(error.description == "The deep link has a query part, which app links never have.")
        }

        do {
            _ = try BridgeHome.resolve(home: nil, app: nil, keychain: nil, container: nil, environment: [:])
            Issue.record("a home was found in an empty environment")
        } catch let error as StorageError {
            #expect(error.path == nil && !error.isTransient)
        }

        let fixture = try Home()
        let app = BridgeApp(home: fixture.home)
        do {
            try app.lock(now: Date())
            Issue.record("a home nobody set up was locked")
        } catch let error as SessionError {
            #expect(error.kind == .notOnboarded)
        }
        do {
            try app.login(user: "alice", passcode: SecureBytes(copying: Array("12".utf8)), sessionLength: .seconds(60), now: Date())
            Issue.record("a two-character passcode was accepted")
        } catch let error as SessionError {
            #expect(error.kind == .invalidArgument)
            #expect(error.description == "The passcode is not acceptable: it must be at least 4 characters.")
        }

        try app.login(user: "alice", passcode: Self.passcode, sessionLength: .seconds(3600), now: Date())
        let portfolio = try Portfolio(accounts: [Self.account("a", type: .main)])
        try Self.damage(fixture.root + "/keychain/keyset")
        do {
            try app.publish(portfolio, staleAfter: .seconds(60), expiresAfter: .seconds(120), now: Date())
            Issue.record("a damaged keyset was used")
        } catch let error as KeychainError {
            #expect(error == .corrupt(file: "keyset"))
        }

        try Self.damage(fixture.root + "/app/signing-key.pem")
        do {
            _ = try app.status(now: Date())
            Issue.record("a damaged signing key was read")
        } catch let error as CryptoError {
            #expect(error.description.hasPrefix("The key could not be read: not "), "\(error)")
        }
    }

    /// Replaces a file with bytes of no format, keeping it private to the user.
    static func damage(_ path: String) throws {
        try FileManager.default.removeItem(atPath: path)
        let created = FileManager.default.createFile(
            atPath: path, contents: Data("not a SecureBridge file".utf8), attributes: [.posixPermissions: 0o600])
        #expect(created)
    }
}
