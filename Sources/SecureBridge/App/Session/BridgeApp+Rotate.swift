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
    /// Makes a new primary data key, re-seals the current snapshot under it and destroys the old key.
    /// Only the newest snapshot the app published is re-sealed; anything else is refused, changing nothing.
    /// A rotation cut short is settled at once or by the next command.
    /// - Throws: `SessionError` of kind `.notNewestSnapshot` for any other snapshot, or
    ///   `.unfinished` when a failed rotation could not be settled.
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

    /// The container's snapshot, opened, when it is the newest the app published; `nil` for none.
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
        // Not below the mark nor above the last used (a failed command's reserved number leaves a gap).
        guard header.epoch == state.epoch, header.sequence <= published, header.sequence >= marks.snapshotSequence,
              let dataKey = keyset.key(withID: header.dataKeyID),
              let payload = try? envelope.open(verifyingWith: publisher, dataKey: dataKey)
        else { throw SessionError(.notNewestSnapshot(found: found, published: published)) }
        return (payload, SnapshotTimes(issuedAt: header.issuedAt, staleAt: header.staleAt, expiresAt: header.expiresAt))
    }

    /// Settles a rotation cut short: undone (the retired key alone) when the snapshot verifies under the
    /// retired key, else finished; `nil`, left alone, for a missing, damaged or refused keyset.
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
