/// HKDF with SHA-256 (RFC 5869), extract then expand.
enum HKDFSHA256 {
    /// The most output HKDF-SHA256 can produce: 255 blocks of 32 bytes.
    static let maximumOutputByteCount = 255 * SHA256Hasher.byteCount

    /// Derives `outputByteCount` bytes into wiped memory; `info` separates derived keys, an empty `salt` is 32 zeros.
    /// - Throws: `BridgeError(.invalidOutputLength)` above 8160 bytes, `BridgeError(.backendFailure)` on failure.
    static func deriveKey(
        inputKeyMaterial: SecureBytes,
        salt: [UInt8] = [],
        info: [UInt8],
        outputByteCount: Int
    ) throws -> SecureBytes {
        guard (1...maximumOutputByteCount).contains(outputByteCount) else {
            throw BridgeError(.invalidOutputLength(requested: outputByteCount, maximum: maximumOutputByteCount))
        }
        return try Backend.deriveKey(
            inputKeyMaterial: inputKeyMaterial, salt: salt, info: info, outputByteCount: outputByteCount)
    }
}
