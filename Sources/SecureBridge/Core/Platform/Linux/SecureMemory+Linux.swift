#if os(Linux) && !SECUREBRIDGE_WITHOUT_LINUX_PLATFORM
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The platform's wipe, which the compiler may not optimise away: the
/// CryptoKit backend's (the OpenSSL backend uses `OPENSSL_cleanse`).
enum PlatformSecureMemory {
    /// Overwrites `buffer` with zeros (`explicit_bzero`).
    static func wipe(_ buffer: UnsafeMutableRawBufferPointer) {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return }
        explicit_bzero(base, buffer.count)
    }
}
#endif
