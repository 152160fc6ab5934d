#if CryptoKit
internal import Crypto
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// The CryptoKit backend's signing and sealing, the app side's only.

extension CryptoKitEd25519 {
    /// The 64-byte signature of `message` exactly as given.
    static func signature(for message: [UInt8], with key: Key) throws -> [UInt8] {
        let privateKey = try key.privateKey
        return Array(try CryptoKitFailure.mapping("signature") { try privateKey.signature(for: message) })
    }
}

extension CryptoKitAESGCM {
    /// Encrypts `message` and returns `ciphertext ‖ tag`.
    static func seal(
        _ message: UnsafeRawBufferPointer, key: AES256Key, nonce: AESGCM.Nonce, aad: UnsafeRawBufferPointer
    ) throws -> [UInt8] {
        let box = try CryptoKitFailure.mapping("AES.GCM.seal") {
            try AES.GCM.seal(message, using: key.symmetricKey, nonce: AES.GCM.Nonce(data: nonce.bytes), authenticating: aad)
        }
        return Array(box.ciphertext) + Array(box.tag)
    }
}
#endif
