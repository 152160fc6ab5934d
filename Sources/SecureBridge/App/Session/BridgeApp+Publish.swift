#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
internal import Logging

/// What a successful publish did.
public struct PublishReceipt: Sendable, Equatable {
    /// The snapshot's sequence number.
    public let sequence: UInt64
    /// How many accounts it carries.
    public let accountCount: Int
    /// Whether the timeline a widget builds changed, so the reload token
    /// moved: on iOS, call `WidgetCenter.shared.reloadTimelines(ofKind:)`
    /// exactly when this is `true`.
    ///
    /// A timeline is made of the content and its dates: the accounts and
    /// analytics, when they were published (each entry's "updated" time),
    /// when they turn stale and when they expire. Publishing the same content
    /// again changes the timeline whenever one of those instants moves: a
    /// republish of an expired snapshot (the widget would go on showing it
    /// expired), one with another `staleAfter` or `expiresAfter` (it would
    /// flip to stale or expire at the old instants), one a second later (its
    /// entries say "updated" later). Only a publish of the same content with
    /// the same instants, within the same second, leaves the timeline as it was.
    public let timelineChanged: Bool
    /// When amounts turn stale (flagged `stale`).
    public let staleAt: Date
    /// When amounts disappear (masked `expired`).
    public let expiresAt: Date

    /// Whether the widget's timeline changed: the same as ``timelineChanged``,
    /// which says what it has always meant (a widget's content includes
    /// its dates, not only the payload's bytes).
    @available(*, deprecated, renamed: "timelineChanged")
    public var contentChanged: Bool { timelineChanged }

    package init(sequence: UInt64, accountCount: Int, timelineChanged: Bool, staleAt: Date, expiresAt: Date) {
        self.sequence = sequence
        self.accountCount = accountCount
        self.timelineChanged = timelineChanged
        self.staleAt = staleAt
        self.expiresAt = expiresAt
    }
}

extension BridgeApp {
    /// Publishes a portfolio as the new snapshot.
    ///
    /// The portfolio was validated when it was made (``/SecureBridgeFormats/Portfolio/init(bankJSON:)``)
    /// and is checked again as it is encoded, before the lock is taken. Steps, in order:
    /// 1. the snapshot's sequence comes after the last one used (the publish
    ///    cursor, or the whole reserved block when the cursor is not of this
    ///    boot) and after the keychain's snapshot mark, read under the keychain
    ///    lock, which is held to step 4; past the block, the app state
    ///    durably reserves the next block;
    /// 2. the publish cursor records the sequence as used (atomically, not synced);
    /// 3. the sealed snapshot replaces the old one atomically and durably: it is live;
    /// 4. the keychain's snapshot mark rises to it, durably;
    /// 5. when the widget's timeline changed (``PublishReceipt/timelineChanged``:
    ///    the content, or when it was issued, turns stale or expires), the
    ///    reload token moves (not synced);
    /// 6. the publish cursor records the timeline's digest (not synced).
    /// Two steps are synced, 3 then 4, besides one reservation every
    /// `PublishCursor.block` publishes. A crash before 3 leaves the old
    /// snapshot and a gap in the sequence; an error after 3 is
    /// `SessionError.unfinished`, saying the snapshot is live; a lost cursor
    /// costs a gap and one reload token more, never a number used twice.
    /// - Parameters:
    ///   - portfolio: The accounts and analytics to show.
    ///   - staleAfter: Soft expiry, in whole seconds: after it amounts are flagged stale.
    ///   - expiresAfter: Hard expiry, in whole seconds: after it the widget shows no amounts.
    ///   - now: The current time.
    /// - Throws: ``SessionError`` of kind
    ///   - ``SessionError/Kind/invalidLifetimes``: `staleAfter` is longer than `expiresAfter`;
    ///   - ``SessionError/Kind/notOnboarded``, ``SessionError/Kind/notLoggedIn`` or
    ///     ``SessionError/Kind/sessionExpired``: no live session (``SessionError/lastUser``
    ///     names who to log in again);
    ///   - ``SessionError/Kind/sessionWiped``: a tenth wrong passcode's wipe was owed, and done now;
    ///   - ``SessionError/Kind/damagedState`` or ``SessionError/Kind/homeUnusable``: the app's
    ///     state cannot be used, or no record number is left;
    ///   - ``SessionError/Kind/unfinished``: the snapshot is live, a later step failed.
    ///
    ///   ``/SecureBridgeFormats/BridgeError`` for a portfolio that breaks a rule (one built by the validating
    ///   initialisers never does); ``/SecureBridgeFormats/KeychainError`` when the
    ///   data keyset is missing or damaged; ``/SecureBridgeFormats/KeychainStoreError`` when the keychain's store
    ///   cannot be used now; ``/SecureBridgeFormats/StorageError`` for a file or directory that cannot be used
    ///   (its ``/SecureBridgeFormats/StorageError/isTransient`` says whether trying again may help).
    ///   Each error's description is one sentence naming what went wrong, never a value.
    @discardableResult
    public func publish(_ portfolio: Portfolio, staleAfter: Duration, expiresAfter: Duration, now: Date) throws -> PublishReceipt {
        guard staleAfter <= expiresAfter else {
            throw SessionError(.staleAfterExceedsTTL)
        }
        let staleAfterSeconds = staleAfter.components.seconds
        let ttlSeconds = expiresAfter.components.seconds
        let payload = try portfolio.payloadBytes()
        return try transaction(now: now) { places, state in
            try requireLiveSession(state, now: now)
            let issuedAt = Self.seconds(now)
            let times = SnapshotTimes(issuedAt: issuedAt, staleAt: issuedAt + staleAfterSeconds, expiresAt: issuedAt + ttlSeconds)
            let written = try writeSnapshot(
                payload, under: try (places.keysetAtStart ?? loadKeyset(places)).primary, places: places, state: &state, command: .publish,
                times: times)
            let sequence = written.cursor.sequence
            let digest = try times.timelineDigest(of: payload)
            let changed = digest != written.previousDigest
            try finishing(.snapshotLive(sequence: sequence), command: .publish) {
                if changed { try places.container.renewReloadToken() }
                try written.storedCursor.save(written.cursor.recording(timelineDigest: digest))
            }
            return PublishReceipt(
                sequence: sequence, accountCount: portfolio.accounts.count, timelineChanged: changed,
                staleAt: Date(timeIntervalSince1970: TimeInterval(times.staleAt)),
                expiresAt: Date(timeIntervalSince1970: TimeInterval(times.expiresAt)))
        }
    }

    /// ``publish(_:staleAfter:expiresAfter:now:)`` of the bank API's JSON:
    /// `bridgectl publish`'s path.
    /// - Throws: An error naming the record and field of the first problem in `bankJSON`, or as the other.
    @discardableResult
    package func publish(_ bankJSON: [UInt8], staleAfter: Duration, expiresAfter: Duration, now: Date) throws -> PublishReceipt {
        try publish(Portfolio(bankJSON: bankJSON), staleAfter: staleAfter, expiresAfter: expiresAfter, now: now)
    }

    /// When a snapshot was issued, turns stale and expires (Unix seconds).
    struct SnapshotTimes {
        let issuedAt: Int64
        let staleAt: Int64
        let expiresAt: Int64

        /// The digest of the timeline a widget builds from `payload` sealed
        /// with these times, as the publish cursor keeps it: hex SHA-256 of a
        /// label, the three instants (big-endian) and the payload.
        ///
        /// A widget's timeline is a function of the payload and these three
        /// instants alone (the session's end and the request are not the
        /// publisher's), so two snapshots with the same digest give every
        /// widget the same entries at the same dates, and two with different
        /// digests differ in an entry's content, its "updated" time or the
        /// instant it turns stale or expired.
        func timelineDigest(of payload: [UInt8]) throws -> String {
            var writer = ByteWriter(into: Self.timelineDigestLabel)
            writer.append(issuedAt)
            writer.append(staleAt)
            writer.append(expiresAt)
            return Bytes.hex(try SHA256Hasher.hash(writer.output, payload))
        }

        /// What the timeline digest hashes first, so it is never another format's hash.
        private static let timelineDigestLabel = Array("SecureBridge timeline v1\u{0}".utf8)
    }

    /// What `writeSnapshot` wrote.
    struct SnapshotWrite {
        /// The cursor as saved before the snapshot was written: its sequence, no digest yet.
        let cursor: PublishCursor
        /// The cursor's file, held open to record the digest once the content is live.
        let storedCursor: PublishCursor.Stored
        /// The digest of the timeline published before, when the last cursor
        /// knew it (same boot, same epoch); `nil` counts as a different timeline.
        let previousDigest: String?
    }

    /// Publish's steps 1 to 4, shared with key rotation: picks and reserves
    /// the next snapshot sequence, writes `payload` sealed under `dataKey`
    /// (live from here on), raises the snapshot mark. A failure after the
    /// write is `SessionError.unfinished`, naming `command` to finish it.
    func writeSnapshot(
        _ payload: [UInt8], under dataKey: DataKey, places: Places, state: inout AppState, command: AppCommand,
        times: SnapshotTimes
    ) throws -> SnapshotWrite {
        let signingKey = try loadSigningKey(places)
        // The keychain lock is held from reading the snapshot mark to raising it.
        let reserved = try places.keychain.withMarksForUpdate(repairing: places.marksIfDamaged) { marks in
            let reserved = try reserveSnapshotSequence(places, state: &state, mark: marks.current.snapshotSequence)
            let sequence = reserved.cursor.sequence
            let envelope = try SnapshotEnvelope.seal(
                payload: payload, epoch: state.epoch, sequence: sequence, issuedAt: times.issuedAt,
                staleAt: times.staleAt, expiresAt: times.expiresAt, signingKey: signingKey, dataKey: dataKey)
            try places.container.write(.snapshot, envelope.bytes)
            try finishing(.snapshotLive(sequence: sequence), command: command) {
                try marks.raise(to: HighWaterMarks(snapshotSequence: sequence))
            }
            return reserved
        }
        logger.core(.debug, "sealed snapshot", metadata: [
            "sequence": "\(reserved.cursor.sequence)", "epoch": "\(state.epoch)", "dataKey": "\(dataKey.id)",
        ])
        return reserved
    }

    /// Steps 1 and 2: the sequence after the last one used and after the
    /// keychain's snapshot mark (which a second publisher, a copy of this app
    /// place, may have raised), reserved durably when it is past the reserved
    /// block, and recorded as used in the cursor before anything is signed with it.
    private func reserveSnapshotSequence(_ places: Places, state: inout AppState, mark: UInt64) throws -> SnapshotWrite {
        let boot = PublishCursor.currentBoot(on: places.app.platform)
        let stored = try PublishCursor.Stored.open(in: places.app, boot: boot)
        let last = stored.cursor
        // Without this boot's cursor, any number of the reserved block may have been used.
        let lastUsed = max(last?.sequence ?? state.snapshotSequence, mark)
        let sequence = try AppState.number(after: lastUsed)
        if sequence > state.snapshotSequence {
            let (blockEnd, past) = sequence.addingReportingOverflow(PublishCursor.block - 1)
            state.snapshotSequence = boot == nil ? sequence : past ? .max : blockEnd
            try state.save(to: places)
        }
        let cursor = PublishCursor(boot: boot ?? "", epoch: state.epoch, sequence: sequence)
        try stored.save(cursor)
        // The digest says what is live only while the last snapshot is this app's: a mark
        // above the cursor means another publisher (a copy of this app place) published since.
        let lastIsLive = last.map { $0.epoch == state.epoch && $0.sequence >= mark } ?? false
        return SnapshotWrite(cursor: cursor, storedCursor: stored, previousDigest: lastIsLive ? last?.timelineDigest : nil)
    }

    func loadKeyset(_ places: Places) throws -> DataKeyset {
        try Self.loadKeyset(from: places.keychain)
    }

    /// The data keyset in `keychain`.
    /// - Throws: `KeychainError.missing` when there is none (logged out), `KeychainError.corrupt` when it is damaged.
    static func loadKeyset(from keychain: Keychain) throws -> DataKeyset {
        guard let stored = try keychain.readSecret(.keyset) else {
            throw KeychainError.missing(file: StoredFile.keyset.name)
        }
        return try DataKeyset(storedBytes: stored)
    }
}
