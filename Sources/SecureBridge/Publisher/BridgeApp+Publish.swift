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
    /// When amounts turn stale and when they disappear.
    public let staleAt: Date
    public let expiresAt: Date
}

/// What a key rotation did.
public struct KeyRotation: Sendable, Equatable {
    /// The new primary data key.
    public let newKeyID: KeyID
    /// The key it replaced, now destroyed.
    public let retiredKeyID: KeyID
    /// Whether a current snapshot was re-sealed under the new key.
    public let resealedSnapshot: Bool
}

extension BridgeApp {
    /// Validates the bank API's account list and publishes it as the new snapshot.
    ///
    /// Nothing changes unless every step succeeds: the input is validated
    /// before the lock is taken, and the snapshot replaces the old one
    /// atomically. The sequence moves on before the write and the keychain
    /// mark after it, so a crash leaves a gap, never a reused number.
    /// - Parameters:
    ///   - input: The JSON document (array of accounts, or object with accounts and analytics).
    ///   - ttlSeconds: Hard expiry: after it the widget shows no amounts.
    ///   - staleAfterSeconds: Soft expiry: after it amounts are flagged stale.
    ///   - now: The current time.
    /// - Throws: `InputError` naming the record and field, `SessionError`, storage errors.
    @discardableResult
    public func publish(_ input: [UInt8], ttlSeconds: Int64, staleAfterSeconds: Int64, now: Date) throws -> PublishReceipt {
        guard staleAfterSeconds <= ttlSeconds else {
            throw SessionError.staleAfterExceedsTTL
        }
        let portfolio = try PublishInput.decode(input)
        let payload = try portfolio.payloadBytes()
        return try transaction { places, state, saveNow in
            try requireLiveSession(state, now: now)
            let issuedAt = Self.seconds(now)
            let receipt = try seal(
                payload, places: places, state: &state, saveNow: saveNow, issuedAt: issuedAt,
                staleAt: issuedAt + staleAfterSeconds, expiresAt: issuedAt + ttlSeconds)
            return PublishReceipt(
                sequence: receipt.sequence, accountCount: portfolio.accounts.count, contentChanged: receipt.changed,
                staleAt: Date(timeIntervalSince1970: TimeInterval(issuedAt + staleAfterSeconds)),
                expiresAt: Date(timeIntervalSince1970: TimeInterval(issuedAt + ttlSeconds)))
        }
    }

    /// Makes a new primary data key, re-seals the current snapshot under it
    /// and destroys the old key.
    public func rotateKeys(now: Date) throws -> KeyRotation {
        try transaction { places, state, saveNow in
            try requireLiveSession(state, now: now)
            let old = try loadKeyset(places)
            let new = try DataKey.generate()
            // Both keys stay readable until the re-sealed snapshot is in place.
            try places.keychain.write(FileName.keyset, DataKeyset(primary: new, decryptOnly: [old.primary]).storedBytes)
            var resealed = false
            if let stored = try places.container.read(FileName.snapshot, limit: FileLimit.snapshot) {
                let envelope = try SnapshotEnvelope(bytes: stored)
                let key = try loadSigningKey(places)
                if envelope.header.epoch == state.epoch, let dataKey = old.key(withID: envelope.header.dataKeyID) {
                    let payload = try envelope.open(verifyingWith: key.publicKey, dataKey: dataKey)
                    _ = try seal(
                        payload.withUnsafeBytes { Array($0) }, places: places, state: &state, saveNow: saveNow,
                        issuedAt: envelope.header.issuedAt, staleAt: envelope.header.staleAt,
                        expiresAt: envelope.header.expiresAt)
                    resealed = true
                }
            }
            try places.keychain.write(FileName.keyset, DataKeyset(primary: new).storedBytes)
            return KeyRotation(newKeyID: new.id, retiredKeyID: old.primary.id, resealedSnapshot: resealed)
        }
    }

    /// Seals, signs and writes `payload` as the next snapshot. The sequence
    /// number is saved (`saveNow`) before the snapshot is written and the
    /// keychain mark raised after, so a crash leaves a gap, never a reused
    /// number; the content digest is the transaction's to save, after the
    /// reload token moved.
    private func seal(
        _ payload: [UInt8], places: Places, state: inout AppState, saveNow: (AppState) throws -> Void,
        issuedAt: Int64, staleAt: Int64, expiresAt: Int64
    ) throws -> (sequence: UInt64, changed: Bool) {
        let signingKey = try loadSigningKey(places)
        let keyset = try loadKeyset(places)
        state.snapshotSequence += 1
        try saveNow(state)
        let envelope = try SnapshotEnvelope.seal(
            payload: payload, epoch: state.epoch, sequence: state.snapshotSequence, issuedAt: issuedAt,
            staleAt: staleAt, expiresAt: expiresAt, signingKey: signingKey, dataKey: keyset.primary)
        try places.container.write(FileName.snapshot, envelope.bytes)
        var marks = HighWaterMarks()
        marks.snapshotSequence = state.snapshotSequence
        try places.keychain.raiseMarks(to: marks)
        let digest = Bytes.hex(try SHA256.hash(payload))
        let changed = digest != state.contentDigest
        if changed {
            // The digest is recorded only once the token moved, so a failed renewal is retried by the next publish.
            try places.container.renewReloadToken()
            state.contentDigest = digest
        }
        Log.publisher.debug("sealed snapshot", metadata: [
            "sequence": "\(state.snapshotSequence)", "epoch": "\(state.epoch)", "dataKey": "\(keyset.primary.id)",
            "contentChanged": "\(changed)",
        ])
        return (state.snapshotSequence, changed)
    }

    func loadKeyset(_ places: Places) throws -> DataKeyset {
        guard let stored = try places.keychain.readSecret(FileName.keyset, limit: FileLimit.keyset) else {
            throw KeychainError.missing(file: FileName.keyset)
        }
        return try DataKeyset(storedBytes: stored)
    }
}
