#if OpenSSL && !CryptoKit
internal import COpenSSL

/// OpenSSL's CSPRNG.
enum OpenSSLRandom {
    /// Fills a non-empty `buffer` with `RAND_bytes`.
    static func fill(_ buffer: UnsafeMutableRawBufferPointer) throws {
        try OpenSSL.initialize()
        try OpenSSL.check(RAND_bytes(buffer.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32(buffer.count)), "RAND_bytes")
    }
}
#endif
