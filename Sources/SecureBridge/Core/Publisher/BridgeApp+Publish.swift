import FoundationEssentials
internal import Logging

/// What a successful publish did.
public struct PublishReceipt: Sendable, Equatable {
    /// The snapshot's sequence number.
    public let sequence: UInt64
    /// How many accounts it carries.
    public let accountCount: Int
    /// Whether what a widget shows changed, so the reload token moved.
    public let contentChanged: Bool
    /// When amounts turn stale (flagged `stale`).
    public let staleAt: Date
    /// When amounts disappear (masked `expired`).
    public let expiresAt: Date
}

extension BridgeApp {
    /// Publishes a portfolio as the new snapshot.
    ///
    /// The portfolio was validated when it was made (``Portfolio/init(bankJSON:)``)
    /// and is checked again as it is encoded, before the lock is taken. Durable steps, in order:
    /// 1. the app state reserves the snapshot's sequence;
    /// 2. the sealed snapshot replaces the old one atomically: it is live;
    /// 3. the keychain's snapshot mark rises to it;
    /// 4. when what a widget shows changed, the reload token moves;
    /// 5. the app state records the content's digest.
    /// A crash before 2 leaves the old snapshot and a gap in the sequence; an
    /// error after 2 is `SessionError.unfinished`, saying the snapshot is live.
    /// - Parameters:
    ///   - portfolio: The accounts and analytics to show.
    ///   - staleAfter: Soft expiry, in whole seconds: after it amounts are flagged stale.
    ///   - expiresAfter: Hard expiry, in whole seconds: after it the widget shows no amounts.
    ///   - now: The current time.
    /// - Throws: ``SessionError`` (no live session, or `staleAfter` longer than
    ///   `expiresAfter`), or an error naming the storage problem.
    @discardableResult
    public func publish(_ portfolio: Portfolio, staleAfter: Duration, expiresAfter: Duration, now: Date) throws -> PublishReceipt {
        guard staleAfter <= expiresAfter else {
            throw SessionError.staleAfterExceedsTTL
        }
        let staleAfterSeconds = staleAfter.components.seconds
        let ttlSeconds = expiresAfter.components.seconds
        let payload = try portfolio.payloadBytes()
        return try transaction(now: now) { places, state in
            try requireLiveSession(state, now: now)
            let issuedAt = Self.seconds(now)
            let sequence = try writeSnapshot(
                payload, under: try loadKeyset(places).primary, places: places, state: &state, command: .publish,
                times: .init(issuedAt: issuedAt, staleAt: issuedAt + staleAfterSeconds, expiresAt: issuedAt + ttlSeconds))
            let digest = Bytes.hex(try SHA256Hasher.hash(payload))
            let changed = digest != state.contentDigest
            try finishing("Snapshot \(sequence) is live", command: .publish) {
                if changed {
                    try places.container.renewReloadToken()
                    state.contentDigest = digest
                    try state.save(to: places)
                }
            }
            return PublishReceipt(
                sequence: sequence, accountCount: portfolio.accounts.count, contentChanged: changed,
                staleAt: Date(timeIntervalSince1970: TimeInterval(issuedAt + staleAfterSeconds)),
                expiresAt: Date(timeIntervalSince1970: TimeInterval(issuedAt + ttlSeconds)))
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
    }

    /// Publish's steps 1 to 3, shared with key rotation: reserves the next
    /// snapshot sequence (app state), writes `payload` sealed under `dataKey`
    /// (live from here on), raises the snapshot mark. A failure after the write
    /// is `SessionError.unfinished`, naming `command` to finish it.
    /// - Returns: The snapshot's sequence.
    func writeSnapshot(
        _ payload: [UInt8], under dataKey: DataKey, places: Places, state: inout AppState, command: AppCommand,
        times: SnapshotTimes
    ) throws -> UInt64 {
        let signingKey = try loadSigningKey(places)
        state.snapshotSequence += 1
        try state.save(to: places)
        let sequence = state.snapshotSequence
        let envelope = try SnapshotEnvelope.seal(
            payload: payload, epoch: state.epoch, sequence: sequence, issuedAt: times.issuedAt,
            staleAt: times.staleAt, expiresAt: times.expiresAt, signingKey: signingKey, dataKey: dataKey)
        try places.container.write(FileName.snapshot, envelope.bytes)
        try finishing("Snapshot \(sequence) is live", command: command) {
            try places.keychain.raiseMarks(to: HighWaterMarks(snapshotSequence: sequence))
        }
        logger.debug("sealed snapshot", metadata: [
            "sequence": "\(sequence)", "epoch": "\(state.epoch)", "dataKey": "\(dataKey.id)",
        ])
        return sequence
    }

    func loadKeyset(_ places: Places) throws -> DataKeyset {
        guard let stored = try places.keychain.readSecret(FileName.keyset, limit: FileLimit.keyset) else {
            throw KeychainError.missing(file: FileName.keyset)
        }
        return try DataKeyset(storedBytes: stored)
    }
}
