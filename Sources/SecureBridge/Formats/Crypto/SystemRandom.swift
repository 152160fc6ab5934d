import SystemPackage

/// The CSPRNG, the only source of randomness SecureBridge uses: the kernel's
/// (`getrandom`) with the OpenSSL backend, CryptoKit's with CryptoKit.
package enum SystemRandom {
    /// Returns `count` random bytes for values that are not secret (nonces, ids, tokens).
    /// - Throws: `BridgeError(.backendFailure)` when the generator fails.
    package static func bytes(count: Int) throws -> [UInt8] {
        var output = [UInt8](repeating: 0, count: count)
        try output.withUnsafeMutableBytes { (buffer) throws in try fill(buffer) }
        return output
    }

    static func fill(_ buffer: UnsafeMutableRawBufferPointer) throws {
        guard buffer.count > 0 else { return }
        do {
            try Backend.fill(buffer)
        } catch {
            throw BridgeError(.backendFailure(operation: "getrandom", .kernelRandom(error)))
        }
    }
}
