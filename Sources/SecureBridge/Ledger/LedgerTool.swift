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

    /// The command a user runs to see the tool's own message about `journal`.
    public func checkCommand(journal: String) -> String {
        switch self {
        case .hledger: return "hledger -f \(journal) check"
        case .ledger: return "ledger -f \(journal) balance"
        case .beancount: return "bean-check \(journal)"
        }
    }

    /// The asset accounts' query when none is given, in the tool's own
    /// query language: an account pattern for hledger and ledger, a BQL
    /// condition for beancount.
    public var defaultAccountsQuery: String {
        switch self {
        case .hledger, .ledger: return "assets"
        case .beancount: return "account ~ '^Assets(:|$)'"
        }
    }

    /// The arguments that print every posting's or account's balance for
    /// `query`: hledger and ledger take its words as query terms, beancount
    /// the whole as a BQL condition.
    func balanceArguments(journal: String, query: String) -> [String] {
        let terms = query.split(separator: " ").map(String.init)
        switch self {
        case .hledger:
            return ["-f", journal, "balance", "--flat", "--no-total", "-O", "json", "--"] + terms
        case .ledger:
            return ["-f", journal, "register", "--format", Self.ledgerPosting] + terms
        case .beancount:
            return ["-f", "csv", "--", journal,
                    "SELECT account, currency, sum(number) AS total WHERE \(query) GROUP BY account, currency ORDER BY account, currency"]
        }
    }

    /// The arguments that print the month's expenses and income at `depth`
    /// (accounts deeper than it counted in their ancestor at `depth`).
    func flowArguments(journal: String, month: LedgerMonth, depth: Int) -> [String] {
        switch self {
        case .hledger:
            return ["-f", journal, "balance", "--flat", "--no-total", "-O", "json", "--depth", String(depth),
                    "-b", month.firstDay, "-e", month.nextMonthFirstDay, "--", "^(expenses|income)(:|$)"]
        case .ledger:
            // Ledger's query language reads `(`, `)` and `|` as its own operators.
            return ["-f", journal, "register", "--format", Self.ledgerPosting,
                    "-b", month.firstDay, "-e", month.nextMonthFirstDay, "^expenses", "^income"]
        case .beancount:
            return ["-f", "csv", "--", journal,
                    "SELECT root(account, \(depth)) AS category, currency, sum(number) AS total"
                        + " WHERE account ~ '^(Expenses|Income)(:|$)'"
                        + " AND date >= \(month.firstDay) AND date < \(month.nextMonthFirstDay)"
                        + " GROUP BY category, currency ORDER BY category, currency"]
        }
    }

    /// One line per posting: account, commodity and quantity, tab-separated.
    static let ledgerPosting = "%(account)\t%(commodity(amount))\t%(quantity(amount))\n"

    /// The rows the tool printed: one per account and commodity for hledger
    /// and beancount, one per posting for ledger (summed by the caller).
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
