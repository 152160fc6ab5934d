/// The rule every stored SecureBridge file follows: an Ed25519 signature over exactly the bytes before it, with a
/// per-format context. Nothing in the body is read before the signature is checked but the fixed fields that find it.
package enum SignedFrame {

    /// Checks that `stored` is `body ‖ signature`, signed by `publicKey`, unless `cache` holds these bytes as verified.
    /// - Throws: `BridgeError(EnvelopeProblem.signatureMismatch)`.
    static func verify(
        _ stored: [UInt8], bodyLength: Int, publicKey: Ed25519.PublicKey, context: Ed25519.Context,
        cache: VerificationCache? = nil
    ) throws {
        func verify() throws {
            guard publicKey.isValidSignature(stored[bodyLength...], for: stored[..<bodyLength], context: context) else {
                throw BridgeError(EnvelopeProblem.signatureMismatch)
            }
        }
        guard let cache else { return try verify() }
        try cache.verify(stored, publicKey: publicKey, context: context, verify)
    }

    /// Refuses oversize input and checks the magic and version every format starts with.
    static func checkPreamble(_ bytes: [UInt8], magic: [UInt8], version: UInt8, limit: Int, format: EnvelopeProblem.Format) throws {
        guard bytes.count <= limit else { throw BridgeError(EnvelopeProblem.tooLarge(size: bytes.count, limit: limit)) }
        guard bytes.count >= magic.count, Array(bytes.prefix(magic.count)) == magic else {
            throw BridgeError(.badMagic(expected: format))
        }
        guard bytes.count > magic.count else { throw BridgeError(EnvelopeProblem.truncated(field: "format version")) }
        guard bytes[magic.count] == version else { throw BridgeError(EnvelopeProblem.unsupportedVersion(bytes[magic.count])) }
    }
}
