internal import COpenSSL

/// SHA-256, for key ids and content fingerprints.
package enum SHA256Hasher {
    /// Bytes in a digest.
    package static let byteCount = 32

    /// The SHA-256 digest of the concatenation of `parts`.
    /// - Throws: `CryptoError.openSSL` when OpenSSL fails.
    package static func hash(_ parts: [UInt8]...) throws -> [UInt8] {
        try hash { (update) throws in
            for part in parts { try part.withUnsafeBytes { (bytes) throws in try update(bytes) } }
        }
    }

    /// The digest of everything `feed` passes to its `update` function; lets
    /// callers hash secret buffers without copying them out of wiped memory.
    static func hash(
        _ feed: ((UnsafeRawBufferPointer) throws -> Void) throws -> Void
    ) throws -> [UInt8] {
        let md = try OpenSSL.require(OpenSSL.sha256, "EVP_MD_fetch(SHA256)")
        let context = try OpenSSL.require(EVP_MD_CTX_new(), "EVP_MD_CTX_new")
        defer { EVP_MD_CTX_free(context) }
        try OpenSSL.check(EVP_DigestInit_ex2(context, md, nil), "EVP_DigestInit_ex2")
        try feed { (bytes) throws in
            guard bytes.count > 0 else { return }
            try OpenSSL.check(EVP_DigestUpdate(context, bytes.baseAddress, bytes.count), "EVP_DigestUpdate")
        }
        var digest = [UInt8](repeating: 0, count: byteCount)
        var length: UInt32 = 0
        try OpenSSL.check(EVP_DigestFinal_ex(context, &digest, &length), "EVP_DigestFinal_ex")
        return digest
    }
}
