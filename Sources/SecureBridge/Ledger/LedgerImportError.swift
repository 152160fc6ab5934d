/// Why a journal gave no portfolio. Each description is one sentence that
/// names what was wrong and never an amount.
public struct LedgerImportError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public let cause: Cause

    init(_ cause: Cause) {
        self.cause = cause
    }

    /// The causes, each with the values its sentence names.
    public enum Cause: Equatable, Sendable {
        /// The tool's program is not on `PATH`.
        case toolNotInstalled(LedgerTool)
        /// The journal file does not exist or is no regular file.
        case journalMissing(path: String)
        /// The tool ran past the time limit and was killed.
        case timedOut(LedgerTool, seconds: Int64)
        /// The tool printed more than the output cap and was killed.
        case outputTooLarge(LedgerTool, limit: Int)
        /// The tool could not be started (`errno`).
        case notStarted(LedgerTool, errno: Int32)
        /// The tool failed on `journal`: its exit status (`nil` for a
        /// signal) and where in the journal its message points, if it says.
        /// The message itself is not kept: it can quote postings and their amounts.
        case toolFailed(LedgerTool, journal: String, status: Int32?, location: String?)
        /// The tool printed something other than the form asked for.
        case unreadableOutput(LedgerTool)
        /// No asset account matched the query with a balance in an ISO 4217 currency.
        case noAccounts(LedgerTool, query: String)
        /// `--main` names no account that was published.
        case mainAccountNotFound(String)
        /// An amount has a non-zero digit past its currency's minor units, or does not fit.
        case tooPrecise(currency: String, digits: Int)
        /// The month's expenses and income are in more than one ISO 4217 currency.
        case mixedCurrencies(period: String, codes: [String])
        /// Two account names give the same account id.
        case sameID(String)
        /// The journal writes amounts in a symbol of several currencies (`$`) that was not mapped.
        case ambiguousSymbol(String)
        /// `--commodity` maps a symbol to something that is no ISO 4217 code.
        case notACurrency(String)
        /// A `--commodity` value without `SYMBOL=CODE`'s `=`.
        case notACommodityMapping(String)
        /// A `--name` value without `ACCOUNT=NAME`'s `=`.
        case notANameMapping(String)
        /// The tool ran out of its memory limit (bytes).
        case outOfMemory(LedgerTool, limit: Int)
        /// The journal or a file it includes kept changing while it was read (`path`).
        case unsettled(path: String)
    }

    /// Whether the journal was being written, so a later look reads it again.
    var isUnsettled: Bool {
        if case .unsettled = cause { return true }
        return false
    }

    public var description: String {
        switch cause {
        case let .ambiguousSymbol(symbol):
            let shown = Printable(symbol)
            return "The journal writes amounts in \(shown), a symbol of more than one currency: say which with --commodity \(ShellWord("\(shown)=USD")) (or the code it stands for)."
        case let .notACurrency(code):
            return "--commodity maps to \(Printable(code)), which is no ISO 4217 currency code (EUR, USD, GBP…)."
        case let .notACommodityMapping(text):
            return "--commodity \(ShellWord(text)) is not SYMBOL=CODE, like '$=USD'."
        case let .notANameMapping(text):
            return "--name \(ShellWord(text)) is not ACCOUNT=NAME, like 'Assets:Bank:Girokonto=Girokonto'."
        case let .outOfMemory(tool, limit):
            return "\(tool.program) ran out of its \(limit / (1 << 20)) MiB memory limit and was stopped; check the journal's includes (one may name a device or a huge file)."
        case let .unsettled(path):
            return "\(Printable(path)) kept changing while it was read, so nothing was published; publish again when it is saved."
        case let .toolNotInstalled(tool):
            return "\(tool.program) is not installed: install Debian's \(tool.debianPackage) package (apt-get install \(tool.debianPackage)) or put \(tool.program) on PATH."
        case let .journalMissing(path):
            return "The journal \(Printable(path)) does not exist or is not a regular file."
        case let .timedOut(tool, seconds):
            return "\(tool.program) did not finish within \(seconds) seconds and was stopped; the snapshot was not changed."
        case let .outputTooLarge(tool, limit):
            return "\(tool.program) printed more than \(limit / (1 << 20)) MiB and was stopped; narrow --accounts or split the journal."
        case let .notStarted(tool, errno):
            return "\(tool.program) could not be started (errno \(errno))."
        case let .toolFailed(tool, journal, status, location):
            let how = switch status {
            case 0?: "it reported errors"
            case let status?: "exit status \(status)"
            case nil: "ended by a signal"
            }
            return "\(tool.program) could not read the journal (\(how))\(location.map { " at \($0)" } ?? ""); "
                + "run \(tool.checkCommand(journal: journal)) to see why (bridgectl does not repeat the tool's message, as it can quote amounts)."
        case let .unreadableOutput(tool):
            return "\(tool.program) printed a report this version of bridgectl cannot read; check that \(tool.program) is Debian's \(tool.debianPackage) package or newer."
        case let .noAccounts(tool, query):
            return "\(tool.program) found no account for \"\(Printable(query))\" with a balance in a currency; nothing to publish."
        case let .mainAccountNotFound(name):
            return "--main \(ShellWord(name)) names no published account; give the full account name as the journal writes it."
        case let .tooPrecise(currency, digits):
            return "An amount in \(currency) has more than its \(digits) decimal digit\(digits == 1 ? "" : "s") or is too large; SecureBridge keeps exact minor units."
        case let .mixedCurrencies(period, codes):
            return "The expenses and income of \(period) are in \(codes.joined(separator: " and ")); the spending analytics hold one currency, so give --period a month in one currency or keep one currency in expenses and income."
        case let .sameID(id):
            return "Two accounts of the journal give the same account id \(Printable(id)); rename one of them."
        }
    }
}
