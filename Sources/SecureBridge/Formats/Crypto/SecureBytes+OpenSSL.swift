#if OpenSSL && !CryptoKit
internal import COpenSSL

/// OpenSSL's wipe, which the compiler may not optimise away. It writes only
/// the caller's memory, so it needs no initialisation and runs even when
/// initialisation failed (see `OpenSSL`).
package enum OpenSSLSecureMemory {
    /// Overwrites `buffer` with zeros (`OPENSSL_cleanse`).
    static func wipe(_ buffer: UnsafeMutableRawBufferPointer) {
        OPENSSL_cleanse(buffer.baseAddress, buffer.count)
    }
}
#endif
