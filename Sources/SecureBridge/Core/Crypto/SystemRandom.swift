internal import COpenSSL

/// OpenSSL's CSPRNG (`RAND_bytes`), the only source of randomness SecureBridge uses.
package enum SystemRandom {
    /// Returns `count` random bytes for values that are not secret (nonces, ids, tokens).
    /// - Throws: `CryptoError.openSSL` when the generator fails.
    package static func bytes(count: Int) throws -> [UInt8] {
        var output = [UInt8](repeating: 0, count: count)
        try output.withUnsafeMutableBytes { (buffer) throws in try fill(buffer) }
        return output
    }

    /// Fills `buffer` with random bytes.
    static func fill(_ buffer: UnsafeMutableRawBufferPointer) throws {
        _ = OpenSSL.initialized
        guard buffer.count > 0 else { return }
        try OpenSSL.check(RAND_bytes(buffer.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32(buffer.count)), "RAND_bytes")
    }
}
