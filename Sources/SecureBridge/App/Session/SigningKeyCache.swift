import Synchronization

/// The app's parsed signing key, kept with the PEM bytes it was parsed from
/// and reused only while `app/signing-key.pem` holds exactly those bytes
/// (compared in constant time), so a long-lived `BridgeApp` imports its key
/// once: importing an Ed25519 private key derives its public key, which costs
/// about as much as a signature. A replaced file is parsed afresh, and fails
/// as it would without the cache.
final class SigningKeyCache: Sendable {
    private struct Entry {
        let pem: SecureBytes
        let key: Ed25519.PrivateKey
    }

    private let entry = Mutex<Entry?>(nil)

    /// The private key in `pem` (the signing key file's bytes).
    /// - Throws: `BridgeError(.invalidKeyEncoding)` as `Ed25519.PrivateKey(pemRepresentation:)` does.
    func key(pem: SecureBytes) throws -> Ed25519.PrivateKey {
        try entry.withLock { entry in
            if let cached = entry, cached.pem == pem { return cached.key }
            let key = try Ed25519.PrivateKey(pemRepresentation: pem)
            entry = Entry(pem: pem, key: key)
            return key
        }
    }
}
