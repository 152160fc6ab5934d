import Foundation

/// The journals the `publish --from` tests publish: one set of books written
/// for each tool, with two currencies (one account holding both), a stock,
/// a month (2026-11) with refunds, and an included file.
enum LedgerJournals {
    /// The books for hledger and ledger (one syntax both read), and the file they include.
    static let journal = """
        ; Test books: EUR and USD, a stock, November with refunds.
        include cash.journal

        2026-10-01 Opening balances
            Assets:Bank:Checking        2500.00 EUR
            Assets:Bank:Wallet           300.00 EUR
            Assets:Bank:Wallet           150.25 USD
            Equity:Opening

        2026-10-05 Buy shares
            Assets:Broker                   10 ACME @ 12.00 EUR
            Assets:Bank:Checking

        2026-10-20 Flight
            Expenses:Travel:Flights      125.00 EUR
            Assets:Bank:Checking

        2026-11-02 Groceries
            Expenses:Food:Groceries       45.30 EUR
            Assets:Bank:Checking

        2026-11-04 Groceries refund
            Assets:Bank:Checking          10.00 EUR
            Expenses:Food:Groceries      -10.00 EUR

        2026-11-06 Salary
            Assets:Bank:Checking        2000.00 EUR
            Income:Salary

        2026-11-09 Restaurant
            Expenses:Food:Restaurant      30.00 EUR
            Assets:Bank:Wallet

        2026-11-12 Flight refund
            Assets:Bank:Checking          40.00 EUR
            Expenses:Travel:Flights      -40.00 EUR

        2026-11-30 Interest
            Assets:Bank:Checking           1.23 EUR
            Income:Interest

        2026-12-01 Groceries
            Expenses:Food:Groceries       20.00 EUR
            Assets:Bank:Checking

        """

    /// What `journal` includes.
    static let cash = """
        2026-10-01 Cash
            Assets:Cash                   80.50 EUR
            Equity:Opening

        2026-11-15 Rent
            Expenses:Housing:Rent        800.00 EUR
            Assets:Bank:Checking

        """

    /// The same books for beancount.
    static let beancount = """
        option "operating_currency" "EUR"
        include "cash.beancount"

        2026-01-01 open Assets:Bank:Checking
        2026-01-01 open Assets:Bank:Wallet
        2026-01-01 open Assets:Broker
        2026-01-01 open Equity:Opening
        2026-01-01 open Expenses:Travel:Flights
        2026-01-01 open Expenses:Food:Groceries
        2026-01-01 open Expenses:Food:Restaurant
        2026-01-01 open Income:Salary
        2026-01-01 open Income:Interest
        2026-01-01 commodity ACME

        2026-10-01 * "Opening balances"
          Assets:Bank:Checking        2500.00 EUR
          Assets:Bank:Wallet           300.00 EUR
          Assets:Bank:Wallet           150.25 USD
          Equity:Opening             -2800.00 EUR
          Equity:Opening              -150.25 USD

        2026-10-05 * "Buy shares"
          Assets:Broker                   10 ACME {12.00 EUR}
          Assets:Bank:Checking          -120.00 EUR

        2026-10-20 * "Flight"
          Expenses:Travel:Flights      125.00 EUR
          Assets:Bank:Checking

        2026-11-02 * "Groceries"
          Expenses:Food:Groceries       45.30 EUR
          Assets:Bank:Checking

        2026-11-04 * "Groceries refund"
          Assets:Bank:Checking          10.00 EUR
          Expenses:Food:Groceries      -10.00 EUR

        2026-11-06 * "Salary"
          Assets:Bank:Checking        2000.00 EUR
          Income:Salary

        2026-11-09 * "Restaurant"
          Expenses:Food:Restaurant      30.00 EUR
          Assets:Bank:Wallet

        2026-11-12 * "Flight refund"
          Assets:Bank:Checking          40.00 EUR
          Expenses:Travel:Flights      -40.00 EUR

        2026-11-30 * "Interest"
          Assets:Bank:Checking           1.23 EUR
          Income:Interest

        2026-12-01 * "Groceries"
          Expenses:Food:Groceries       20.00 EUR
          Assets:Bank:Checking

        """

    /// What `beancount` includes.
    static let cashBeancount = """
        2026-01-01 open Assets:Cash
        2026-01-01 open Expenses:Housing:Rent

        2026-10-01 * "Cash"
          Assets:Cash                   80.50 EUR
          Equity:Opening

        2026-11-15 * "Rent"
          Expenses:Housing:Rent        800.00 EUR
          Assets:Bank:Checking

        """

    /// Writes the books for `tool` into `directory`; the journal's path.
    static func write(for tool: String, into directory: URL) throws -> String {
        let files = tool == "beancount"
            ? [("books.beancount", beancount), ("cash.beancount", cashBeancount)]
            : [("books.journal", journal), ("cash.journal", cash)]
        for (name, text) in files {
            try Data(text.utf8).write(to: directory.appendingPathComponent(name))
        }
        return directory.appendingPathComponent(files[0].0).path
    }
}
