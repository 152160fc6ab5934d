import Foundation
import SecureBridge
import SecureBridgeTesting
import SystemPackage
import Testing

/// An app that builds its portfolio from its own model objects, not from bank
/// JSON: the public validating initialisers and their errors
/// (`ModelRefusalTests` checks each rule's exact cause).
@Suite struct OwnModelsTests {
    typealias Home = ProviderEndToEndTests.Home

    static let eur = Currency.iso4217("EUR")!
    static let jpy = Currency.iso4217("JPY")!
    static let passcode = SecureBytes(copying: Array("2468".utf8))

    /// The error `body` throws, which must be a `BridgeError`.
    static func inputError(_ body: () throws -> Void) -> BridgeError? {
        do {
            try body()
            Issue.record("expected a BridgeError, nothing was thrown")
            return nil
        } catch let error as BridgeError {
            return error
        } catch {
            Issue.record("expected a BridgeError, got \(type(of: error)): \(error)")
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
        let app = BridgeApp.forTesting(home: fixture.home)
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
        try logInAtTestingCost(home: fixture.home, user: "alice", passcode: Self.passcode)
        let iban = "DE89 3704 0044 0532 0130 00"
        #expect(try publish(home: fixture.home, accounts: [("acc-main", "Everyday", 467_500, iban), ("acc-2", "Savings", 10, iban)]))
        let entry = WidgetProvider(home: fixture.home).snapshot(for: WidgetRequest(kind: .balance, family: .systemLarge))
        #expect(entry.accounts.map(\.balance.decimalString) == ["4675.00", "0.10"])
        #expect(entry.accounts.first?.type == .main)

        let repeated = Self.inputError { _ = try publish(home: fixture.home, accounts: [("a", "A", 1, iban), ("a", "B", 2, iban)]) }
        #expect(repeated?.description == #"Account 2 ("a"), field "id": is already the id of account 1; ids must be unique."#)
        let badIBAN = Self.inputError { _ = try publish(home: fixture.home, accounts: [("a", "A", 1, "DE00 0000")]) }
        #expect(badIBAN?.description == #"The input, field "IBAN": has 8 characters, but IBANs from DE have 22."#)
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

    // MARK: Every public error type, caught by type from a public call

    @Test func eachPublicErrorIsCaughtByItsType() throws {
        do {
            _ = try Portfolio(bankJSON: Data(#"{"accounts": [}"#.utf8))
            Issue.record("invalid JSON was accepted")
        } catch let error as BridgeError {
            #expect(error.description == "The input is not valid JSON: line 1, column 15: expected a value or ']' after '['.")
        }

        do {
            _ = try DeepLink(parsing: "securebridge://login?next=x", scheme: "securebridge")
            Issue.record("a query was accepted")
        } catch let error as BridgeError {
            #expect(error.description == "The deep link has a query part, which app links never have.")
        }

        do {
            _ = try BridgeHome.resolve(home: nil, app: nil, keychain: nil, container: nil, environment: [:])
            Issue.record("a home was found in an empty environment")
        } catch let error as StorageError {
            #expect(error.path == nil && !error.isTransient)
        }

        let fixture = try Home()
        let app = BridgeApp.forTesting(home: fixture.home)
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
            #expect(error.kind == .invalidPasscode)
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
        } catch let error as BridgeError {
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
