#if CryptoKit
internal import _CryptoExtras
internal import Crypto

/// scrypt through swift-crypto's `KDF.Scrypt` (`_CryptoExtras`: CryptoKit
/// itself has no scrypt, so an Apple app links swift-crypto for this one).
package enum CryptoKitScrypt {
    static func scrypt(
        _ passcode: SecureBytes, salt: [UInt8], cost: PasscodeVerifier.Cost, outputByteCount: Int
    ) throws -> SecureBytes {
        let derived = try CryptoKitFailure.mapping("KDF.Scrypt.deriveKey") {
            try passcode.withUnsafeBytes { pass in
                try KDF.Scrypt.deriveKey(
                    from: pass, salt: salt, outputByteCount: outputByteCount,
                    rounds: 1 << Int(cost.log2N), blockSize: Int(cost.r), parallelism: Int(cost.p),
                    // What the cost needs, and 1 MiB to spare, as the OpenSSL backend allows.
                    maxMemory: Int(cost.memoryBytes) + 1 << 20)
            }
        }
        return derived.withUnsafeBytes { SecureBytes(copying: $0) }
    }
}
#endif
