// The implementation each primitive runs on. A primitive's main file holds
// its types, sizes, validation and documentation and calls only `Backend`;
// the backend, in `<Primitive>+OpenSSL.swift`, is the only code that calls
// into libcrypto. A second backend (CryptoKit through swift-crypto) adds its
// `<Primitive>+CryptoKit.swift` files and is chosen here; no caller changes.

extension AESGCM {
    typealias Backend = OpenSSLAESGCM
}

extension Ed25519 {
    typealias Backend = OpenSSLEd25519
}

extension HKDFSHA256 {
    typealias Backend = OpenSSLHKDFSHA256
}

extension SHA256Hasher {
    typealias Backend = OpenSSLSHA256Hasher
}

extension PasscodeVerifier {
    typealias Backend = OpenSSLScrypt
}

extension SystemRandom {
    typealias Backend = OpenSSLRandom
}

extension ConstantTime {
    typealias Backend = OpenSSLConstantTime
}

extension SecureBytes {
    typealias Backend = OpenSSLSecureMemory
}
