#if CryptoKit
internal import Crypto

/// HKDF-SHA256 through CryptoKit's `HKDF<SHA256>`. `HKDFSHA256` has checked the output length.
package enum CryptoKitHKDFSHA256 {
    static func deriveKey(
        inputKeyMaterial: SecureBytes, salt: [UInt8], info: [UInt8], outputByteCount: Int
    ) throws -> SecureBytes {
        let derived = inputKeyMaterial.withUnsafeBytes { ikm in
            HKDF<SHA256>.deriveKey(
                inputKeyMaterial: SymmetricKey(data: ikm), salt: salt, info: info, outputByteCount: outputByteCount)
        }
        return derived.withUnsafeBytes { SecureBytes(copying: $0) }
    }
}
#endif
