// The operating system's platform module, a sibling per system (docs/PORTING.md).
#if canImport(SecureBridgeLinux)
package import SecureBridgeLinux
#endif
// The implementation each primitive runs on, chosen by the package trait: `OpenSSL` (the default, libcrypto
// through `COpenSSL`) or `CryptoKit` (swift-crypto). Only a backend's `<Primitive>+<Backend>.swift` files call its
// library; both read and write the same bytes.

#if CryptoKit

extension AESGCM {
    package typealias Backend = CryptoKitAESGCM
}

extension Ed25519 {
    package typealias Backend = CryptoKitEd25519
}

extension HKDFSHA256 {
    package typealias Backend = CryptoKitHKDFSHA256
}

extension SHA256Hasher {
    package typealias Backend = CryptoKitSHA256Hasher
}

extension PasscodeVerifier {
    package typealias Backend = CryptoKitScrypt
}

extension SystemRandom {
    package typealias Backend = CryptoKitRandom
}

extension ConstantTime {
    package typealias Backend = PortableConstantTime
}

extension SecureBytes {
    package typealias Backend = PlatformSecureMemory
}

#elseif OpenSSL

extension AESGCM {
    package typealias Backend = OpenSSLAESGCM
}

extension Ed25519 {
    package typealias Backend = OpenSSLEd25519
}

extension HKDFSHA256 {
    package typealias Backend = OpenSSLHKDFSHA256
}

extension SHA256Hasher {
    package typealias Backend = OpenSSLSHA256Hasher
}

extension PasscodeVerifier {
    package typealias Backend = OpenSSLScrypt
}

extension SystemRandom {
    package typealias Backend = KernelRandom
}

extension ConstantTime {
    package typealias Backend = OpenSSLConstantTime
}

extension SecureBytes {
    package typealias Backend = OpenSSLSecureMemory
}

#else
#error("SecureBridge needs a crypto backend: enable the package trait OpenSSL (the default) or CryptoKit")
#endif

/// The name of the crypto backend this build runs on, as `bridgectl --version` and `doctor` print it.
package enum CryptoBackend {
    #if CryptoKit
    package static let name = "CryptoKit"
    #else
    package static let name = "OpenSSL"
    #endif
}
