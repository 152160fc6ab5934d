import Foundation
import Testing
@testable import SecureBridgeTestSupport

/// Publishing, rejected input, the reload token, key rotation and file
/// permissions, each in its own home.
struct PublishEndToEndTests {
    /// An input the publisher must reject, and words its one-line error must contain.
    struct RejectedInput: Sendable {
        let name: String
        let text: String
        let mentions: [String]
    }

    /// `examples/accounts.json` with one edit.
    static func accountsExample(replacing old: String, with new: String) -> String {
        let text = (try? String(contentsOfFile: Examples.accounts, encoding: .utf8)) ?? ""
        return text.replacingOccurrences(of: old, with: new)
    }

    static let rejectedInputs: [RejectedInput] = [
        RejectedInput(
            name: "bad IBAN checksum",
            text: accountsExample(replacing: "DE89 3704 0044 0532 0130 00", with: "DE88 3704 0044 0532 0130 00"),
            mentions: ["IBAN", "acc-main"]),
        RejectedInput(
            name: "malformed JSON",
            text: "[\n  {\"id\": \"acc-main\",\n   \"name\" \"Everyday Account\"}\n]\n",
            mentions: ["line 3", "column"]),
        RejectedInput(
            name: "unknown currency",
            text: accountsExample(replacing: "\"USD\"", with: "\"XYZ\""),
            mentions: ["currency", "acc-usd"]),
        RejectedInput(
            name: "duplicate id",
            text: accountsExample(replacing: "\"acc-gbp\"", with: "\"acc-usd\""),
            mentions: ["id", "acc-usd"]),
        RejectedInput(
            name: "second main account",
            text: accountsExample(replacing: "\"secondary\"", with: "\"main\""),
            mentions: ["type", "main"]),
        RejectedInput(
            name: "balance as a JSON number",
            text: accountsExample(replacing: "\"4675.00\"", with: "4321.09"),
            mentions: ["balance", "acc-main"]),
    ]

    /// One home for all rejected inputs (each login costs a passcode
    /// derivation); they run one after another, each against the same
    /// published snapshot.
    @Test func rejectedPublishNamesTheProblemAndChangesNothing() async throws {
        try await EndToEndHome.with { home in
            try await home.login()
            try await home.publish(Examples.accounts)
            let now = Instant.text(Date().addingTimeInterval(5 * 60))
            let before = try await home.read("--now", now)
            try #require(before.current.state == "full")
            let filesBefore = try home.files()

            for input in Self.rejectedInputs {
                let file = try home.input(named: "input.json", input.text)
                let result = try await home.bridgectl("publish", file)

                #expect(!result.succeeded, "\(input.name) was accepted")
                #expect(result.stdout.isEmpty, "\(input.name): a rejected publish printed \(result.stdout)")
                #expect(result.stderrLines.count == 1, "\(input.name): one line on stderr, got \(result.stderr)")
                for word in input.mentions {
                    #expect(result.stderr.contains(word), "\(input.name): stderr should name \(word): \(result.stderr)")
                }
                // No value of the input is echoed (the error may cite a fixed format example).
                for amount in ExampleSecrets.amounts + ["4321.09"]
                where input.text.contains(amount.replacingOccurrences(of: ",", with: "")) {
                    #expect(!result.stderr.contains(amount), "\(input.name): the error shows the amount \(amount)")
                }
                for iban in ExampleSecrets.numbers.values + ["DE88 3704 0044 0532 0130 00"] {
                    #expect(!result.stderr.contains(iban) && !result.stderr.contains(ExampleSecrets.normalized(iban)),
                            "\(input.name): the error shows an IBAN")
                }
                #expect(try home.files() == filesBefore, "\(input.name): a rejected publish changed files under the home")
                let after = try await home.read("--now", now)
                #expect(after.raw == before.raw, "\(input.name): the previous snapshot no longer reads the same")
            }
        }
    }

    @Test func republishingTheSameTimelineKeepsTheReloadTokenAndNewContentChangesIt() async throws {
        try await EndToEndHome.with { home in
            try await home.login()
            // The same content with the same instants is the same timeline: two publishes within
            // one second (the instants' resolution), tried until a pair falls within one.
            var pairs = 0
            while pairs < 10 {
                let second = Int(Date().timeIntervalSince1970)
                try await home.publish(Examples.accounts)
                let token = try #require(home.contents("container/reload-token"), "publish wrote no container/reload-token")
                let again = try await home.publish(Examples.accounts)
                guard Int(Date().timeIntervalSince1970) == second else {
                    pairs += 1
                    continue
                }
                #expect(again.stdout.hasSuffix(" (timeline unchanged; no widget reload).\n"), "\(again.stdout)")
                #expect(home.contents("container/reload-token") == token)
                break
            }
            #expect(pairs < 10, "no two publishes within one second")

            let token = home.contents("container/reload-token")
            let other = try await home.publish(Examples.spending)
            #expect(!other.stdout.contains("unchanged"), "\(other.stdout)")
            #expect(home.contents("container/reload-token") != token)
        }
    }

    @Test func keyRotationReSealsTheSnapshotUnderANewDataKey() async throws {
        try await EndToEndHome.with { home in
            try await home.login()
            try await home.publish(Examples.accounts)
            let now = Instant.text(Date().addingTimeInterval(5 * 60))
            let before = try await home.read("--now", now)
            let oldKey = try await #require(try home.status().dataKeyID)
            let token = home.contents("container/reload-token")

            let rotate = try await home.bridgectl("keys", "rotate")
            try #require(rotate.succeeded, "\(rotate)")

            let newKey = try await #require(try home.status().dataKeyID)
            #expect(newKey != oldKey)
            let after = try await home.read("--now", now)
            #expect(after.current.state == "full")
            #expect(after.current.reason == nil)
            #expect(after.raw == before.raw, "rotation changed what the widget shows")
            #expect(home.contents("container/reload-token") == token, "rotation changes nothing visible, so no reload")
        }
    }

    @Test func spendingWidgetShowsTotalsAndTheTopCategories() async throws {
        try await EndToEndHome.with { home in
            try await home.login()
            try await home.publish(Examples.spending)
            let output = try await home.read("--kind", "spending", "--family", "systemLarge")

            #expect(output.kind == "spending")
            #expect(output.current.state == "full")
            let spending = try #require(output.current.spending)
            #expect(spending.totalSpent == "€2,136.91")
            #expect(spending.totalReceived == "€3,878.11")
            #expect(spending.categories.map(\.name) == ["Rent", "Groceries", "Utilities", "Dining out", "Transport"])
            #expect(spending.categories.first?.amount == "€1,200.00")
            #expect(spending.categories.first?.percent == "56.2%")
            #expect(spending.categories.allSatisfy { $0.percent != nil })

            let masked = try await home.read("--kind", "spending", "--family", "systemLarge", "--privacy")
            #expect(masked.current.state == "masked")
            #expect(masked.current.reason == "privacy")
            #expect(masked.current.spending != nil)
        }
    }

    @Test func keysetReadableByOthersIsRefusedByReaderAndPublisher() async throws {
        try await EndToEndHome.with { home in
            try await home.login()
            try await home.publish(Examples.accounts)
            let keyset = home.path("keychain/keyset")
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: keyset)

            let output = try await home.read()
            #expect(output.current.state == "placeholder")
            #expect(output.current.reason == "insecure-storage")

            let publish = try await home.bridgectl("publish", Examples.spending)
            #expect(!publish.succeeded)
            #expect(publish.stderrLines.count == 1, "\(publish.stderr)")
            #expect(publish.stderr.contains(keyset), "the error names the file: \(publish.stderr)")
            #expect(publish.stderr.contains("chmod 600"), "the error says how to fix it: \(publish.stderr)")

            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: keyset)
            let repaired = try await home.read()
            #expect(repaired.current.state == "full")
            #expect(repaired.current.accounts.first?.balance == "€4,675.00", "the refused publish must not have replaced the snapshot")
        }
    }

    @Test func staleAfterLongerThanTTLIsRejectedWithASentenceAboutBothOptions() async throws {
        try await EndToEndHome.with { home in
            try await home.login()
            let result = try await home.bridgectl("publish", Examples.accounts, "--ttl", "1h", "--stale-after", "2h")

            #expect(result.status == 64, "a usage error: \(result)")
            #expect(result.stderrLines.count == 3, "the sentence and publish's usage: \(result.stderr)")
            #expect(result.stderrLines.first?.contains("--stale-after") == true && result.stderrLines.first?.contains("--ttl") == true, "\(result.stderr)")
            // Both durations are well formed; the message must not say otherwise.
            #expect(!result.stderr.contains("use a number followed by"), "misleading error: \(result.stderr)")
            #expect(home.contents("container/snapshot") == nil)
        }
    }
}
