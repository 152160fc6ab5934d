public import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SecureBridge
import SecureBridgeLedger
import SystemPackage
#if canImport(Glibc)
import Glibc
#endif

/// `publish --from TOOL JOURNAL`'s options: parsed here, run by `LedgerPublisher`.
struct JournalOptions: ParsableArguments {
    @Option(help: "Read the file as a journal of this tool (hledger, ledger or beancount) and publish its asset accounts.")
    var from: LedgerTool?

    @Option(help: ArgumentHelp(
        "The asset accounts, in the tool's query language (default: the accounts under assets: ^assets(:|$) for hledger, expr 'account =~ /^assets(:|$)/' for ledger, account ~ '^Assets(:|$)' for beancount).",
        valueName: "query"))
    var accounts: String?

    @Option(help: ArgumentHelp(
        "The currency a symbol stands for, like '$=USD' (repeatable); € £ ₹ and other symbols of one currency need none.",
        valueName: "symbol=code"))
    var commodity: [String] = []

    @Flag(help: "Show holdings (stocks, funds, coins) at their latest price, as the tool values them; the account's name says the price date.")
    var value = false

    @Option(help: ArgumentHelp(
        "The name a widget shows for an account, like 'Assets:Bank:Girokonto=Girokonto' (repeatable).",
        valueName: "account=name"))
    var name: [String] = []

    @Option(help: ArgumentHelp("The full name of the main account (default: the first).", valueName: "account"))
    var main: String?

    @Option(help: ArgumentHelp("The month of the spending analytics (default: this month).", valueName: "YYYY-MM"))
    var period: String?

    @Option(help: "The depth of the analytics' categories: 2 counts expenses:food:groceries as food.")
    var depth = LedgerImport.defaultDepth

    @Flag(help: "Publish again whenever the journal or a file it includes changes.")
    var watch = false

    /// Journal options need `--from`, and `--from` a journal file.
    func validate(file: String) throws {
        guard from != nil else {
            let given = [accounts.map { _ in "--accounts" }, main.map { _ in "--main" }, period.map { _ in "--period" },
                         depth != LedgerImport.defaultDepth ? "--depth" : nil, watch ? "--watch" : nil,
                         commodity.isEmpty ? nil : "--commodity", value ? "--value" : nil, name.isEmpty ? nil : "--name"].compactMap { $0 }
            if let option = given.first { throw ValidationError("\(option) reads a journal: give --from hledger, ledger or beancount too.") }
            return
        }
        if file == BridgeCtl.Publish.defaultFile { throw ValidationError("--from reads a journal file: name it (`bridgectl publish --from hledger money.journal`).") }
        if let period, LedgerMonth(period) == nil { throw ValidationError("--period must be a month written YYYY-MM, like 2026-11.") }
        if !LedgerImport.depths.contains(depth) {
            throw ValidationError("--depth must be \(LedgerImport.depths.lowerBound) to \(LedgerImport.depths.upperBound).")
        }
        do {
            _ = try commodities()
            _ = try displayNames()
        } catch let error as LedgerImportError {
            throw ValidationError(error.description)
        }
    }

    /// `--commodity`'s mappings.
    private func commodities() throws -> Commodities {
        var commodities = Commodities()
        for mapping in commodity { try commodities.map(mapping) }
        return commodities
    }

    /// `--name`'s names, by account.
    private func displayNames() throws -> [String: String] {
        try LedgerImport.displayNames(name)
    }

    /// Publishes the journal once, or on every change with `--watch`.
    func run(tool: LedgerTool, plan: BridgeCtl.PublishPlan) throws {
        let (ttl, staleAfter) = try plan.durations()
        let month = period.flatMap(LedgerMonth.init) ?? LedgerMonth.current(at: Date())
        let publisher = LedgerPublisher(
            app: try GlobalOptions.app(
                home: plan.home, app: plan.appDirectory, keychain: plan.keychainDirectory, container: plan.containerDirectory),
            journal: LedgerImport(
                tool: tool, journal: plan.file, accountsQuery: accounts, mainAccount: main, month: month, depth: depth,
                commodities: try commodities(), valuesHoldings: value, displayNames: try displayNames()),
            fixedMonth: period != nil, staleAfter: .seconds(staleAfter), expiresAfter: .seconds(ttl))
        guard watch else { return report(try publisher.publishOnce()) }
        Self.letStopSignalsEndTheProcess()
        publisher.watch { outcome in
            switch outcome {
            case let .published(published): report(published)
            case let .failed(error, outside, snapshotPublished):
                let kept = switch snapshotPublished {
                case true?: "The previous snapshot is still published"
                case false?: "No snapshot is published"
                case nil: "Nothing was published"
                }
                let next = outside ? "trying again when that changes" : "waiting for the next change of the journal"
                printError("\(Advice.error(for: error)) \(kept); \(next).")
            }
        }
    }

    /// A watch runs until SIGINT or SIGTERM ends it (their default action),
    /// even when its parent started it with them blocked (a thread of a
    /// dispatch queue blocks them, and a child inherits its mask).
    private static func letStopSignalsEndTheProcess() {
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    }

    private func report(_ published: LedgerPublisher.Published) {
        published.warnings.forEach(printError)
        // Straight to the descriptor, so a watch's line is out when its publish is.
        _ = try? FileDescriptor.standardOutput.writeAll("\(BridgeCtl.PublishPlan.sentence(for: published.receipt))\n".utf8)
    }

    private func printError(_ line: String) {
        _ = try? FileDescriptor.standardError.writeAll("\(line)\n".utf8)
    }
}

extension LedgerTool: ExpressibleByArgument {}
