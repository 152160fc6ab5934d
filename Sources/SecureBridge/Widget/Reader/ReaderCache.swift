import Synchronization

/// What a widget read would otherwise rebuild, each entry reused only while its file holds exactly the bytes
/// it came from (the keyset's compared in constant time): a read with the cache decides as one without.
final class ReaderCache: Sendable {
    private struct PinnedKey {
        let pem: [UInt8]
        let key: Ed25519.PublicKey
    }

    private struct Keyset {
        let stored: SecureBytes
        let keyset: DataKeyset
        /// Snapshot keys derived from this keyset's keys, by key id and epoch.
        var snapshotKeys: [(id: SnapshotKeyID, key: AES256Key)] = []
    }

    private struct SnapshotKeyID: Equatable {
        let dataKeyID: KeyID
        let epoch: UInt64
    }

    private struct State {
        var pinnedKey: PinnedKey?
        var keyset: Keyset?
    }

    /// More epochs than a keyset serves between two logins; past it the derived keys are dropped.
    private static let snapshotKeyLimit = 8

    private let state = Mutex(State())

    /// The signatures this reader has verified, so unchanged files are not verified again.
    let verifications = VerificationCache()

    /// The publisher key in `pem` (the pinned key file's bytes).
    /// - Throws: `BridgeError(.invalidKeyEncoding)` as `Ed25519.PublicKey(pinnedKeyPEM:)` does.
    func publicKey(pem: [UInt8]) throws -> Ed25519.PublicKey {
        try state.withLock { state in
            if let cached = state.pinnedKey, cached.pem == pem { return cached.key }
            let key = try Ed25519.PublicKey(pinnedKeyPEM: pem)
            state.pinnedKey = PinnedKey(pem: pem, key: key)
            return key
        }
    }

    /// The keyset stored as `stored` (the keyset file's bytes).
    /// - Throws: `KeychainError.corrupt` as `DataKeyset(storedBytes:)` does.
    func keyset(stored: SecureBytes) throws -> DataKeyset {
        try state.withLock { state in
            if let cached = state.keyset, cached.stored == stored { return cached.keyset }
            let keyset = try DataKeyset(storedBytes: stored)
            state.keyset = Keyset(stored: stored, keyset: keyset)
            return keyset
        }
    }

    /// The key that opens snapshots of `epoch` under `dataKey`, which must come from the last `keyset(stored:)`.
    /// - Throws: `BridgeError` when the derivation fails.
    func snapshotKey(for dataKey: DataKey, epoch: UInt64) throws -> AES256Key {
        let id = SnapshotKeyID(dataKeyID: dataKey.id, epoch: epoch)
        return try state.withLock { state in
            guard var entry = state.keyset, entry.keyset.key(withID: dataKey.id) == dataKey else {
                return try dataKey.snapshotKey(epoch: epoch)
            }
            if let known = entry.snapshotKeys.first(where: { $0.id == id }) { return known.key }
            let key = try dataKey.snapshotKey(epoch: epoch)
            if entry.snapshotKeys.count >= Self.snapshotKeyLimit { entry.snapshotKeys.removeAll() }
            entry.snapshotKeys.append((id, key))
            state.keyset = entry
            return key
        }
    }
}
