/// The rule every stored SecureBridge file follows: an Ed25519 signature over
/// exactly the bytes before it, with a per-format domain-separation context.
/// Nothing in the body is interpreted before the signature has been checked,
/// except the fixed-size fields needed to find the signature.
package enum SignedFrame {

    /// Checks that `stored` is `body ‖ signature` with a valid signature by `publicKey`.
    /// - Parameters:
    ///   - bodyLength: Where the signature starts, as the parsed header says.
    ///   - cache: Verifications already made, for a long-lived reader; the
    ///     signature is checked only when these bytes are not among them.
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
