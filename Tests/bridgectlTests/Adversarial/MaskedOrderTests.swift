import Foundation
import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp
@testable import SecureBridgeTestSupport

/// Issue 11, item 6: a masked entry must not reveal amounts through which
/// rows it lists or in what order. Two snapshots with the same accounts and
/// categories but different amounts must render byte for byte the same
/// masked output, through `read` and `preview`, in every format and family.
@Suite struct MaskedOrderTests {
    /// Seven categories (more than any family lists) and three accounts; `amounts` decides the ranking.
    static func payload(balances: [String], spent: [String]) -> [UInt8] {
        let accounts = [
            #"{"id":"acc-a","name":"Alpha","balance":"\#(balances[0])","currency":"EUR","IBAN":"DE89370400440532013000","type":"secondary"}"#,
            #"{"id":"acc-b","name":"Bravo","balance":"\#(balances[1])","currency":"EUR","IBAN":"NL91ABNA0417164300","type":"secondary"}"#,
            #"{"id":"acc-c","name":"Charlie","balance":"\#(balances[2])","currency":"EUR","IBAN":"GB82WEST12345698765432","type":"secondary"}"#,
        ]
        let categories = ["Rent", "Groceries", "Travel", "Books", "Gym", "Car", "Taxes"]
        let entries = zip(categories, spent).map { #"{"category":"\#($0)","amount":"\#($1)"}"# }
        return Array(#"""
            {"accounts":[\#(accounts.joined(separator: ","))],
             "analytics":{"period":"2026-11","currency":"EUR","spent":[\#(entries.joined(separator: ","))],
                          "received":[{"category":"Salary","amount":"3500.00"}]}}
            """#.utf8)
    }

    static let first = payload(
        balances: ["10.00", "20000.00", "300.00"],
        spent: ["1200.00", "300.00", "50.00", "20.00", "40.00", "500.00", "10.00"])
    static let second = payload(
        balances: ["99999.00", "1.00", "5.00"],
        spent: ["1.00", "2.00", "900.00", "800.00", "3.00", "4.00", "700.00"])

    /// A home logged in and holding `input`, everything at `fixture.start`.
    static func home(_ input: [UInt8], locked: Bool) throws -> BridgeFixture {
        let fixture = try BridgeFixture()
        try fixture.loginAndPublish(input)
        if locked { try fixture.app.lock(now: fixture.start) }
        return fixture
    }

    /// Every masked rendering of `fixture` that a widget or a preview can produce.
    static func maskedRenderings(_ fixture: BridgeFixture, privacy: Bool) async throws -> [String: String] {
        var renderings: [String: String] = [:]
        let common = ["--home", fixture.root, "--now", fixture.startText] + (privacy ? ["--privacy"] : [])
        for kind in WidgetKind.allCases {
            for family in BridgeFamily.allCases {
                for format in ["text", "json"] {
                    let output = try await Bridgectl.run(
                        ["read", "--kind", kind.rawValue, "--family", family.rawValue, "--format", format] + common)
                    #expect(output.succeeded, "\(output)")
                    renderings["read \(kind) \(family) \(format)"] = output.stdout
                }
            }
            for format in ["text", "svg"] {
                let output = try await Bridgectl.run(["preview", "--kind", kind.rawValue, "--format", format] + common)
                #expect(output.succeeded, "\(output)")
                renderings["preview \(kind) \(format)"] = output.stdout
            }
        }
        return renderings
    }

    @Test(.sweep, arguments: [(locked: true, privacy: false), (locked: false, privacy: true)])
    func maskedOutputDoesNotDependOnAmounts(locked: Bool, privacy: Bool) async throws {
        let one = try await Self.maskedRenderings(Self.home(Self.first, locked: locked), privacy: privacy)
        let other = try await Self.maskedRenderings(Self.home(Self.second, locked: locked), privacy: privacy)
        #expect(one.count == other.count)
        for (name, rendering) in one.sorted(by: { $0.key < $1.key }) {
            #expect(!rendering.contains("1200") && !rendering.contains("20,000"), "\(name) shows an amount")
            #expect(rendering == other[name], "\(name) differs between snapshots that differ only in amounts")
        }
    }

    @Test func maskedSpendingListsTheFirstCategoriesByName() async throws {
        let fixture = try Self.home(Self.first, locked: true)
        let output = try await Bridgectl.run([
            "read", "--kind", "spending", "--family", "systemLarge", "--format", "json",
            "--home", fixture.root, "--now", fixture.startText,
        ])
        let entry = try #require((output.json?["entries"] as? [[String: Any]])?.first)
        let categories = try #require((entry["spending"] as? [String: Any])?["categories"] as? [[String: Any]])
        #expect(categories.compactMap { $0["name"] as? String } == ["Books", "Car", "Groceries", "Gym", "Rent"])
    }
}
