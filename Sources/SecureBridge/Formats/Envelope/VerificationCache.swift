import Synchronization

/// Signatures a long-lived reader has already verified, keyed by the SHA-256 of key, context and stored bytes, so an
/// unchanged file skips the curve arithmetic; only successes are remembered, so a bad file fails every time.
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
