import Foundation
import Testing
import SecureBridge
@testable import SecureBridgeLedger
@testable import SecureBridgeTestSupport

/// A journal's balance is published whole or not at all, against the real
/// tools: currency symbols, mixed spellings, holdings left out or valued,
/// long quantities, names, and what reaches a terminal from a journal.
@Suite struct JournalTruthTests {
    /// What `read` shows, by account name: `"2160.00 EUR"`.
    static func balances(_ home: EndToEndHome) async throws -> [String: String] {
        let shown = try await LedgerPublishTests.shown(home)
        return Dictionary(uniqueKeysWithValues: shown.accounts.map { ($0["name"]!, $0["balanceValue"]! + " " + $0["currency"]!) })
    }

    /// Books in hledger's common style: `€` beside `EUR`, `£`, `$`, and two
    /// accounts whose names hold "assets" below another top level.
    static let symbols = """
        2026-11-01 Opening
            Assets:Bank:Checking     €2,150.00
            Assets:Bank:Savings      £300.00
            Equity:Opening

        2026-11-02 Cash in
            Assets:Bank:Checking     10.00 EUR
            Equity:Opening

        2026-11-03 Laptop
            Expenses:Fixed Assets:Laptop   €100.00
            Assets:Bank:Checking

        2026-11-04 Sale
            Assets:Bank:Checking   €40.00
            Income:Assetsale

        """

    @Test(arguments: ["hledger", "ledger"])
    func symbolsAndCodesOfOneCurrencyAddUpAndOnlyTheAssetsTreeIsShown(tool: String) async throws {
        try await EndToEndHome.with { home in
            try await home.login()
            let journal = try home.input(named: "symbols.journal", Self.symbols)
            try await home.publish(journal, options: ["--from", tool, "--period", "2026-11"])
            // €2,150.00 + 10.00 EUR − €100.00 + €40.00: one sum; no expense or income account among them.
            #expect(try await Self.balances(home) == ["Bank:Checking": "2100.00 EUR", "Bank:Savings": "300.00 GBP"])
        }
    }

    @Test func aSymbolOfSeveralCurrenciesNeedsItsCodeAndNothingIsPublishedWithoutIt() async throws {
        try await EndToEndHome.with { home in
            try await home.login()
            let journal = try home.input(named: "symbols.journal", Self.symbols)
            try await home.publish(journal, options: ["--from", "hledger", "--period", "2026-11"])
            let before = try await Self.balances(home)
            let dollars = try home.input(named: "dollars.journal", Self.symbols + """
                2026-11-05 Trip
                    Assets:Bank:Travel     $1,830.55
                    Equity:Opening

                """)
            let refused = try await home.bridgectl("publish", "--from", "hledger", dollars, "--period", "2026-11")
            #expect(refused.status == 1 && refused.stderr.split(separator: "\n").count == 1, "\(refused)")
            #expect(refused.stderr.contains("$, a symbol of more than one currency") && refused.stderr.contains("--commodity '$=USD'"), "\(refused)")
            #expect(try await Self.balances(home) == before)

            let mapped = try await home.bridgectl("publish", "--from", "hledger", dollars, "--period", "2026-11", "--commodity", "$=USD",
                                                  "--name", "Assets:Bank:Travel=Travel money")
            #expect(mapped.succeeded, "\(mapped)")
            #expect(try await Self.balances(home)["Travel money"] == "1830.55 USD")
            let wrong = try await home.bridgectl("publish", "--from", "hledger", dollars, "--commodity", "$=DOLLAR")
            #expect(wrong.status == 64 && wrong.stderr.contains("DOLLAR, which is no ISO 4217 currency code"), "\(wrong)")
        }
    }

    /// A broker account with cash and a fund: without `--value` its name says
    /// what it leaves out; with it, the fund counts at its latest price up to
    /// today (not a later one), and the name says the price's date.
    @Test(arguments: ["hledger", "ledger", "beancount"])
    func aHoldingIsNamedAsLeftOutOrValuedAtItsPrice(tool: String) async throws {
        let plain = """
            P 2026-11-20 VWCE 120.00 EUR
            P 2026-11-28 VWCE 124.90 EUR
            P 2099-01-01 VWCE 999.00 EUR

            2026-11-01 Opening
                Assets:Bank              500.00 EUR
                Assets:Broker            100.00 EUR
                Equity:Opening

            2026-11-03 Buy
                Assets:Broker                13 VWCE @ 110.00 EUR
                Assets:Bank

            """
        let beancount = """
            2026-01-01 open Assets:Bank
            2026-01-01 open Assets:Broker
            2026-01-01 open Equity:Opening
            2026-01-01 commodity VWCE
            2026-11-20 price VWCE 120.00 EUR
            2026-11-28 price VWCE 124.90 EUR
            2099-01-01 price VWCE 999.00 EUR

            2026-11-01 * "Opening"
              Assets:Bank              500.00 EUR
              Assets:Broker            100.00 EUR
              Equity:Opening

            2026-11-03 * "Buy"
              Assets:Broker                13 VWCE {110.00 EUR}
              Assets:Bank            -1430.00 EUR

            """
        try await EndToEndHome.with { home in
            try await home.login()
            let journal = try home.input(named: tool == "beancount" ? "broker.beancount" : "broker.journal", tool == "beancount" ? beancount : plain)
            let left = try await home.bridgectl("publish", "--from", tool, journal, "--period", "2026-11")
            #expect(left.succeeded && left.stderr == "Left out VWCE (held in Assets:Broker): it is no currency; --value shows it at its market price.\n", "\(left)")
            #expect(try await Self.balances(home) == ["Bank": "-930.00 EUR", "Broker (without VWCE)": "100.00 EUR"])

            let valued = try await home.bridgectl("publish", "--from", tool, journal, "--period", "2026-11", "--value")
            #expect(valued.succeeded && valued.stderr.isEmpty, "\(valued)")
            // 100.00 + 13 × 124.90.
            #expect(try await Self.balances(home) == ["Bank": "-930.00 EUR", "Broker (market value 2026-11-28)": "1723.70 EUR"])
        }
    }

    /// Quantities no currency could hold (18 places, 19 digits) belong to
    /// holdings: left out and named, never read as an amount.
    @Test func longQuantitiesOfHoldingsDoNotStopAPublish() async throws {
        try await EndToEndHome.with { home in
            try await home.login()
            let journal = try home.input(named: "coins.journal", """
                2026-11-01 Opening
                    Assets:Bank         25.00 EUR
                    Assets:Coins        0.000000000000000001 ETH
                    Assets:Coins        12345678901234567.89 SATS
                    Equity:Opening

                """)
            for tool in ["hledger", "ledger"] {
                let result = try await home.bridgectl("publish", "--from", tool, journal, "--period", "2026-11")
                #expect(result.succeeded && result.stderr.contains("Left out SATS (held in Assets:Coins)") && !result.stderr.contains("version"), "\(result)")
                #expect(try await Self.balances(home) == ["Bank": "25.00 EUR"])
            }
        }
    }

    /// An account's name with an escape sequence reaches the terminal
    /// without it; advice names a journal path as a shell word; a journal
    /// named like an option is read as a file.
    @Test func journalTextReachesTheTerminalPlainAndAdviceIsQuoted() async throws {
        try await EndToEndHome.with { home in
            try await home.login()
            let escape = try home.input(named: "escape.journal", """
                2026-11-01 Opening
                    Assets:Bank         25.00 EUR
                    Assets:Odd\u{1B}]0;owned\u{07}    3 ODD
                    Equity:Opening

                """)
            let result = try await home.bridgectl("publish", "--from", "hledger", escape, "--period", "2026-11")
            #expect(result.succeeded && result.stderr.contains("Left out ODD (held in Assets:Odd]0;owned)"), "\(result)")
            #expect(!result.stderr.unicodeScalars.contains { $0.properties.generalCategory == .control && $0 != "\n" }, "\(result)")

            let spaced = home.root.appendingPathComponent("inputs/my books").path
            try FileManager.default.createDirectory(atPath: spaced, withIntermediateDirectories: true)
            try Data("2026-11-01 Typo\n    Assets:Bank    10.00 EUR\n    Expenses:Food    11.00 EUR\n".utf8)
                .write(to: URL(fileURLWithPath: spaced + "/-m.journal"))
            let failed = try await Bridgectl.start(
                ["publish", "--from", "hledger", "--home", home.home, "--", "-m.journal"],
                launcher: ["/bin/sh", "-c", "cd '\(spaced)' && exec \"$0\" \"$@\""]).finish()
            #expect(failed.status == 1 && failed.stderr.contains("run hledger -f '\(spaced)/-m.journal' check"), "\(failed)")
        }
    }

    /// A tool that takes more memory than its limit is stopped and said so.
    @Test func aToolPastItsMemoryLimitIsStopped() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("securebridge-memory-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let journal = directory.appendingPathComponent("zero.journal").path
        try Data("include /dev/zero\n".utf8).write(to: URL(fileURLWithPath: journal))
        let memoryHungry = LedgerImport(tool: .hledger, journal: journal, month: LedgerMonth("2026-11")!, memoryLimit: 256 << 20)
        #expect(throws: LedgerImportError(.outOfMemory(.hledger, limit: 256 << 20))) { try memoryHungry.run() }
    }

    /// bean-query starts Python: a publish runs it once (a stand-in on PATH counts the runs).
    @Test func beancountRunsOncePerPublish() async throws {
        try await EndToEndHome.with { home in
            try await home.login()
            let journal = try LedgerJournals.write(for: "beancount", into: home.root.appendingPathComponent("inputs"))
            let tools = home.root.appendingPathComponent("tools")
            let runs = tools.appendingPathComponent("runs").path
            try StandInTool.write("#!/bin/sh\necho run >> '\(runs)'\nexec /usr/bin/bean-query \"$@\"\n", as: "bean-query", in: tools)
            let result = try await Bridgectl.run(
                ["publish", "--from", "beancount", journal, "--home", home.home] + LedgerPublishTests.options,
                setting: ["PATH": tools.path + ":/usr/bin:/bin"])
            #expect(result.succeeded && result.stdout == "Published snapshot 1 with 4 accounts.\n", "\(result)")
            #expect(try String(contentsOfFile: runs, encoding: .utf8) == "run\n")
        }
    }
}
