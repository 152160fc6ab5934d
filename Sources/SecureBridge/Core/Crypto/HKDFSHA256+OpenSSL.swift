#if OpenSSL && !CryptoKit
internal import COpenSSL

extension OpenSSL {
    /// HKDF, fetched once; `nil` when this OpenSSL cannot provide it.
    package nonisolated(unsafe) static let hkdf: OpaquePointer? = fetch { EVP_KDF_fetch(nil, "HKDF", nil) }
}

/// HKDF-SHA256 through OpenSSL's `EVP_KDF` (its parameters are built by the
/// `COpenSSL_HKDF_SHA256` shim). `HKDFSHA256` has checked the output length.
enum OpenSSLHKDFSHA256 {
    /// Derives `outputByteCount` bytes into wiped memory.
    static func deriveKey(
        inputKeyMaterial: SecureBytes, salt: [UInt8], info: [UInt8], outputByteCount: Int
    ) throws -> SecureBytes {
        try OpenSSL.initialize()
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
#endif
