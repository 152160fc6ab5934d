import Foundation
import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp
@testable import SecureBridgeTestSupport

/// The `bridgectl read --format json` contract, and the text rendering.
@Suite struct TimelineJSONTests {
    typealias F = TimelineFixtures

    private func render(_ result: GateResult, _ request: WidgetRequest = F.request(.balance, .systemLarge)) -> String {
        TimelineJSON.render(WidgetTimeline.timeline(for: result, request: request, now: F.now))
    }

    private func parse(_ json: String) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8))
        return try #require(object as? [String: Any])
    }

    private func entries(_ json: [String: Any]) throws -> [[String: Any]] {
        try #require(json["entries"] as? [[String: Any]])
    }

    @Test func jsonIsOneObjectWithTheContractKeys() throws {
        let json = try parse(render(.content(F.content())))
        #expect(json["kind"] as? String == "balance")
        #expect(json["family"] as? String == "systemLarge")
        let list = try entries(json)
        #expect(list.count == 4)
        for entry in list {
            for key in ["date", "state", "reason", "title", "sample", "url", "lastUpdated", "accounts", "spending"] {
                #expect(entry[key] != nil, "missing \(key)")
            }
        }
        let first = list[0]
        #expect(first["date"] as? String == "2026-11-21T16:00:00Z")
        #expect(first["state"] as? String == "full")
        #expect(first["reason"] is NSNull)
        let accounts = try #require(first["accounts"] as? [[String: Any]])
        #expect(Set(accounts[0].keys) == ["id", "name", "balance", "balanceValue", "iban", "accountNumber", "type", "currency", "url"])
        #expect(accounts[0]["balance"] as? String == "€4,675.00")
        // The typed value beside the display string: a reader never parses "€4,675.00".
        #expect(accounts[0]["balanceValue"] as? String == "4675.00")
        #expect(accounts[0]["currency"] as? String == "EUR")
        #expect(accounts[0]["iban"] as? String == "•••• 4310")
        #expect(accounts[0]["type"] as? String == "main")
        #expect(accounts[0]["url"] as? String == "securebridge://account/8ab78900f99013a")
        #expect(list.map { $0["state"] as? String } == ["full", "full", "masked", "placeholder"])
        #expect(list.map { $0["reason"] as? String } == [nil, "stale", "expired", "session-expired"])
        let policy = try #require(json["policy"] as? [String: Any])
        #expect(policy["kind"] as? String == "after")
        #expect(policy["date"] as? String == "2026-11-21T16:30:00Z")
    }

    @Test func neverPolicyHasNoDate() throws {
        let json = try parse(render(.refused(.loggedOut)))
        let policy = try #require(json["policy"] as? [String: Any])
        #expect(policy["kind"] as? String == "never")
        #expect(policy["date"] == nil)
        let entry = try entries(json)[0]
        #expect(entry["reason"] as? String == "logged-out")
        #expect(entry["url"] as? String == "securebridge://login")
        #expect(entry["lastUpdated"] is NSNull)
        #expect((entry["accounts"] as? [Any])?.isEmpty == true)
    }

    @Test func atEndPolicyIsWritten() {
        let timeline = BridgeTimeline(kind: .spending, family: .systemSmall, entries: [], policy: .atEnd)
        #expect(TimelineJSON.render(timeline) == #"{"kind":"spending","family":"systemSmall","entries":[],"policy":{"kind":"atEnd"}}"#)
    }

    @Test func renderingIsDeterministic() {
        let result = GateResult.content(F.content())
        #expect(render(result) == render(result))
        #expect(!render(result).contains("\n"))
    }

    @Test func maskedAndPlaceholderJSONCarriesNoDigitOfAnyBalance() throws {
        let results: [GateResult] = [
            .content(F.content(isLocked: true)),
            .content(F.content(hidesBalances: true)),
            .content(F.content(staleAt: F.now - 2, expiresAt: F.now - 1)),
            .content(F.content(sessionExpiresAt: F.now)),
            .refused(.loggedOut),
        ]
        let requests = [F.request(.balance, .systemExtraLarge), F.request(.balance, .systemSmall, privacy: true),
                        F.request(.balance, .accessoryInline)]
        let leaks = F.accounts.flatMap { F.leakForms(of: $0.balance) }
        for result in results {
            for request in requests {
                let json = render(result, request)
                for leak in leaks { #expect(!json.contains(leak), "\(leak) leaked") }
                for entry in try entries(parse(json)) {
                    #expect(entry["state"] as? String != "full")
                    for account in entry["accounts"] as? [[String: Any]] ?? [] {
                        let balance = try #require(account["balance"] as? String)
                        #expect(!F.hasDigit(balance))
                        #expect(account["balanceValue"] is NSNull)
                    }
                }
            }
        }
    }

    @Test func maskedSpendingJSONCarriesNoFigure() throws {
        let json = render(.content(F.content(isLocked: true)), F.request(.spending, .systemLarge))
        for leak in ["900", "1,800", "3,525", "%"] { #expect(!json.contains(leak)) }
        let spending = try #require(try entries(parse(json))[0]["spending"] as? [String: Any])
        #expect(spending["totalSpent"] as? String == Redaction.mask)
        let categories = try #require(spending["categories"] as? [[String: Any]])
        #expect(categories.count == 5)
        #expect(categories.allSatisfy { $0["percent"] is NSNull && $0["amount"] as? String == Redaction.mask })
        #expect(spending["totalSpentValue"] is NSNull && spending["totalReceivedValue"] is NSNull)
        #expect(categories.allSatisfy { $0["amountValue"] is NSNull })
    }

    @Test func fullSpendingJSONHasTotalsAndShares() throws {
        let json = try parse(render(.content(F.content()), F.request(.spending, .systemMedium)))
        let entry = try entries(json)[0]
        #expect(entry["title"] as? String == "Spending November 2026")
        let spending = try #require(entry["spending"] as? [String: Any])
        #expect(spending["totalSpent"] as? String == "€1,800.00")
        #expect(spending["totalSpentValue"] as? String == "1800.00")
        #expect(spending["currency"] as? String == "EUR")
        let categories = try #require(spending["categories"] as? [[String: Any]])
        #expect(categories.map { $0["name"] as? String } == ["Rent", "Groceries", "Travel"])
        #expect(categories.map { $0["amountValue"] as? String } == ["900.00", "420.00", "180.00"])
        #expect(categories.map { $0["percent"] as? String } == ["50.0%", "23.3%", "10.0%"])
    }

    @Test func stringsAreEscapedAndParseBack() throws {
        let name = "Q\"uote\\back\nline\ttab\u{1}ctl\u{7F}\u{2028}\u{2029}€"
        let account = Account(uncheckedID: "odd", name: name, balance: Money(minorUnits: 1, currency: F.eur),
                              iban: IBAN(checkedElectronicFormat: "DE89370400440532013000"), type: .main)
        let raw = render(.content(F.content(portfolio: Portfolio(uncheckedAccounts: [account]))), F.request(.balance, .systemSmall))
        #expect(raw.contains(#"\u2028"#))
        #expect(raw.contains(#"\u2029"#))
        #expect(raw.contains(#"\u0001"#))
        #expect(!raw.unicodeScalars.contains { $0.value < 0x20 || $0 == "\u{2028}" || $0 == "\u{2029}" })
        let entry = try entries(parse(raw))[0]
        #expect(entry["title"] as? String == name)
        #expect((entry["accounts"] as? [[String: Any]])?.first?["name"] as? String == name)
    }

    @Test func textRenderingListsEachAccountOnALine() {
        let text = TimelineText.render(WidgetTimeline.timeline(for: .content(F.content()), request: F.request(), now: F.now))
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.first == "balance systemMedium")
        #expect(lines.contains("2026-11-21T16:00:00Z  full  Accounts"))
        #expect(lines.contains("  Main Account  €4,675.00  •••• 4310"))
        #expect(lines.contains("2026-11-22T04:00:00Z  masked (expired)  Accounts"))
        #expect(lines.contains("  Main Account  ••••  •••• 4310"))
        #expect(lines.contains("  updated 2026-11-21T15:55:00Z (5 min ago)"))
        #expect(lines.last == "reload: after 2026-11-21T16:30:00Z")
    }

    @Test func textRenderingNeutralisesTerminalControls() {
        #expect(TimelineText.safe("a\u{1B}[31mb\u{202E}c") == "a\u{FFFD}[31mb\u{FFFD}c")
        #expect(TimelineText.safe("Family 👨‍👩‍👧") == "Family 👨‍👩‍👧")
    }
}
