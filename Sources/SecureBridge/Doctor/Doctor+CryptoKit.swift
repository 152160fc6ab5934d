#if CryptoKit
import SecureBridge

// The CryptoKit backend (swift-crypto on Linux): its algorithms are compiled
// in, so there is nothing to look up; the finding says which backend runs.

extension Doctor {
    static func cryptoFinding() -> Finding {
        Finding(
            .crypto, .ok,
            "CryptoKit (swift-crypto), compiled in: AES-256-GCM, SHA-256, HKDF, scrypt and Ed25519 available")
    }
}
#endif
