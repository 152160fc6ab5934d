// The operating system's platform module, a sibling per system (docs/PORTING.md).
#if canImport(SecureBridgeLinux)
import SecureBridgeLinux
#endif
// The implementation each primitive runs on. A primitive's main file holds
// its types, sizes, validation and documentation and calls only `Backend`;
// a backend's files, `<Primitive>+OpenSSL.swift` or `<Primitive>+CryptoKit.swift`,
// are the only code that calls into its library. The package trait chooses:
// `OpenSSL` (the default: libcrypto through `COpenSSL`, what `bridgectl`
// ships with on Linux) or `CryptoKit` (`Crypto` from swift-crypto, which is
// CryptoKit itself on Apple platforms). Both write and read the same bytes;
// no caller changes.

#if CryptoKit

extension AESGCM {
    typealias Backend = CryptoKitAESGCM
}

extension Ed25519 {
    typealias Backend = CryptoKitEd25519
}

extension HKDFSHA256 {
    typealias Backend = CryptoKitHKDFSHA256
}

extension SHA256Hasher {
    typealias Backend = CryptoKitSHA256Hasher
}

extension PasscodeVerifier {
    typealias Backend = CryptoKitScrypt
}

extension SystemRandom {
    typealias Backend = CryptoKitRandom
}

extension ConstantTime {
    typealias Backend = PortableConstantTime
}

extension SecureBytes {
    typealias Backend = PlatformSecureMemory
}

#elseif OpenSSL

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
    typealias Backend = KernelRandom
}

extension ConstantTime {
    typealias Backend = OpenSSLConstantTime
}

extension SecureBytes {
    typealias Backend = OpenSSLSecureMemory
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
