#if os(Linux)
import SecureBridgePlatform
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The CryptoKit backend's wipe, which the compiler may not optimise away (OpenSSL uses `OPENSSL_cleanse`).
package enum PlatformSecureMemory {
    /// Overwrites `buffer` with zeros (`explicit_bzero`).
    package static func wipe(_ buffer: UnsafeMutableRawBufferPointer) {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return }
        explicit_bzero(base, buffer.count)
    }
}
#endif
