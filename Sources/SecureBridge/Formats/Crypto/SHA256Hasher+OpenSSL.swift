#if OpenSSL && !CryptoKit
internal import COpenSSL

extension OpenSSL {
    /// SHA-256, fetched once; `nil` when this OpenSSL cannot provide it.
    package nonisolated(unsafe) static let sha256: OpaquePointer? = fetch { EVP_MD_fetch(nil, "SHA256", nil) }
}

/// SHA-256 through OpenSSL's `EVP_MD` digest interface.
package enum OpenSSLSHA256Hasher {
    static func hash(_ feed: ((UnsafeRawBufferPointer) throws -> Void) throws -> Void) throws -> [UInt8] {
        try OpenSSL.initialize()
        let md = try OpenSSL.require(OpenSSL.sha256, "EVP_MD_fetch(SHA256)")
        let context = try OpenSSL.require(EVP_MD_CTX_new(), "EVP_MD_CTX_new")
        defer { EVP_MD_CTX_free(context) }
        try OpenSSL.check(EVP_DigestInit_ex2(context, md, nil), "EVP_DigestInit_ex2")
        try feed { (bytes) throws in
            guard bytes.count > 0 else { return }
            try OpenSSL.check(EVP_DigestUpdate(context, bytes.baseAddress, bytes.count), "EVP_DigestUpdate")
        }
        var digest = [UInt8](repeating: 0, count: SHA256Hasher.byteCount)
        var length: UInt32 = 0
        try OpenSSL.check(EVP_DigestFinal_ex(context, &digest, &length), "EVP_DigestFinal_ex")
        return digest
    }
}
#endif
