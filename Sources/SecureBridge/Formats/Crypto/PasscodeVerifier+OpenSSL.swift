#if OpenSSL && !CryptoKit
internal import COpenSSL

/// scrypt through OpenSSL's `EVP_PBE_scrypt`.
package enum OpenSSLScrypt {
    static func scrypt(
        _ passcode: SecureBytes, salt: [UInt8], cost: PasscodeVerifier.Cost, outputByteCount: Int
    ) throws -> SecureBytes {
        try OpenSSL.initialize()
        return try SecureBytes(count: outputByteCount) { (output) throws in
            let result = passcode.withUnsafeBytes { pass in
                EVP_PBE_scrypt(
                    pass.baseAddress?.assumingMemoryBound(to: CChar.self), pass.count,
                    salt, salt.count,
                    UInt64(1) << cost.log2N, UInt64(cost.r), UInt64(cost.p),
                    // OpenSSL refuses to use more memory than this: what the cost needs, and 1 MiB to spare.
                    cost.memoryBytes + 1 << 20,
                    output.baseAddress!.assumingMemoryBound(to: UInt8.self), output.count)
            }
            try OpenSSL.check(result, "EVP_PBE_scrypt")
        }
    }
}
#endif
