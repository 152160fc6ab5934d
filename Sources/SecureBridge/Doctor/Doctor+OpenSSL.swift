#if OpenSSL && !CryptoKit
import SecureBridge
internal import COpenSSL

// The OpenSSL linked into this binary (libcrypto.a from libssl-dev, see
// Sources/COpenSSL) and the algorithms SecureBridge fetches from it.

extension Doctor {
    static func cryptoFinding() -> Finding {
        _ = OpenSSL.initialized
        let version = String(cString: OpenSSL_version(OPENSSL_VERSION))
        let missing = missingAlgorithms()
        guard missing.isEmpty else {
            return Finding(
                .crypto, .problem, "\(version) lacks \(missing.joined(separator: ", ")) (a provider is missing or disabled)",
                fix: "rebuild against the distribution's libssl-dev; the default provider must be built in")
        }
        return Finding(
            .crypto, .ok,
            "\(version), linked in (a security update needs a rebuild): AES-256-GCM, SHA-256, HKDF, scrypt and Ed25519 available")
    }

    /// The algorithms SecureBridge needs that this OpenSSL cannot provide.
    private static func missingAlgorithms() -> [String] {
        var missing: [String] = []
        if !OpenSSL.providesAES256GCM { missing.append("AES-256-GCM") }
        if OpenSSL.sha256 == nil { missing.append("SHA-256") }
        if !OpenSSL.providesHKDF { missing.append("HKDF") }
        if let scrypt = EVP_KDF_fetch(nil, "SCRYPT", nil) { EVP_KDF_free(scrypt) } else { missing.append("scrypt") }
        if !OpenSSL.providesEd25519 { missing.append("Ed25519") }
        ERR_clear_error()
        return missing
    }
}
#endif
