import Synchronization

/// Signatures a long-lived reader has already verified, so that reading
/// files that have not changed skips the curve arithmetic (three Ed25519
/// verifications are most of a read's work).
///
/// An entry is the SHA-256 of the public key, the signature's context and the
/// stored bytes (the signed body followed by its signature): a hit means
/// these exact bytes verified under this exact key and context before, and
/// SHA-256's collision resistance makes a hit for any other bytes
/// infeasible. Only a verification that succeeded is remembered, so a file
/// that fails is checked, and refused with its reason, every time. The last
/// `capacity` entries are kept (a read verifies three frames), oldest
/// dropped first: a few hundred bytes.
package final class VerificationCache: Sendable {
    /// Entries kept: the three frames of a read, and as many again from the read before.
    static let capacity = 6

    private struct State {
        var digests: [[UInt8]] = []
        var hits = 0
        var misses = 0
    }

    private let state = Mutex(State())

    package init() {}

    /// Runs `verify` unless these bytes verified under this key and context before.
    /// - Parameters:
    ///   - stored: The frame as stored: the signed body, then its signature.
    ///   - verify: The real verification; it throws when the signature is wrong.
    /// - Throws: What `verify` throws, or `BridgeError` when the digest cannot be computed.
    func verify(
        _ stored: [UInt8], publicKey: Ed25519.PublicKey, context: Ed25519.Context, _ verify: () throws -> Void
    ) throws {
        let digest = try SHA256Hasher.hash(publicKey.rawRepresentation, context.label, [0], stored)
        let known = state.withLock { state in
            let known = state.digests.contains(digest)
            if known { state.hits += 1 } else { state.misses += 1 }
            return known
        }
        if known { return }
        try verify()
        state.withLock { state in
            if state.digests.count >= Self.capacity { state.digests.removeFirst() }
            state.digests.append(digest)
        }
    }

    /// How many verifications were skipped and how many were made, for tests and benchmarks.
    package var counts: (hits: Int, misses: Int) {
        state.withLock { ($0.hits, $0.misses) }
    }
}
