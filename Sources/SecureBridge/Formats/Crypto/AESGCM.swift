/// AES-256-GCM with the only parameters SecureBridge accepts: a 32-byte key, a 12-byte nonce and a
/// 16-byte tag; other nonce lengths and truncated tags are refused before the backend is called.
package enum AESGCM {
    static let nonceByteCount = 12
    package static let tagByteCount = 16

    package struct Nonce: Sendable, Equatable {
        package let bytes: [UInt8]

        package init() throws {
            bytes = try SystemRandom.bytes(count: AESGCM.nonceByteCount)
        }

        /// Wraps given nonce bytes.
        /// - Throws: `BridgeError(.invalidNonceLength)` unless there are exactly 12 bytes.
        package init(bytes: some Collection<UInt8>) throws {
            guard bytes.count == AESGCM.nonceByteCount else {
                throw BridgeError(.invalidNonceLength(expected: AESGCM.nonceByteCount, actual: bytes.count))
            }
            self.bytes = Array(bytes)
        }
    }

    /// Authenticates, then decrypts `ciphertext`; the plaintext (in wiped memory) is released only if the tag checks.
    /// - Throws: `BridgeError(.invalidTagLength)` for a tag that is not 16 bytes,
    ///   `BridgeError(.authenticationFailure)` when anything was altered.
    package static func open(
        ciphertext: some Collection<UInt8>,
        tag: some Collection<UInt8>,
        using key: AES256Key,
        nonce: Nonce,
        authenticating associatedData: some Collection<UInt8>
    ) throws -> SecureBytes {
        guard tag.count == tagByteCount else {
            throw BridgeError(.invalidTagLength(expected: tagByteCount, actual: tag.count))
        }
        return try Bytes.withContiguous(ciphertext) { (ciphertext) throws in
            try Bytes.withContiguous(tag) { (tag) throws in
                try Bytes.withContiguous(associatedData) { (aad) throws in
                    try Backend.open(ciphertext, tag: tag, key: key, nonce: nonce, aad: aad)
                }
            }
        }
    }

    /// Splits a combined `ciphertext ‖ tag` and opens it.
    /// - Throws: `BridgeError(.invalidTagLength)` when the input is shorter than a tag.
    package static func open(
        combined: ArraySlice<UInt8>,
        using key: AES256Key,
        nonce: Nonce,
        authenticating associatedData: some Collection<UInt8>
    ) throws -> SecureBytes {
        guard combined.count >= tagByteCount else {
            throw BridgeError(.invalidTagLength(expected: tagByteCount, actual: combined.count))
        }
        let split = combined.endIndex - tagByteCount
        return try open(ciphertext: combined[..<split], tag: combined[split...], using: key, nonce: nonce, authenticating: associatedData)
    }
}
