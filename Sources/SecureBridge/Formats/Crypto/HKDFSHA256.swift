/// HKDF with SHA-256 (RFC 5869), extract then expand.
enum HKDFSHA256 {
    /// The most output HKDF-SHA256 can produce: 255 blocks of 32 bytes.
    static let maximumOutputByteCount = 255 * SHA256Hasher.byteCount

    /// Derives `outputByteCount` bytes of key material.
    /// - Parameters:
    ///   - inputKeyMaterial: The secret to derive from.
    ///   - salt: Optional salt; empty behaves as 32 zero bytes.
    ///   - info: Context that separates one derived key from another.
    ///   - outputByteCount: How many bytes to derive.
    /// - Returns: The derived bytes, in wiped memory.
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
