import SecureBridge
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// A portfolio read from a plain-text accounting journal by the tool that
/// keeps it: one account per asset account and ISO 4217 currency, and the
/// month's spending and income by category.
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
    /// How long each run of the tool may take.
    public var timeLimit: Duration
    /// How much each run of the tool may print.
    public var outputLimit: Int

    /// The default time limit of one run of the tool.
    public static let defaultTimeLimit: Duration = .seconds(120)
    /// The default output cap of one run of the tool (16 MiB).
    public static let defaultOutputLimit = 16 << 20
    /// The category depth when none is given.
    public static let defaultDepth = 2
    /// The depths accepted.
    public static let depths = 1...9

    /// A journal import with the defaults for whatever is not given.
    public init(
        tool: LedgerTool, journal: String, accountsQuery: String? = nil, mainAccount: String? = nil, month: LedgerMonth,
        depth: Int = LedgerImport.defaultDepth, timeLimit: Duration = LedgerImport.defaultTimeLimit,
        outputLimit: Int = LedgerImport.defaultOutputLimit
    ) {
        self.tool = tool
        self.journal = journal
        self.accountsQuery = accountsQuery ?? tool.defaultAccountsQuery
        self.mainAccount = mainAccount
        self.month = month
        self.depth = depth
        self.timeLimit = timeLimit
        self.outputLimit = outputLimit
    }

    /// What a journal gave: the portfolio, and a line for each commodity left out.
    public struct Imported: Sendable {
        /// The validated portfolio, ready for `BridgeApp.publish`.
        public let portfolio: Portfolio
        /// One sentence per commodity that is not ISO 4217 and was left out.
        public let warnings: [String]
    }

    /// Runs the tool twice (balances, then the month's flows) and builds the portfolio.
    /// - Throws: `LedgerImportError`, or `InputError` when the journal's
    ///   accounts break a rule of publish input (a name, an amount's limit).
    public func run() throws -> Imported {
        guard Self.isRegularFile(journal) else {
            throw LedgerImportError(.journalMissing(path: journal))
        }
        var commodities = LeftOutCommodities()
        let balances = try totals(of: try rows(tool.balanceArguments(journal: journal, query: accountsQuery)), leavingOut: &commodities)
        let flows = try totals(
            of: try rows(tool.flowArguments(journal: journal, month: month, depth: depth)), leavingOut: &commodities)
        let accounts = try PortfolioShape.accounts(from: balances, main: mainAccount)
        guard !accounts.isEmpty else { throw LedgerImportError(.noAccounts(tool, query: accountsQuery)) }
        let analytics = try PortfolioShape.analytics(
            from: flows, depth: depth, period: month.period, fallback: accounts[0].balance.currency)
        let portfolio = try Portfolio(accounts: accounts, analytics: analytics)
        return Imported(portfolio: portfolio, warnings: commodities.warnings)
    }

    /// Whether `path` is a regular file, or a link to one (a journal is often linked into place).
    private static func isRegularFile(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
    }

    /// The rows one run of the tool prints.
    private func rows(_ arguments: [String]) throws -> [ToolOutput.Row] {
        let outcome: ToolRun.Outcome
        do {
            outcome = try ToolRun(program: tool.program, arguments: arguments, timeLimit: timeLimit, outputLimit: outputLimit).run()
        } catch let failure as ToolRun.Failure {
            switch failure {
            case .notFound: throw LedgerImportError(.toolNotInstalled(tool))
            case .timedOut: throw LedgerImportError(.timedOut(tool, seconds: timeLimit.components.seconds))
            case .outputTooLarge: throw LedgerImportError(.outputTooLarge(tool, limit: outputLimit))
            case let .notStarted(errno): throw LedgerImportError(.notStarted(tool, errno: errno))
            }
        }
        // bean-query prints a journal's errors and goes on, exiting 0: its message is a failure too.
        guard outcome.status == 0, tool != .beancount || outcome.errors.isEmpty else {
            throw LedgerImportError(.toolFailed(
                tool, journal: journal, status: outcome.status, location: Self.location(in: outcome.errors)))
        }
        do {
            return try tool.rows(from: outcome.output)
        } catch {
            throw LedgerImportError(.unreadableOutput(tool))
        }
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
            return String(String.UnicodeScalarView(location.unicodeScalars.filter { $0.properties.generalCategory != .control }))
        }
        return nil
    }

    /// Sums the rows by account and ISO 4217 currency, in minor units; the
    /// other commodities are noted in `leftOut`.
    private func totals(of rows: [ToolOutput.Row], leavingOut leftOut: inout LeftOutCommodities) throws -> [Total] {
        var totals: [Total] = []
        var index: [Total.Key: Int] = [:]
        for row in rows {
            guard let currency = Currency.iso4217(row.commodity) else {
                leftOut.note(row.commodity)
                continue
            }
            guard let minorUnits = row.amount.minorUnits(of: currency) else {
                throw LedgerImportError(.tooPrecise(currency: currency.code, digits: currency.minorUnitDigits))
            }
            let key = Total.Key(account: row.account, currency: currency.code)
            if let at = index[key] {
                let (sum, overflow) = totals[at].minorUnits.addingReportingOverflow(minorUnits)
                guard !overflow else { throw LedgerImportError(.tooPrecise(currency: currency.code, digits: currency.minorUnitDigits)) }
                totals[at].minorUnits = sum
            } else {
                index[key] = totals.count
                totals.append(Total(account: row.account, currency: currency, minorUnits: minorUnits))
            }
        }
        return totals
    }
}

/// One account's total in one currency.
struct Total {
    struct Key: Hashable {
        let account: String
        let currency: String
    }

    let account: String
    let currency: Currency
    var minorUnits: Int64
}

/// The commodities left out because they are not ISO 4217, each named once.
struct LeftOutCommodities {
    private(set) var names: [String] = []

    mutating func note(_ commodity: String) {
        if !names.contains(commodity) { names.append(commodity) }
    }

    var warnings: [String] {
        names.map { name in
            let shown = name.isEmpty ? "amounts without a commodity" : "the commodity \(name)"
            return "Left out \(shown): not an ISO 4217 currency, so not a balance a widget shows."
        }
    }
}
