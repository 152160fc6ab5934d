extension AESGCM {
    /// Encrypts and authenticates `plaintext`.
    /// - Parameters:
    ///   - plaintext: The bytes to encrypt.
    ///   - key: The AES-256 key.
    ///   - nonce: A nonce never used before with this key.
    ///   - associatedData: Bytes authenticated but not encrypted.
    /// - Returns: The ciphertext followed by the 16-byte tag.
    /// - Throws: `BridgeError(.backendFailure)` when the backend fails.
    static func seal(
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
