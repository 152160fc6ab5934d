#if OpenSSL && !CryptoKit
internal import COpenSSL

extension OpenSSL {
    /// HKDF from the default provider, found once; `nil` when this OpenSSL has none.
    nonisolated(unsafe) static let hkdf = provided(COpenSSL_ProviderKDF()) { COpenSSL_ProviderKDF_find($0, "HKDF", &$1) }

    package static var providesHKDF: Bool { hkdf != nil }
}

/// HKDF-SHA256 through the default provider's HKDF (parameters built by `COpenSSL_HKDF_SHA256`).
package enum OpenSSLHKDFSHA256 {
    static func deriveKey(
        inputKeyMaterial: SecureBytes, salt: [UInt8], info: [UInt8], outputByteCount: Int
    ) throws -> SecureBytes {
        try OpenSSL.initialize()
        guard var kdf = OpenSSL.hkdf else { throw OpenSSL.error("HKDF from the default provider") }
        return try SecureBytes(count: outputByteCount) { (output) throws in
            let result = inputKeyMaterial.withUnsafeBytes { ikm in
                salt.withUnsafeBytes { salt in
                    info.withUnsafeBytes { info in
                        COpenSSL_HKDF_SHA256(
                            &kdf,
                            ikm.baseAddress?.assumingMemoryBound(to: UInt8.self), ikm.count,
                            salt.baseAddress?.assumingMemoryBound(to: UInt8.self), salt.count,
                            info.baseAddress?.assumingMemoryBound(to: UInt8.self), info.count,
                            output.baseAddress!.assumingMemoryBound(to: UInt8.self), output.count)
                    }
                }
            }
            try OpenSSL.check(result, "HKDF derive")
        }
    }
}
#endif
