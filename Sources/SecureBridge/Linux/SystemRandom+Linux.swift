#if os(Linux)
import SecureBridgePlatform
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
package import SystemPackage
internal import CLinux

/// `getrandom(2)`, the OpenSSL backend's random bytes: OpenSSL's own generator is costly to start (docs/PERFORMANCE.md).
package enum KernelRandom {
    /// Fills a non-empty `buffer`, however many calls it takes.
    /// - Throws: The `Errno` of `getrandom` when the kernel refuses.
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
