internal import COpenSSL

/// HKDF with SHA-256 (RFC 5869), extract then expand.
package enum HKDFSHA256 {
    /// The most output HKDF-SHA256 can produce: 255 blocks of 32 bytes.
    package static let maximumOutputByteCount = 255 * SHA256Hasher.byteCount

    /// Derives `outputByteCount` bytes of key material.
    /// - Parameters:
    ///   - inputKeyMaterial: The secret to derive from.
    ///   - salt: Optional salt; empty behaves as 32 zero bytes.
    ///   - info: Context that separates one derived key from another.
    ///   - outputByteCount: How many bytes to derive.
    /// - Returns: The derived bytes, in wiped memory.
    /// - Throws: `CryptoError.invalidOutputLength` above 8160 bytes, `CryptoError.openSSL` on failure.
    package static func deriveKey(
        inputKeyMaterial: SecureBytes,
        salt: [UInt8] = [],
        info: [UInt8],
        outputByteCount: Int
    ) throws -> SecureBytes {
        guard (1...maximumOutputByteCount).contains(outputByteCount) else {
            throw CryptoError.invalidOutputLength(requested: outputByteCount, maximum: maximumOutputByteCount)
        }
        let kdf = try OpenSSL.require(OpenSSL.hkdf, "EVP_KDF_fetch(HKDF)")
        return try SecureBytes(count: outputByteCount) { (output) throws in
            let result = inputKeyMaterial.withUnsafeBytes { ikm in
                salt.withUnsafeBytes { salt in
                    info.withUnsafeBytes { info in
                        COpenSSL_HKDF_SHA256(
                            kdf,
                            ikm.baseAddress?.assumingMemoryBound(to: UInt8.self), ikm.count,
                            salt.baseAddress?.assumingMemoryBound(to: UInt8.self), salt.count,
                            info.baseAddress?.assumingMemoryBound(to: UInt8.self), info.count,
                            output.baseAddress!.assumingMemoryBound(to: UInt8.self), output.count)
                    }
                }
            }
            try OpenSSL.check(result, "EVP_KDF_derive(HKDF)")
        }
    }
}
