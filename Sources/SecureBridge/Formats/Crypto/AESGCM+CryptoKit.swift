#if CryptoKit
package import Crypto
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// AES-256-GCM over CryptoKit's `AES.GCM`. `AESGCM` has checked the key,
/// nonce and tag lengths before these are called.
package enum CryptoKitAESGCM {

    /// Checks `tag` and decrypts `ciphertext` into wiped memory, released only
    /// when the tag matched. CryptoKit returns the plaintext in a `Data` over
    /// its own zeroing storage (swift-crypto's `SecureBytes` on Linux), which
    /// it wipes when released; it is copied and never written to (a write
    /// through that `Data` would land in CryptoKit's storage).
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
            // With the lengths checked, opening fails only when the tag does not
            // match: Apple's CryptoKit says `.authenticationFailure`, swift-crypto
            // on Linux passes BoringSSL's error code on instead.
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

/// What the CryptoKit backend throws when CryptoKit fails for a reason
/// SecureBridge has no name of its own for.
package enum CryptoKitFailure {
    /// `BridgeError(.backendFailure)` naming `operation` and CryptoKit's error.
    static func error(_ operation: String, _ error: any Error) -> BridgeError {
        BridgeError(.backendFailure(operation: operation, .cryptoKit(description: String(describing: error))))
    }

    /// Runs `body`, turning what it throws into `error(operation, _)`.
    package static func mapping<Result>(_ operation: String, _ body: () throws -> Result) throws -> Result {
        do { return try body() } catch { throw self.error(operation, error) }
    }
}
#endif
