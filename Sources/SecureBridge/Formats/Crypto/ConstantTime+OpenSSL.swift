#if OpenSSL && !CryptoKit
internal import COpenSSL

/// OpenSSL's constant-time comparison; it reads only the caller's memory, so needs no initialisation.
package enum OpenSSLConstantTime {
    static func equals(_ left: UnsafeRawBufferPointer, _ right: UnsafeRawBufferPointer) -> Bool {
        CRYPTO_memcmp(left.baseAddress, right.baseAddress, left.count) == 0
    }
}
#endif
