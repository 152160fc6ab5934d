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
    /// Whether the widget's timeline (content and dates) changed, so the reload token moved: on iOS,
    /// call `WidgetCenter.shared.reloadTimelines(ofKind:)` exactly when this is `true`.
    public let timelineChanged: Bool
    /// When amounts turn stale (flagged `stale`).
    public let staleAt: Date
    /// When amounts disappear (masked `expired`).
    public let expiresAt: Date

    /// The same as ``timelineChanged``.
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
    /// A crash before the snapshot is live leaves the old one and a gap (docs/SECURITY.md, "App side").
    /// - Parameters:
    ///   - portfolio: The accounts and analytics to show.
    ///   - staleAfter: Soft expiry, in whole seconds: after it amounts are flagged stale.
    ///   - expiresAfter: Hard expiry, in whole seconds: after it the widget shows no amounts.
    ///   - now: The current time.
    /// - Throws: ``SessionError`` (``SessionError/Kind/invalidLifetimes`` when `staleAfter` is longer
    ///   than `expiresAfter`; ``SessionError/Kind/unfinished`` when the snapshot is live but a later step
    ///   failed; else no live session or no usable state), ``/SecureBridgeFormats/BridgeError``,
    ///   ``/SecureBridgeFormats/KeychainError``, ``/SecureBridgeFormats/KeychainStoreError`` or
    ///   ``/SecureBridgeFormats/StorageError``, each naming what could not be used.
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

    /// ``publish(_:staleAfter:expiresAfter:now:)`` of the bank API's JSON (`bridgectl publish`).
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

        /// Hex SHA-256 of a label, the three instants and `payload`: all a widget's timeline depends on.
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
        /// The timeline published before, when the last cursor knew it; `nil` counts as a change.
        let previousDigest: String?
    }

    /// Publish's steps 1 to 4, shared with rotation: reserves, seals, writes (live) and raises the mark.
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

    /// The sequence after the last used and the snapshot mark, reserved past the block, recorded before use.
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
        // The digest says what is live only while no other publisher raised the mark above the cursor.
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
