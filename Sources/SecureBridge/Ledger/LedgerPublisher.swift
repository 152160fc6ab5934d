import SecureBridge
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Publishes a journal through the same path as bank JSON
/// (`BridgeApp.publish(_:staleAfter:expiresAfter:now:)`): the same checks,
/// the same transaction, the same receipt. A failure changes nothing: the
/// previous snapshot stays published.
public struct LedgerPublisher: Sendable {
    /// The app side of the home to publish into.
    public let app: BridgeApp
    /// The journal and how to read it; its month is this month's unless `fixedMonth` is set.
    public let journal: LedgerImport
    /// Whether `journal.month` was given (`--period`); otherwise each run takes the current month.
    public let fixedMonth: Bool
    /// Soft expiry of each snapshot.
    public let staleAfter: Duration
    /// Hard expiry of each snapshot.
    public let expiresAfter: Duration

    public init(app: BridgeApp, journal: LedgerImport, fixedMonth: Bool, staleAfter: Duration, expiresAfter: Duration) {
        self.app = app
        self.journal = journal
        self.fixedMonth = fixedMonth
        self.staleAfter = staleAfter
        self.expiresAfter = expiresAfter
    }

    /// What one run did.
    public struct Published: Sendable {
        /// The receipt `BridgeApp.publish` gave.
        public let receipt: PublishReceipt
        /// One line per commodity left out.
        public let warnings: [String]
    }

    /// Reads the journal and publishes it once.
    /// - Throws: `LedgerImportError`, `InputError`, or what `BridgeApp.publish` throws.
    public func publishOnce(now: Date = Date()) throws -> Published {
        var journal = self.journal
        if !fixedMonth { journal.month = LedgerMonth.current(at: now) }
        let imported = try journal.run()
        let receipt = try app.publish(imported.portfolio, staleAfter: staleAfter, expiresAfter: expiresAfter, now: now)
        return Published(receipt: receipt, warnings: imported.warnings)
    }

    #if os(Linux)
    /// Publishes now and again after every change of the journal or a file
    /// it includes, until the process ends. Each run's outcome goes to
    /// `report` once: a failed run leaves the previous snapshot published,
    /// and the next change runs again.
    /// - Throws: `JournalWatch.Failure` when the files cannot be watched.
    public func watch(report: (Result<Published, any Error>) -> Void) throws -> Never {
        let watch = try JournalWatch()
        while true {
            try watch.watch(JournalFiles.list(journal.journal))
            report(Result { try publishOnce() })
            try watch.waitForChange()
        }
    }
    #endif
}

extension LedgerMonth {
    /// The month `date` falls in, in the local time zone (within the years 1 to 9998).
    public static func current(at date: Date) -> LedgerMonth {
        let parts = Calendar.current.dateComponents([.year, .month], from: date)
        return LedgerMonth(year: min(max(parts.year ?? 1, 1), 9998), month: min(max(parts.month ?? 1, 1), 12))
            ?? LedgerMonth(year: 1, month: 1)!
    }
}
