#if OpenSSL && !CryptoKit
internal import COpenSSL

/// OpenSSL's unoptimisable wipe (`OPENSSL_cleanse`); it needs no initialisation, so it runs even if that failed.
package enum OpenSSLSecureMemory {
    static func wipe(_ buffer: UnsafeMutableRawBufferPointer) {
        OPENSSL_cleanse(buffer.baseAddress, buffer.count)
    }
}
#endif
