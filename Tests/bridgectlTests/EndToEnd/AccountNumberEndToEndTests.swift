import Foundation
import Testing
@testable import SecureBridgeTestSupport

/// Accounts without an IBAN (a US checking account, a card) through real
/// `bridgectl` processes: publish, read in every format, preview, lock.
struct AccountNumberEndToEndTests {
    static let input = """
        [{"id": "acc-checking", "name": "Checking", "balance": "1520.75", "currency": "USD",
          "accountNumber": "021000021 7654321098", "type": "main"},
         {"id": "acc-card", "name": "Card", "balance": "-80.10", "currency": "USD",
          "IBAN": null, "accountNumber": "4321", "type": "secondary"},
         {"id": "acc-eur", "name": "Euro", "balance": "10.00", "currency": "EUR",
          "IBAN": "DE89 3704 0044 0532 0130 00", "type": "secondary"}]
        """

    /// The checking account's number without separators.
    static let checkingNumber = "0210000217654321098"

    /// Whether `text` holds six characters in a row of the checking account's
    /// number (five could be a coordinate in an SVG), or its routing or
    /// account part as written: anything beyond the last four.
    static func showsMoreThanTheLastFour(_ text: String) -> Bool {
        let characters = Array(checkingNumber)
        for start in 0...(characters.count - 6) where text.contains(String(characters[start..<start + 6])) {
            return true
        }
        return text.contains("021000021") || text.contains("7654321")
    }

    @Test func anAccountWithoutAnIBANIsPublishedReadAndPreviewedShowingOnlyItsLastFour() async throws {
        try await EndToEndHome.with { home in
            try await home.login()
            try await home.publish(try home.input(named: "us.json", Self.input))
            let now = Instant.text(Date().addingTimeInterval(60))

            let full = try await home.read("--family", "systemLarge", "--now", now)
            #expect(full.current.state == "full")
            let accounts = Dictionary(uniqueKeysWithValues: full.current.accounts.map { ($0.id, $0) })
            #expect(accounts["acc-checking"]?.accountNumber == "•••• 1098" && accounts["acc-checking"]?.iban == nil)
            #expect(accounts["acc-checking"]?.balance == "$1,520.75")
            #expect(accounts["acc-card"]?.accountNumber == "•••• 4321" && accounts["acc-card"]?.iban == nil)
            #expect(accounts["acc-eur"]?.iban == "•••• 3000" && accounts["acc-eur"]?.accountNumber == nil)
            #expect(!Self.showsMoreThanTheLastFour(full.raw), "\(full.raw)")

            let views: [[String]] = [
                ["read", "--format", "text", "--family", "systemLarge", "--now", now],
                ["read", "--format", "waybar", "--now", now],
                ["read", "--format", "line", "--now", now],
                ["preview", "--family", "systemLarge", "--now", now],
                ["preview", "--format", "svg", "--family", "systemLarge", "--now", now],
            ]
            for arguments in views {
                let result = try await home.bridgectl(arguments)
                #expect(result.succeeded, "\(result)")
                #expect(!Self.showsMoreThanTheLastFour(result.stdout + result.stderr), "\(arguments): \(result.stdout)")
            }
            let text = try await home.bridgectl("read", "--format", "text", "--family", "systemLarge", "--now", now)
            #expect(text.stdout.contains("•••• 1098") && text.stdout.contains("•••• 4321"), "\(text.stdout)")
            let preview = try await home.bridgectl("preview", "--family", "systemLarge", "--now", now)
            #expect(preview.stdout.contains("•••• 1098") && preview.stdout.contains("•••• 4321"), "\(preview.stdout)")

            let lock = try await home.bridgectl("lock")
            #expect(lock.succeeded, "\(lock)")
            let masked = try await home.read("--family", "systemLarge", "--now", now)
            #expect(masked.current.state == "masked")
            let checking = try #require(masked.current.accounts.first { $0.id == "acc-checking" })
            #expect(checking.accountNumber == "•••• 1098" && checking.balance == "••••")
            #expect(!Self.showsMoreThanTheLastFour(masked.raw) && !masked.raw.contains("1520"), "\(masked.raw)")
            let maskedPreview = try await home.bridgectl("preview", "--family", "systemLarge", "--now", now)
            #expect(maskedPreview.stdout.contains("•••• 1098") && !Self.showsMoreThanTheLastFour(maskedPreview.stdout))
        }
    }

    /// The leak check itself fails on more than the last four of the example's
    /// account number, and the contract on an account with both numbers
    /// (neither is an account without a number, which shows none).
    @Test func theChecksCatchAnAccountNumberShownInFull() throws {
        func account(iban: String, accountNumber: String) -> String {
            #"{"id":"acc-usd","name":"Dollar Account","balance":"$12,850.40","iban":"# + iban
                + #","accountNumber":"# + accountNumber + #","type":"secondary","url":null}"#
        }
        let leaking = try WidgetOutput(parsing: ContractCheckTests.timeline(entries: [
            ContractCheckTests.entry(state: "full", reason: nil, accounts: [account(iban: "null", accountNumber: #""•••• 321098""#)]),
        ]))
        let problems = balanceLeaks(in: leaking)
        #expect(problems.contains { $0.contains("shows 6 characters of its number") }, "\(problems)")
        for (iban, accountNumber) in [(#""•••• 3000""#, #""•••• 1098""#)] {
            #expect(throws: (any Error).self) {
                try WidgetOutput(parsing: ContractCheckTests.timeline(entries: [
                    ContractCheckTests.entry(state: "full", reason: nil, accounts: [account(iban: iban, accountNumber: accountNumber)]),
                ]))
            }
        }
    }

    @Test func aBadAccountNumberIsRefusedWithOneSentenceNamingTheField() async throws {
        try await EndToEndHome.with { home in
            try await home.login()
            try await home.publish(try home.input(named: "us.json", Self.input))
            let now = Instant.text(Date().addingTimeInterval(60))
            let before = try await home.read("--now", now)
            let refusals: [(written: String, words: [String])] = [
                ("021000021 7654321098 0210000217654321", ["has 35 letters and digits", "4 to 34"]),
                ("021000021/7654321098", ["may only contain"]),
                ("021000021  7654321098", ["single space or hyphen"]),
                ("DE89370400440532013000", ["is an IBAN"]),
            ]
            for (written, words) in refusals {
                let text = Self.input.replacingOccurrences(of: "021000021 7654321098", with: written)
                let result = try await home.bridgectl("publish", try home.input(named: "bad.json", text))
                #expect(!result.succeeded && result.stdout.isEmpty, "\(written): \(result)")
                #expect(result.stderrLines.count == 1, "\(written): \(result.stderr)")
                #expect(result.stderr.contains(#"Account 1 ("acc-checking"), field "accountNumber""#), "\(result.stderr)")
                for word in words { #expect(result.stderr.contains(word), "\(written): \(result.stderr)") }
                #expect(!Self.showsMoreThanTheLastFour(result.stderr) && !result.stderr.contains("1098"), "\(result.stderr)")
            }
            let neither = Self.input.replacingOccurrences(of: #""accountNumber": "021000021 7654321098", "#, with: "")
            let result = try await home.bridgectl("publish", try home.input(named: "neither.json", neither))
            #expect(!result.succeeded && result.stderrLines.count == 1, "\(result)")
            #expect(result.stderr.contains(#"field "IBAN": is missing, and so is "accountNumber""#), "\(result.stderr)")
            #expect(try await home.read("--now", now).raw == before.raw, "a refused publish changed what the widget reads")
        }
    }
}
