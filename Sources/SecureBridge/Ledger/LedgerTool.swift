/// The plain-text accounting tools a journal can be published from, each
/// run as its own program with its machine-readable output.
public enum LedgerTool: String, Sendable, Equatable, CaseIterable {
    /// hledger: `hledger balance … -O json`.
    case hledger
    /// Ledger: `ledger register … --format` (one line per posting, summed here).
    case ledger
    /// Beancount: `bean-query -f csv` with a BQL query.
    case beancount

    /// The program that is run.
    public var program: String {
        switch self {
        case .hledger: return "hledger"
        case .ledger: return "ledger"
        case .beancount: return "bean-query"
        }
    }

    /// The Debian package that installs `program`.
    public var debianPackage: String {
        switch self {
        case .hledger: return "hledger"
        case .ledger: return "ledger"
        case .beancount: return "beancount"
        }
    }

    /// The command a user runs to see the tool's own message about `journal`, shell-quoted.
    public func checkCommand(journal: String) -> String {
        let path = ShellWord(journal)
        switch self {
        case .hledger: return "hledger -f \(path) check"
        case .ledger: return "ledger -f \(path) balance"
        case .beancount: return "bean-check \(path)"
        }
    }

    /// The asset accounts' query when none is given, in the tool's own
    /// query language, anchored at the top level (`expenses:fixed
    /// assets:laptop` is no asset): an account pattern for hledger, a value
    /// expression for ledger (whose patterns cannot hold `(`, `|` or `)`),
    /// a BQL condition for beancount.
    public var defaultAccountsQuery: String {
        switch self {
        case .hledger: return "^assets(:|$)"
        case .ledger: return "expr account =~ /^assets(:|$)/"
        case .beancount: return "account ~ '^Assets(:|$)'"
        }
    }

    /// A query's words as the tool takes them: hledger's and ledger's terms
    /// split at spaces, except ledger's `expr EXPRESSION`, which is one.
    private func terms(of query: String) -> [String] {
        if self == .ledger, query.hasPrefix("expr ") { return ["expr", String(query.dropFirst(5))] }
        return query.split(separator: " ").map(String.init)
    }

    /// The arguments that print every posting's (ledger) or account's
    /// (hledger) balance for `query`.
    func balanceArguments(journal: String, query: String) -> [String] {
        switch self {
        case .hledger:
            return ["-f", journal, "balance", "--flat", "--no-total", "-O", "json", "--"] + terms(of: query)
        case .ledger, .beancount:
            return ["-f", journal, "register", "--format", Self.ledgerPosting] + terms(of: query)
        }
    }

    /// The arguments that print the month's expenses and income, by account
    /// (hledger) or posting (ledger).
    func flowArguments(journal: String, month: LedgerMonth) -> [String] {
        switch self {
        case .hledger:
            return ["-f", journal, "balance", "--flat", "--no-total", "-O", "json",
                    "-b", month.firstDay, "-e", month.nextMonthFirstDay, "--", "^(expenses|income)(:|$)"]
        case .ledger, .beancount:
            return ["-f", journal, "register", "--format", Self.ledgerPosting,
                    "-b", month.firstDay, "-e", month.nextMonthFirstDay, "expr", "account =~ /^(expenses|income)(:|$)/"]
        }
    }

    /// bean-query's arguments for one query that gives both the balances
    /// and the month's flows (`ToolOutput.beancountReport`): Python's start
    /// is most of a small journal's time, so a publish starts it once.
    func beancountArguments(journal: String, query: String, month: LedgerMonth) -> [String] {
        let inMonth = "date >= \(month.firstDay) AND date < \(month.nextMonthFirstDay)"
        return ["-f", "csv", "--", journal,
                "SELECT account, currency, sum(number) AS total, (\(inMonth)) AS in_month, (\(query)) AS chosen"
                    + " WHERE (\(query)) OR (account ~ '^(Expenses|Income)(:|$)' AND \(inMonth))"
                    + " GROUP BY account, currency, in_month, chosen ORDER BY account, currency"]
    }

    /// The arguments that print the market value on `day` (`YYYY-MM-DD`)
    /// of the chosen accounts' `holdings`, each tool valuing them its own way
    /// (hledger `--value`, ledger `market()`, beancount `value()`): rows of
    /// account, the commodity the value is in, and the value; ledger's per
    /// posting with the holding's commodity after them.
    func valueArguments(journal: String, query: String, holdings: [String], on day: String) -> [String] {
        switch self {
        case .hledger:
            let pattern = "cur:^(" + holdings.map(Self.regexEscaped).joined(separator: "|") + ")$"
            return ["-f", journal, "balance", "--flat", "--no-total", "-O", "json", "--value=\(day)", "--"]
                + terms(of: query) + [pattern]
        case .ledger:
            let value = "market(amount, [\(day)])"
            return ["-f", journal, "register", "--format",
                    "%(account)\t%(commodity(\(value)))\t%(quantity(\(value)))\t%(commodity(amount))\n"] + terms(of: query)
        case .beancount:
            let names = holdings.map { "'" + $0.replacing("'", with: "\\'") + "'" }.joined(separator: ", ")
            return ["-f", "csv", "--", journal,
                    "SELECT account, currency, value(sum(position), \(day)) AS value"
                        + " WHERE (\(query)) AND currency IN (\(names)) GROUP BY account, currency ORDER BY account, currency"]
        }
    }

    /// The program and arguments that list the journal's prices, one a line
    /// with its date first after any `P ` (`P 2026-11-28 VWCE 124.90 EUR`,
    /// ledger's `P 2026/11/28 00:00:00 …`, beancount's `2026-11-28 price VWCE …`).
    func priceListing(journal: String) -> (program: String, arguments: [String]) {
        switch self {
        case .hledger: return (program, ["-f", journal, "prices"])
        case .ledger: return (program, ["-f", journal, "pricedb"])
        case .beancount: return ("bean-report", [journal, "all_prices"])
        }
    }

    /// `text` with every character a regular expression gives a meaning to escaped.
    private static func regexEscaped(_ text: String) -> String {
        String(text.flatMap { character -> [Character] in
            character.isLetter || character.isNumber || character == " " ? [character] : ["\\", character]
        })
    }

    /// One line per posting: account, commodity and quantity, tab-separated.
    static let ledgerPosting = "%(account)\t%(commodity(amount))\t%(quantity(amount))\n"

    /// The rows hledger (one per account and commodity) or ledger (one per
    /// posting, summed by the caller) printed.
    /// - Throws: `ToolOutput.Unreadable` when the output is not of the form asked for.
    func rows(from output: [UInt8]) throws -> [ToolOutput.Row] {
        switch self {
        case .hledger: return try ToolOutput.hledgerBalance(output)
        case .ledger: return try ToolOutput.separated(output, by: "\t", skippingHeader: false)
        case .beancount: return try ToolOutput.separated(output, by: ",", skippingHeader: true)
        }
    }
}

/// A month, as `--period YYYY-MM` gives it.
public struct LedgerMonth: Sendable, Equatable {
    /// The year, 1 to 9999.
    public let year: Int
    /// The month, 1 to 12.
    public let month: Int

    /// The month of `text` (`YYYY-MM`), or `nil` when it is not one.
    public init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 4, parts[1].count == 2,
              parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let year = Int(parts[0]), let month = Int(parts[1]), year >= 1, (1...12).contains(month)
        else { return nil }
        self.year = year
        self.month = month
    }

    /// The month `(year, month)`.
    public init?(year: Int, month: Int) {
        guard (1...9998).contains(year), (1...12).contains(month) else { return nil }
        self.year = year
        self.month = month
    }

    /// `YYYY-MM`, as a snapshot's analytics carry it.
    public var period: String { Self.padded(year, 4) + "-" + Self.padded(month, 2) }

    /// The first day, `YYYY-MM-01`.
    var firstDay: String { period + "-01" }

    /// The first day of the next month, where the month ends (exclusive).
    var nextMonthFirstDay: String {
        let next = month == 12 ? (year + 1, 1) : (year, month + 1)
        return Self.padded(next.0, 4) + "-" + Self.padded(next.1, 2) + "-01"
    }

    private static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
