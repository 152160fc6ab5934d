public import SecureBridge
#if os(Linux)
import SecureBridgeFollow
#endif
#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Publishes a journal through the same path as bank JSON
/// (`BridgeApp.publish(_:staleAfter:expiresAfter:now:)`): the same checks,
/// the same transaction, the same receipt. A failure changes nothing: the
/// previous snapshot stays published.
///
/// Only a settled journal is published (`JournalState`): the tool runs when
/// no file of the journal is open for writing, and its figures count only
/// when every file is the same after it ran; otherwise it runs again.
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
        /// One line per holding left out.
        public let warnings: [String]
    }

    /// How long a one-shot publish waits for a writer to close the journal.
    public static let writerPatience: Duration = .seconds(10)
    /// How many times the tool runs when the journal changed under it.
    static let attempts = 5

    /// Reads the settled journal and publishes it once.
    /// - Throws: `LedgerImportError` (`.unsettled` when the journal kept
    ///   changing), `BridgeError`, or what `BridgeApp.publish` throws.
    public func publishOnce(now: Date = Date()) throws -> Published {
        let imported = try importSettled(now: now, patience: Self.writerPatience).imported
        let receipt = try app.publish(imported.portfolio, staleAfter: staleAfter, expiresAfter: expiresAfter, now: now)
        return Published(receipt: receipt, warnings: imported.warnings)
    }

    /// The journal's import, read while it is settled, and the files' state it was read in.
    /// - Parameter patience: How long to wait for a writer to close a file.
    private func importSettled(now: Date, patience: Duration) throws -> (imported: LedgerImport.Imported, state: JournalState) {
        var journal = self.journal
        if !fixedMonth { journal.month = LedgerMonth.current(at: now) }
        var writing: String?
        for _ in 0..<Self.attempts {
            let before = try settledState(patience: patience)
            let outcome = Result { try journal.run(now: now) }
            let after = JournalState(of: JournalFiles.list(journal.journal).files)
            guard after == before, after.beingWritten == nil else {
                writing = after.beingWritten ?? after.files.first { file in !before.files.contains(file) }?.path
                continue
            }
            return (try outcome.get(), after)
        }
        throw LedgerImportError(.unsettled(path: writing ?? journal.journal))
    }

    /// The journal's state once no file of it is open for writing, waiting at most `patience`.
    /// - Throws: `LedgerImportError.unsettled` when a writer still holds one.
    private func settledState(patience: Duration) throws -> JournalState {
        let deadline = ContinuousClock.now + patience
        while true {
            let state = JournalState(of: JournalFiles.list(journal.journal).files)
            guard let writing = state.beingWritten else { return state }
            guard ContinuousClock.now < deadline else { throw LedgerImportError(.unsettled(path: writing)) }
            usleep(50_000)
        }
    }

    #if os(Linux)
    /// What a watch says, each once when it happens.
    public enum WatchReport {
        /// A snapshot was published; its warnings are those not said before in this watch.
        case published(Published)
        /// A run failed. `outsideTheJournal`: the journal was read, but the
        /// home refused the publish (not logged in, locked, keyring locked);
        /// it is tried again when that changes. Otherwise the next change of
        /// the journal runs again. `snapshotPublished`: whether a snapshot is
        /// still published (`nil` when that cannot be told).
        case failed(any Error, outsideTheJournal: Bool, snapshotPublished: Bool?)
    }

    /// How often a watch looks at the files without an event (a file
    /// system inotify does not see, a watch that could not be set up).
    public static let lookInterval: Duration = .seconds(10)
    /// How often a publish the home refused is tried again without a sign of change.
    public static let retryInterval: Duration = .seconds(30)

    /// Publishes now, after every change of the journal or a file it
    /// includes, again when a publish the home refused can go through, and
    /// every half of `staleAfter` besides, so a snapshot never reads stale
    /// while the watch runs; until the process ends (it never returns).
    ///
    /// What it watches is made anew for each wait: the files the journal
    /// includes now, the directories that hold them or, not existing yet,
    /// the nearest ones above, and the home's places. The keychain store's
    /// reachability is followed as `read --follow` follows it (`KeychainWatch`).
    public func watch(report: (WatchReport) -> Void) -> Never {
        let keychain = KeychainWatch(home: app.home)
        let places = [app.home.app, app.home.keychain, app.home.container].map(\.string)
        let heartbeat = max(staleAfter / 2, .seconds(1))
        var read: (state: JournalState, imported: LedgerImport.Imported?)?
        var month = LedgerMonth.current(at: Date())
        /// A publish the home refused: what it would publish, and the home as it was then.
        var refused: (imported: LedgerImport.Imported, home: JournalState, keychain: KeychainWatch.State, at: ContinuousClock.Instant)?
        var lastFailure: String?
        var said: Set<String> = []
        var lastPublish = ContinuousClock.now

        func publish(_ imported: LedgerImport.Imported) {
            let home = JournalState(of: places)
            let keychainState = keychain.state
            do {
                let receipt = try app.publish(imported.portfolio, staleAfter: staleAfter, expiresAfter: expiresAfter, now: Date())
                refused = nil
                lastFailure = nil
                lastPublish = .now
                let fresh = imported.warnings.filter { said.insert($0).inserted }
                report(.published(Published(receipt: receipt, warnings: fresh)))
            } catch {
                refused = (imported, home, keychainState, .now)
                fail(error, outside: true)
            }
        }
        func fail(_ error: any Error, outside: Bool) {
            let sentence = "\(error)"
            guard sentence != lastFailure else { return }
            lastFailure = sentence
            let published = (try? app.status(now: Date())).map { $0.snapshot != nil }
            report(.failed(error, outsideTheJournal: outside, snapshotPublished: published))
        }

        while true {
            let files = JournalFiles.list(journal.journal)
            let watch = try? JournalWatch(directories: files.directories + places.map(JournalFiles.nearestDirectory))
            let state = JournalState(of: files.files)
            let now = Date()
            let monthMoved = !fixedMonth && LedgerMonth.current(at: now) != month
            if state != read?.state || monthMoved, state.beingWritten == nil {
                month = LedgerMonth.current(at: now)
                refused = nil
                do {
                    let settled = try importSettled(now: now, patience: .zero)
                    read = (settled.state, settled.imported)
                    publish(settled.imported)
                } catch let error as LedgerImportError where error.isUnsettled {
                    // A writer holds a file, or it kept changing: the next event, or the next look, reads it again.
                } catch {
                    read = (JournalState(of: JournalFiles.list(journal.journal).files), nil)
                    fail(error, outside: false)
                }
            } else if let waiting = refused {
                // Tried again when the home's places or the keychain's store changed, and now and then besides.
                if JournalState(of: places) != waiting.home || keychain.state != waiting.keychain
                    || ContinuousClock.now - waiting.at >= Self.retryInterval {
                    publish(waiting.imported)
                }
            } else if let imported = read?.imported, ContinuousClock.now - lastPublish >= heartbeat {
                publish(imported)
            }
            let untilHeartbeat = max(heartbeat - (ContinuousClock.now - lastPublish), .milliseconds(100))
            var timeout = min(Self.lookInterval, untilHeartbeat)
            if refused != nil || watch?.isComplete != true { timeout = min(timeout, KeychainWatch.pollingInterval) }
            if let watch {
                _ = watch.wait(timeout: timeout)
            } else {
                usleep(UInt32(clamping: timeout.components.seconds * 1_000_000 + timeout.components.attoseconds / 1_000_000_000_000))
            }
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
