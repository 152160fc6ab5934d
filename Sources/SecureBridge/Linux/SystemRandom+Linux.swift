#if os(Linux)
import SecureBridgePlatform
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
package import SystemPackage
internal import CLinux

/// The kernel's random generator (`getrandom(2)`), the OpenSSL backend's
/// source of random bytes. OpenSSL's own generator seeds itself from the same
/// call, but its first use constructs an `EVP_CIPHER` for every cipher of the
/// default provider to run AES-CTR, a third of a `bridgectl publish`'s
/// instructions (docs/PERFORMANCE.md). `getrandom` blocks only until the
/// kernel's generator is seeded at boot, and opens no file.
package enum KernelRandom {
    /// Fills a non-empty `buffer`, however many calls it takes.
    /// - Throws: The `Errno` of `getrandom` when the kernel refuses
    ///   (`SystemRandom` reports it as `BridgeError(.backendFailure)`).
    package static func fill(_ buffer: UnsafeMutableRawBufferPointer) throws(Errno) {
        var filled = 0
        while filled < buffer.count {
            let count = getrandom(buffer.baseAddress! + filled, buffer.count - filled, 0)
            if count > 0 {
                filled += count
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                throw Errno(rawValue: errno)
            }
        }
    }
}
#endif
