import Synchronization

/// The parsed signing key, reused only while `app/signing-key.pem` holds the same bytes (compared in constant time).
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
