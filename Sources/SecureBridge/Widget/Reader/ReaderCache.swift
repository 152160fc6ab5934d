import Synchronization

/// What a widget read would otherwise rebuild every time: the parsed pinned
/// publisher key, the parsed data keyset, the epoch's derived snapshot keys,
/// and the signatures already verified (`verifications`).
///
/// Each entry is kept together with the exact file bytes it was made from and
/// is reused only while the file holds exactly those bytes again, so a read
/// with the cache decides everything a read without it would: a replaced,
/// rotated or destroyed file is parsed afresh (and fails as it would). The
/// keyset bytes are compared in constant time. One entry of each kind is
/// kept; a new file replaces it, so the cache stays a few hundred bytes.
final class ReaderCache: Sendable {
    private struct PinnedKey {
        let pem: [UInt8]
        let key: Ed25519.PublicKey
    }

    private struct Keyset {
        let stored: SecureBytes
        let keyset: DataKeyset
        /// Snapshot keys derived from this keyset's keys, with the key id and
        /// epoch of each.
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

    /// More epochs than a keyset ever serves between two logins; past it the
    /// derived keys are dropped and derived again as needed.
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

    /// The key that opens snapshots of `epoch` sealed under `dataKey`, which
    /// must come from the keyset `keyset(stored:)` returned last.
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
