extension AESGCM {
    /// Encrypts `plaintext` under a nonce never used with `key`; returns the ciphertext, then the 16-byte tag.
    /// - Throws: `BridgeError(.backendFailure)` when the backend fails.
    package static func seal(
        _ plaintext: some Collection<UInt8>,
        using key: AES256Key,
        nonce: Nonce,
        authenticating associatedData: some Collection<UInt8>
    ) throws -> [UInt8] {
        try Bytes.withContiguous(plaintext) { (message) throws in
            try Bytes.withContiguous(associatedData) { (aad) throws in
                try Backend.seal(message, key: key, nonce: nonce, aad: aad)
            }
        }
    }
}
