#if CryptoKit
package import Crypto
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// AES-256-GCM over CryptoKit's `AES.GCM`; `AESGCM` has checked all lengths.
package enum CryptoKitAESGCM {

    /// Checks `tag` and decrypts into wiped memory. CryptoKit's plaintext `Data` is its own zeroing storage,
    /// so it is copied, never written to.
    /// - Throws: `BridgeError(.authenticationFailure)` when anything was altered.
    static func open(
        _ ciphertext: UnsafeRawBufferPointer, tag: UnsafeRawBufferPointer, key: AES256Key, nonce: AESGCM.Nonce,
        aad: UnsafeRawBufferPointer
    ) throws -> SecureBytes {
        let box = try CryptoKitFailure.mapping("AES.GCM.SealedBox") {
            try AES.GCM.SealedBox(nonce: AES.GCM.Nonce(data: nonce.bytes), ciphertext: ciphertext, tag: tag)
        }
        let plaintext: Data
        do {
            plaintext = try AES.GCM.open(box, using: key.symmetricKey, authenticating: aad)
        } catch {
            // With the lengths checked, only a wrong tag fails here; swift-crypto on
            // Linux throws BoringSSL's error code rather than `.authenticationFailure`.
            throw BridgeError(.authenticationFailure)
        }
        return plaintext.withUnsafeBytes { SecureBytes(copying: $0) }
    }
}

extension AES256Key {
    /// The key as CryptoKit's `SymmetricKey`, which keeps its own wiped copy.
    package var symmetricKey: SymmetricKey {
        bytes.withUnsafeBytes { SymmetricKey(data: $0) }
    }
}

/// What the CryptoKit backend throws for a failure SecureBridge has no name of its own for.
package enum CryptoKitFailure {
    static func error(_ operation: String, _ error: any Error) -> BridgeError {
        BridgeError(.backendFailure(operation: operation, .cryptoKit(description: String(describing: error))))
    }

    package static func mapping<Result>(_ operation: String, _ body: () throws -> Result) throws -> Result {
        do { return try body() } catch { throw self.error(operation, error) }
    }
}
#endif
