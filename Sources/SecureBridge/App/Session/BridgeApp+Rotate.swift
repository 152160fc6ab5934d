#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

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
    /// Makes a new primary data key, re-seals the current snapshot under it
    /// and destroys the old key.
    ///
    /// Only the newest snapshot the app published is re-sealed: one of this
    /// epoch whose sequence is not below the keychain's snapshot mark nor
    /// above the last one publish used, signed by the app and sealed under the current key. Anything else
    /// in the container (an older snapshot put back, a damaged one) is refused
    /// with a `SessionError` of kind `.notNewestSnapshot` and nothing changes; without a
    /// snapshot only the keys rotate. Durable steps, in order:
    /// 1. the keyset holds the new key as primary and the old one
    ///    decrypt-only, so widgets still read the current snapshot;
    /// 2. the re-sealed snapshot's sequence is reserved as a publish's is
    ///    (``publish(_:staleAfter:expiresAfter:now:)``, steps 1 and 2);
    /// 3. the re-sealed snapshot replaces the old one;
    /// 4. the snapshot mark rises (and the publish cursor keeps the timeline's digest);
    /// 5. the keyset holds the new key alone: the old one is gone.
    /// A keyset with a decrypt-only key is a rotation cut short: on an error
    /// here, and at the start of every later command, it is settled (see
    /// `settleInterruptedRotation`), so the keyset ends as it was or rotated,
    /// never in between.
    public func rotateKeys(now: Date) throws -> KeyRotation {
        try transaction(now: now) { places, state in
            try requireLiveSession(state, now: now)
            let old = try loadKeyset(places)
            let current = try newestSnapshot(places, state: state, keyset: old)
            let new = try DataKey.generate()
            do {
                if let current {
                    try places.keychain.write(.keyset, DataKeyset(primary: new, decryptOnly: [old.primary]).storedBytes)
                    let written = try current.payload.withUnsafeBytes { payload in
                        try writeSnapshot(
                            Array(payload), under: new, places: places, state: &state, command: .rotateKeys,
                            times: current.times)
                    }
                    // The same content and times, re-sealed: the same timeline, so the next publish of it is no change.
                    if let digest = written.previousDigest {
                        try written.storedCursor.save(written.cursor.recording(timelineDigest: digest))
                    }
                }
                try places.keychain.write(.keyset, DataKeyset(primary: new).storedBytes)
            } catch {
                do {
                    try settleInterruptedRotation(places)
                } catch let settling {
                    throw SessionError(.unfinished(
                        applied: .rotationHalfDone(failure: .init(error)), failure: .init(settling), command: .rotateKeys))
                }
                throw error
            }
            return KeyRotation(newKeyID: new.id, retiredKeyID: old.primary.id, resealedSnapshot: current != nil)
        }
    }

    /// The container's snapshot, opened, when it is the newest the app
    /// published; `nil` when there is none.
    /// - Throws: `SessionError.notNewestSnapshot` for any other snapshot.
    private func newestSnapshot(
        _ places: Places, state: AppState, keyset: DataKeyset
    ) throws -> (payload: SecureBytes, times: SnapshotTimes)? {
        guard let stored = try places.container.read(.snapshot) else { return nil }
        // The last number used, as publish counts it: this boot's cursor, else the whole reserved block.
        let published = try PublishCursor.load(from: places.app, boot: PublishCursor.currentBoot(on: places.app.platform))?.sequence
            ?? state.snapshotSequence
        guard let envelope = try? SnapshotEnvelope(bytes: stored) else {
            throw SessionError(.notNewestSnapshot(found: .damaged, published: published))
        }
        let header = envelope.header
        let found = SessionError.FoundSnapshot.snapshot(sequence: header.sequence, epoch: header.epoch)
        let marks = try places.keychain.readMarks(repairing: places.marksIfDamaged)
        let publisher = try loadSigningKey(places).publicKey
        // Not below the mark (which rises once a snapshot is written, and whenever a widget reads one) and
        // not above the last number used; a number reserved by a command that failed before its write
        // leaves a gap above the live snapshot, which is still the newest.
        guard header.epoch == state.epoch, header.sequence <= published, header.sequence >= marks.snapshotSequence,
              let dataKey = keyset.key(withID: header.dataKeyID),
              let payload = try? envelope.open(verifyingWith: publisher, dataKey: dataKey)
        else { throw SessionError(.notNewestSnapshot(found: found, published: published)) }
        return (payload, SnapshotTimes(issuedAt: header.issuedAt, staleAt: header.staleAt, expiresAt: header.expiresAt))
    }

    /// Settles a key rotation cut short between its two keyset writes (a
    /// keyset with a decrypt-only key, which only rotation writes): when the
    /// container's snapshot verifies under the app's signing key and is sealed
    /// under the retired key, the rotation is undone (the retired key alone,
    /// as before); otherwise it is finished (the new primary alone). A keyset
    /// that is missing, damaged or refused by the storage checks is left to
    /// the command that needs it (`logout` unlinks a hard-linked one).
    /// - Returns: The keyset in force once settled, or `nil` when it is left alone as missing, damaged or refused.
    @discardableResult
    func settleInterruptedRotation(_ places: Places) throws -> DataKeyset? {
        let stored: SecureBytes?
        do {
            stored = try places.keychain.readSecret(.keyset)
        } catch let error as KeychainStoreError {
            throw error  // a store that cannot be used now is no damaged keyset: the command stops and says so
        } catch {
            return nil
        }
        guard let stored, let keyset = try? DataKeyset(storedBytes: stored) else { return nil }
        guard !keyset.decryptOnly.isEmpty else { return keyset }
        var keep = keyset.primary
        if let bytes = try places.container.read(.snapshot),
           let envelope = try? SnapshotEnvelope(bytes: bytes),
           let retired = keyset.decryptOnly.first(where: { $0.id == envelope.header.dataKeyID }),
           (try? envelope.verifySignature(with: loadSigningKey(places).publicKey)) != nil
        {
            keep = retired
        }
        let settled = DataKeyset(primary: keep)
        try places.keychain.write(.keyset, settled.storedBytes)
        return settled
    }
}
