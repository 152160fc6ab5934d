public import SecureBridge
#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// A portfolio read from a plain-text accounting journal by the tool that
/// keeps it: one account per asset account and currency, and the month's
/// spending and income by category.
///
/// A balance is the account's whole truth or it is not shown: every
/// commodity an account holds is a currency (an ISO 4217 code, a symbol of
/// one currency, or one the user mapped: `Commodities`), a holding valued at
/// its market price (`valuesHoldings`), or a holding the account's name says
/// it leaves out (`Broker (without VWCE)`). A symbol of several currencies
/// (`$`) that was not mapped refuses the whole import.
///
/// ```swift
/// let journal = LedgerImport(tool: .hledger, journal: "money.journal", month: LedgerMonth("2026-11")!)
/// let imported = try journal.run()
/// try app.publish(imported.portfolio, staleAfter: .seconds(3600), expiresAfter: .seconds(86400), now: Date())
/// ```
public struct LedgerImport: Sendable {
    /// The tool that reads the journal.
    public var tool: LedgerTool
    /// The journal's path.
    public var journal: String
    /// The asset accounts, in the tool's query language (`LedgerTool.defaultAccountsQuery`).
    public var accountsQuery: String
    /// The full name of the account that becomes the main one; `nil` for the first.
    public var mainAccount: String?
    /// The month of the spending analytics.
    public var month: LedgerMonth
    /// The category depth: `2` makes `expenses:food:groceries` count as `food`.
    public var depth: Int
    /// Which commodities are which currency.
    public var commodities: Commodities
    /// Whether holdings (stocks, funds, coins) count at their latest market
    /// price on the day of the run (`--value`), or are left out.
    public var valuesHoldings: Bool
    /// The names widgets show, by the journal's account name (`--name`); the
    /// others show their name without its top level.
    public var displayNames: [String: String]
    /// How long each run of the tool may take.
    public var timeLimit: Duration
    /// How much each run of the tool may print.
    public var outputLimit: Int
    /// How much memory (address space, `RLIMIT_AS`) each run of the tool may have.
    public var memoryLimit: Int

    /// The default time limit of one run of the tool.
    public static let defaultTimeLimit: Duration = .seconds(120)
    /// The default output cap of one run of the tool (16 MiB).
    public static let defaultOutputLimit = 16 << 20
    /// The default memory limit of one run of the tool (2 GiB: hledger
    /// reads a journal of a million postings in less).
    public static let defaultMemoryLimit = 2 << 30
    /// The category depth when none is given.
    public static let defaultDepth = 2
    /// The depths accepted.
    public static let depths = 1...9

    /// A journal import with the defaults for whatever is not given.
    public init(
        tool: LedgerTool, journal: String, accountsQuery: String? = nil, mainAccount: String? = nil, month: LedgerMonth,
        depth: Int = LedgerImport.defaultDepth, commodities: Commodities = Commodities(), valuesHoldings: Bool = false,
        displayNames: [String: String] = [:], timeLimit: Duration = LedgerImport.defaultTimeLimit,
        outputLimit: Int = LedgerImport.defaultOutputLimit, memoryLimit: Int = LedgerImport.defaultMemoryLimit
    ) {
        self.tool = tool
        self.journal = journal
        self.accountsQuery = accountsQuery ?? tool.defaultAccountsQuery
        self.mainAccount = mainAccount
        self.month = month
        self.depth = depth
        self.commodities = commodities
        self.valuesHoldings = valuesHoldings
        self.displayNames = displayNames
        self.timeLimit = timeLimit
        self.outputLimit = outputLimit
        self.memoryLimit = memoryLimit
    }

    /// The names of `assignments` written `ACCOUNT=NAME` (`--name`), by account.
    /// - Throws: `LedgerImportError` for one without a `=`, an account or a name.
    public static func displayNames(_ assignments: [String]) throws -> [String: String] {
        try assignments.reduce(into: [:]) { names, text in
            guard let (account, name) = Commodities.assignment(text) else { throw LedgerImportError(.notANameMapping(text)) }
            names[account] = name
        }
    }

    /// What a journal gave: the portfolio, and a line for each holding left out.
    public struct Imported: Sendable, Equatable {
        /// The validated portfolio, ready for `BridgeApp.publish`.
        public let portfolio: Portfolio
        /// One sentence per holding left out, naming it and the accounts that hold it.
        public let warnings: [String]
    }

    /// Runs the tool (once for beancount, twice for hledger and ledger, and
    /// for `valuesHoldings` twice more: the values and the prices' dates)
    /// and builds the portfolio.
    /// - Parameter now: The day holdings are valued on.
    /// - Throws: `LedgerImportError`, or `BridgeError` when the journal's
    ///   accounts break a rule of publish input (a name, an amount's limit).
    public func run(now: Date = Date()) throws -> Imported {
        let path = URL(fileURLWithPath: journal).standardizedFileURL.path
        guard Self.isRegularFile(path) else {
            throw LedgerImportError(.journalMissing(path: journal))
        }
        let report: (balances: [ToolOutput.Row], flows: [ToolOutput.Row])
        switch tool {
        case .beancount:
            report = try ToolOutput.parsing(tool) {
                try ToolOutput.beancountReport(try output(of: tool.beancountArguments(journal: path, query: accountsQuery, month: month), journal: path))
            }
        case .hledger, .ledger:
            report = (try rows(tool.balanceArguments(journal: path, query: accountsQuery), journal: path),
                      try rows(tool.flowArguments(journal: path, month: month), journal: path))
        }
        var books = Books(commodities: commodities)
        try books.add(balances: report.balances)
        if valuesHoldings, !books.holdings.isEmpty {
            let day = Self.day(of: now)
            try books.value(
                try valueRows(journal: path, holdings: books.holdings.sorted(), on: day),
                pricedOn: try priceDates(journal: path, until: day))
        }
        let balances = try books.balances()
        let flows = try Books(commodities: commodities).flows(report.flows)
        let accounts = try PortfolioShape.accounts(from: balances, main: mainAccount, names: displayNames)
        guard !accounts.isEmpty else { throw LedgerImportError(.noAccounts(tool, query: accountsQuery)) }
        let analytics = try PortfolioShape.analytics(
            from: flows, depth: depth, period: month.period, fallback: accounts[0].balance.currency)
        let portfolio = try Portfolio(accounts: accounts, analytics: analytics)
        return Imported(portfolio: portfolio, warnings: books.warnings(valuing: valuesHoldings))
    }

    /// `YYYY-MM-DD` of `date` in the local time zone.
    static func day(of date: Date) -> String {
        let parts = Calendar.current.dateComponents([.year, .month, .day], from: date)
        let month = LedgerMonth(year: parts.year ?? 1, month: parts.month ?? 1) ?? LedgerMonth(year: 1, month: 1)!
        let day = parts.day ?? 1
        return month.period + (day < 10 ? "-0" : "-") + String(day)
    }

    /// Whether `path` is a regular file, or a link to one (a journal is often linked into place).
    private static func isRegularFile(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
    }

    /// The rows one run of the tool prints.
    private func rows(_ arguments: [String], journal: String) throws -> [ToolOutput.Row] {
        let printed = try output(of: arguments, journal: journal)
        return try ToolOutput.parsing(tool) { try tool.rows(from: printed) }
    }

    /// The holdings' values, one row per account and commodity valued in
    /// (the holding's own when it has no price).
    private func valueRows(journal: String, holdings: [String], on day: String) throws -> [ToolOutput.Row] {
        let printed = try output(of: tool.valueArguments(journal: journal, query: accountsQuery, holdings: holdings, on: day), journal: journal)
        return try ToolOutput.parsing(tool) {
            switch tool {
            case .hledger: return try ToolOutput.hledgerBalance(printed)
            case .ledger:
                return try ToolOutput.separated(printed, by: "\t", skippingHeader: false).filter { row in
                    row.extra.first.map(holdings.contains) ?? false
                }
            case .beancount: return try ToolOutput.beancountValues(printed)
            }
        }
    }

    /// The latest date on or before `day` on which each commodity has a price.
    private func priceDates(journal: String, until day: String) throws -> [String: String] {
        let listing = tool.priceListing(journal: journal)
        let printed = try output(of: listing.arguments, journal: journal, program: listing.program)
        return ToolOutput.latestPriceDates(printed, until: day)
    }

    /// What one run of the tool printed.
    private func output(of arguments: [String], journal: String, program: String? = nil) throws -> [UInt8] {
        let outcome: ToolRun.Outcome
        do {
            outcome = try ToolRun(
                program: program ?? tool.program, arguments: arguments, timeLimit: timeLimit,
                outputLimit: outputLimit, memoryLimit: memoryLimit
            ).run()
        } catch let failure as ToolRun.Failure {
            switch failure {
            case .notFound: throw LedgerImportError(.toolNotInstalled(tool))
            case .timedOut: throw LedgerImportError(.timedOut(tool, seconds: timeLimit.components.seconds))
            case .outputTooLarge: throw LedgerImportError(.outputTooLarge(tool, limit: outputLimit))
            case let .notStarted(errno): throw LedgerImportError(.notStarted(tool, errno: errno))
            }
        }
        if outcome.status != 0, outcome.ranOutOfMemory {
            throw LedgerImportError(.outOfMemory(tool, limit: memoryLimit))
        }
        // bean-query prints a journal's errors and goes on, exiting 0: its message is a failure too.
        guard outcome.status == 0, tool != .beancount || outcome.errors.isEmpty else {
            throw LedgerImportError(.toolFailed(
                tool, journal: journal, status: outcome.status, location: Self.location(in: outcome.errors)))
        }
        return outcome.output
    }

    /// Where in a journal a tool's message points, as `FILE, line N` or
    /// `FILE, lines A-B`: the first place of the forms hledger (`"FILE"
    /// (lines A-B)`), ledger (`file "FILE", line N`) and beancount
    /// (`FILE:N:`) print. Nothing else of the message is kept.
    static func location(in message: [UInt8]) -> String? {
        let text = String(decoding: message.prefix(64 * 1024), as: UTF8.self)
        let forms = [
            #""([^"\n]+)" \((lines? [0-9]+(-[0-9]+)?)\)"#,
            #"file "([^"\n]+)", (lines? [0-9]+(-[0-9]+)?)"#,
            #"(?m)^(?:hledger: Error: )?([^\s:"]+):([0-9]+):"#,
        ]
        for form in forms {
            guard let regex = try? Regex(form), let match = text.firstMatch(of: regex), match.count > 2,
                  let file = match[1].substring, let place = match[2].substring
            else { continue }
            let line = place.first?.isNumber == true ? "line \(place)" : String(place)
            let location = "\(file), \(line)"
            return Printable(location).description
        }
        return nil
    }
}
