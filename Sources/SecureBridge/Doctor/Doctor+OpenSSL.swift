internal import COpenSSL

// The OpenSSL linked in (libcrypto.a from libssl-dev, see Sources/COpenSSL),
// against the headers it was built with, and the algorithms SecureBridge
// fetches from it.

extension Doctor {
    static func openSSLFinding() -> Finding {
        _ = OpenSSL.initialized
        let runtime = String(cString: OpenSSL_version(OPENSSL_VERSION))
        let headers = OPENSSL_VERSION_TEXT
        let running = (OPENSSL_version_major(), OPENSSL_version_minor(), OPENSSL_version_patch())
        let built = (UInt32(OPENSSL_VERSION_MAJOR), UInt32(OPENSSL_VERSION_MINOR), UInt32(OPENSSL_VERSION_PATCH))
        let missing = missingAlgorithms()
        guard running.0 >= 3 else {
            return Finding(
                .openSSL, .problem, "\(runtime) is loaded, but SecureBridge needs OpenSSL 3",
                fix: "install OpenSSL 3 (`apt-get install libssl-dev`) and rebuild")
        }
        guard missing.isEmpty else {
            return Finding(
                .openSSL, .problem, "\(runtime) lacks \(missing.joined(separator: ", ")) (a provider is missing or disabled)",
                fix: "rebuild against the distribution's libssl-dev; the default provider must be built in")
        }
        if (running.0, running.1) < (built.0, built.1) {
            return Finding(
                .openSSL, .warning, "\(runtime) is loaded, older than the headers it was built with (\(headers))",
                fix: "rebuild against one OpenSSL: `apt-get install libssl-dev`, then `swift build`")
        }
        let version = runtime == headers ? runtime : "\(runtime) (built with \(headers))"
        return Finding(.openSSL, .ok, "\(version): AES-256-GCM, SHA-256, HKDF, scrypt and Ed25519 available")
    }

    /// The algorithms SecureBridge needs that this OpenSSL cannot provide.
    private static func missingAlgorithms() -> [String] {
        var missing: [String] = []
        if OpenSSL.aes256GCM == nil { missing.append("AES-256-GCM") }
        if OpenSSL.sha256 == nil { missing.append("SHA-256") }
        if OpenSSL.hkdf == nil { missing.append("HKDF") }
        if let scrypt = EVP_KDF_fetch(nil, "SCRYPT", nil) { EVP_KDF_free(scrypt) } else { missing.append("scrypt") }
        if let ed25519 = EVP_SIGNATURE_fetch(nil, "ED25519", nil) { EVP_SIGNATURE_free(ed25519) } else { missing.append("Ed25519") }
        ERR_clear_error()
        return missing
    }
}
