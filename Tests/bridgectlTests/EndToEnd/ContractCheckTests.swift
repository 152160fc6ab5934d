import Foundation
import Testing

/// The end-to-end checks themselves must be able to fail: the leak check and
/// the contract parser, fed hand-written output.
struct ContractCheckTests {
    static func timeline(entries: [String], policy: String = #"{"kind":"never"}"#) -> String {
        #"{"kind":"balance","family":"systemMedium","entries":["# + entries.joined(separator: ",") + #"],"policy":"# + policy + "}"
    }

    static func entry(state: String, reason: String?, title: String = "Accounts", accounts: [String] = []) -> String {
        let reasonJSON = reason.map { "\"\($0)\"" } ?? "null"
        return #"{"date":"2026-11-21T16:00:00Z","state":""# + state + #"","reason":"# + reasonJSON
            + #","title":""# + title + #"","url":null,"accounts":["# + accounts.joined(separator: ",") + #"],"spending":null}"#
    }

    static func account(id: String = "acc-main", balance: String, iban: String = "•••• 3000") -> String {
        #"{"id":""# + id + #"","name":"Everyday Account","balance":""# + balance + #"","iban":""# + iban
            + #"","accountNumber":null,"type":"main","url":"securebridge://account/"# + id + #""}"#
    }

    @Test func maskedOutputWithAFixedMaskPasses() throws {
        let output = try WidgetOutput(parsing: Self.timeline(entries: [
            Self.entry(state: "masked", reason: "locked", accounts: [Self.account(balance: "••••"), Self.account(id: "acc-usd", balance: "••••", iban: "•••• 1098")]),
        ]))
        #expect(balanceLeaks(in: output) == [])
    }

    @Test func maskedEntryShowingAFormattedBalanceIsALeak() throws {
        let output = try WidgetOutput(parsing: Self.timeline(entries: [
            Self.entry(state: "masked", reason: "privacy", accounts: [Self.account(balance: "€4,675.00")]),
        ]))
        #expect(balanceLeaks(in: output).contains { $0.contains("4,675.00") })
        #expect(balanceLeaks(in: output).contains { $0.contains("has a digit") })
    }

    @Test func placeholderWithAnAmountAnywhereInStdoutIsALeak() throws {
        let output = try WidgetOutput(parsing: Self.timeline(entries: [
            Self.entry(state: "placeholder", reason: "tampered", title: "Last seen 12850.40"),
        ]))
        #expect(balanceLeaks(in: output).contains { $0.contains("12850.40") })
    }

    @Test func masksOfDifferentLengthsAreALeak() throws {
        let output = try WidgetOutput(parsing: Self.timeline(entries: [
            Self.entry(state: "masked", reason: "hidden", accounts: [
                Self.account(balance: "••••"), Self.account(id: "acc-usd", balance: "•••••••", iban: "•••• 1098"),
            ]),
        ]))
        #expect(balanceLeaks(in: output).contains { $0.contains("fixed mask") })
    }

    @Test func moreThanTheLastFourOfAnIBANIsALeak() throws {
        let output = try WidgetOutput(parsing: Self.timeline(entries: [
            Self.entry(state: "full", reason: nil, accounts: [Self.account(balance: "€4,675.00", iban: "DE89370400440532013000")]),
        ]))
        let problems = balanceLeaks(in: output)
        #expect(problems.contains { $0.contains("characters of its number") })
        #expect(problems.contains { $0.contains("DE89370400440532013000") })
    }

    @Test func maskedEntryWithoutAReasonBreaksTheContract() {
        #expect(throws: ContractReader.ContractViolation.self) {
            try WidgetOutput(parsing: Self.timeline(entries: [Self.entry(state: "masked", reason: nil)]))
        }
    }

    @Test func entryWithoutAReasonKeyBreaksTheContract() {
        let entry = Self.entry(state: "full", reason: nil).replacingOccurrences(of: #""reason":null,"#, with: "")
        #expect(throws: ContractReader.ContractViolation.self) {
            try WidgetOutput(parsing: Self.timeline(entries: [entry]))
        }
    }

    @Test func afterPolicyWithoutADateBreaksTheContract() {
        #expect(throws: ContractReader.ContractViolation.self) {
            try WidgetOutput(parsing: Self.timeline(
                entries: [Self.entry(state: "full", reason: nil)], policy: #"{"kind":"after"}"#))
        }
    }

    @Test func examplesYieldTheirAmountsInEveryWrittenForm() {
        let amounts = Set(ExampleSecrets.amounts)
        #expect(amounts.isSuperset(of: ["4675.00", "4,675.00", "12850.40", "12,850.40", "-230.15", "230.15", "58000", "58,000"]))
        // Spending totals, summed exactly from the example's categories.
        #expect(amounts.isSuperset(of: ["2136.91", "2,136.91", "3878.11", "3,878.11"]))
    }
}
