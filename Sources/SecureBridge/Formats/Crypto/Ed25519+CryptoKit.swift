#if CryptoKit
package import Crypto
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Ed25519 over CryptoKit's `Curve25519.Signing`; callers have checked lengths. CryptoKit has no
/// PEM for Curve25519 keys, so this backend reads and writes the canonical layout only (`CanonicalPEM`).
package enum CryptoKitEd25519 {
    /// A private key (which knows its public key) or a public key alone. CryptoKit's
    /// keys are immutable and thread-safe; swift-crypto on Linux does not mark them `Sendable`.
    package enum Key: @unchecked Sendable {
        case privateKey(Curve25519.Signing.PrivateKey)
        case publicKey(Curve25519.Signing.PublicKey)

        var publicKey: Curve25519.Signing.PublicKey {
            switch self {
            case let .privateKey(key): key.publicKey
            case let .publicKey(key): key
            }
        }

        /// The private key; a public key alone has none to sign or export with.
        package var privateKey: Curve25519.Signing.PrivateKey {
            get throws {
                guard case let .privateKey(key) = self else { throw BridgeError(.invalidKeyEncoding(.noPrivatePart)) }
                return key
            }
        }
    }

    package static func privateKey(seed: SecureBytes) throws -> Key {
        try CryptoKitFailure.mapping("Curve25519.Signing.PrivateKey") {
            try seed.withUnsafeBytes { .privateKey(try Curve25519.Signing.PrivateKey(rawRepresentation: $0)) }
        }
    }

    static func publicKey(raw: [UInt8]) throws -> Key {
        try CryptoKitFailure.mapping("Curve25519.Signing.PublicKey") {
            .publicKey(try Curve25519.Signing.PublicKey(rawRepresentation: raw))
        }
    }

    package static func rawPublicKey(of key: Key) throws -> [UInt8] {
        Array(key.publicKey.rawRepresentation)
    }

    /// The raw 32-byte seed of a private key, in wiped memory. CryptoKit's `rawRepresentation` shares the key's
    /// own storage: it is copied, never wiped, or every later signature would be wrong.
    package static func rawPrivateKey(of key: Key) throws -> SecureBytes {
        let seed = try key.privateKey.rawRepresentation
        return seed.withUnsafeBytes { SecureBytes(copying: $0) }
    }

    static func isValidSignature(_ signature: UnsafeRawBufferPointer, for message: UnsafeRawBufferPointer, key: Key) -> Bool {
        key.publicKey.isValidSignature(signature, for: message)
    }

    /// Reached only for a PEM that is not in the canonical layout, which this backend does not read.
    /// - Throws: `BridgeError(.invalidKeyEncoding)`, always.
    package static func readPEM(_ pem: SecureBytes, kind: Ed25519.PEMKind) throws -> Key {
        throw BridgeError(.invalidKeyEncoding(.notCanonicalPEM(kind)))
    }

    /// The key as PEM of `kind`, in the canonical layout, in wiped memory.
    package static func pem(of key: Key, kind: Ed25519.PEMKind) throws -> SecureBytes {
        switch kind {
        case .privateKey:
            let seed = try rawPrivateKey(of: key)
            let der = SecureBytes(count: CanonicalPEM.privateKeyPrefix.count + Ed25519.keyByteCount) { der in
                der.copyBytes(from: CanonicalPEM.privateKeyPrefix)
                seed.withUnsafeBytes { UnsafeMutableRawBufferPointer(rebasing: der[CanonicalPEM.privateKeyPrefix.count...]).copyBytes(from: $0) }
            }
            return der.withUnsafeBytes { CanonicalPEM.document(label: "PRIVATE KEY", der: $0) }
        case .publicKey:
            let der = CanonicalPEM.publicKeyPrefix + (try rawPublicKey(of: key))
            return der.withUnsafeBytes { CanonicalPEM.document(label: "PUBLIC KEY", der: $0) }
        }
    }
}
#endif
