#if CryptoKit
package import Crypto
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Ed25519 over CryptoKit's `Curve25519.Signing`. `Ed25519` has checked key
/// and signature lengths before these are called.
///
/// CryptoKit reads and writes no PEM for Curve25519 keys: this backend reads
/// the canonical layout only (the one SecureBridge and `openssl genpkey`
/// write, see `CanonicalPEM`), which `Ed25519` tries before calling
/// `readPEM`, and writes that same layout.
package enum CryptoKitEd25519 {
    /// A private key (which knows its public key) or a public key alone.
    ///
    /// CryptoKit's keys are immutable values and its operations on them are
    /// safe from several threads at a time; swift-crypto 3 on Linux does not
    /// declare them `Sendable` yet (Apple's CryptoKit does), hence unchecked.
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

    /// The private key of a 32-byte seed.
    package static func privateKey(seed: SecureBytes) throws -> Key {
        try CryptoKitFailure.mapping("Curve25519.Signing.PrivateKey") {
            try seed.withUnsafeBytes { .privateKey(try Curve25519.Signing.PrivateKey(rawRepresentation: $0)) }
        }
    }

    /// The public key of 32 raw bytes.
    static func publicKey(raw: [UInt8]) throws -> Key {
        try CryptoKitFailure.mapping("Curve25519.Signing.PublicKey") {
            .publicKey(try Curve25519.Signing.PublicKey(rawRepresentation: raw))
        }
    }

    /// The raw 32-byte public key of a private or public key.
    package static func rawPublicKey(of key: Key) throws -> [UInt8] {
        Array(key.publicKey.rawRepresentation)
    }

    /// The raw 32-byte seed of a private key, in wiped memory.
    ///
    /// CryptoKit's `rawRepresentation` is a `Data` that shares the key's own
    /// zeroing storage: it is copied and never written to, since wiping it
    /// would wipe the key itself (every later signature would be wrong).
    package static func rawPrivateKey(of key: Key) throws -> SecureBytes {
        let seed = try key.privateKey.rawRepresentation
        return seed.withUnsafeBytes { SecureBytes(copying: $0) }
    }

    /// Whether `signature` (64 bytes) is `key`'s signature of `message` exactly as given.
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
