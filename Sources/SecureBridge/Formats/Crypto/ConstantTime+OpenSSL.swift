#if OpenSSL && !CryptoKit
internal import COpenSSL

/// OpenSSL's constant-time comparison. It reads only the caller's memory, so
/// it needs no initialisation (see `OpenSSL`).
package enum OpenSSLConstantTime {
    /// Whether two non-empty buffers of the same length hold the same bytes (`CRYPTO_memcmp`).
    static func equals(_ left: UnsafeRawBufferPointer, _ right: UnsafeRawBufferPointer) -> Bool {
        CRYPTO_memcmp(left.baseAddress, right.baseAddress, left.count) == 0
    }
}
#endif
