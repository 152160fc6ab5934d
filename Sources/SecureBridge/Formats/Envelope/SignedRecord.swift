/// A small signed record in the shared container (onboarding, auth status), format v1: a 24-byte header, the payload
/// and an Ed25519 signature over all before it (docs/SPEC.md 4.2); the payload is decoded only once that verifies.
package struct SignedRecord: Sendable, Equatable {
    package typealias Kind = EnvelopeProblem.RecordKind

    package static let magic: [UInt8] = Array("SBRC".utf8)
    package static let version: UInt8 = 1
    package static let headerByteCount = 24
    package static let maximumPayloadByteCount = 512
    package static let signatureContext = Ed25519.Context("SecureBridge record v1")
    /// The largest stored record; anything bigger is refused before parsing.
    package static let maximumByteCount = headerByteCount + maximumPayloadByteCount + Ed25519.signatureByteCount

    package let bytes: [UInt8]
    package let kind: Kind
    package let signingKeyID: KeyID
    package let sequence: UInt64

    private var payloadRange: Range<Int> { Self.headerByteCount..<(bytes.count - Ed25519.signatureByteCount) }

    /// Parses the frame strictly, without trusting or decoding the payload; a kind other than `expected` is refused.
    /// - Throws: `BridgeError` naming the first problem.
    package init(bytes: [UInt8], expected: Kind) throws {
        try SignedFrame.checkPreamble(
            bytes, magic: Self.magic, version: Self.version, limit: Self.maximumByteCount, format: .signedRecord)
        let (keyID, sequence) = try ByteReader.read(bytes) { reader in
            func truncated(_ field: String) -> BridgeError { BridgeError(EnvelopeProblem.truncated(field: field)) }
            _ = try reader.take(Self.magic.count + 1, or: truncated("format version"))
            let kindByte = try reader.read(UInt8.self, or: truncated("record kind"))
            guard kindByte == expected.rawValue else {
                throw BridgeError(.invalidField(field: "record kind", .wrongRecordKind(expected: expected, found: kindByte)))
            }
            let keyID = try KeyID(bytes: reader.take(KeyID.byteCount, or: truncated("signing key id")))
            let sequence = try reader.read(UInt64.self, or: truncated("sequence"))
            let length = try reader.read(UInt16.self, or: truncated("payload length"))
            guard Int(length) <= Self.maximumPayloadByteCount else {
                throw BridgeError(.invalidField(
                    field: "payload length", .overLimit(Int(length), limit: Self.maximumPayloadByteCount)))
            }
            _ = try reader.take(Int(length), or: truncated("payload"))
            _ = try reader.take(Ed25519.signatureByteCount, or: truncated("signature"))
            guard reader.remaining == 0 else { throw BridgeError(EnvelopeProblem.trailingBytes(count: reader.remaining)) }
            return (keyID, sequence)
        }
        self.bytes = bytes
        self.kind = expected
        self.signingKeyID = keyID
        self.sequence = sequence
    }

    /// Verifies the signature and returns the payload, now trusted.
    /// - Throws: `BridgeError` with `.unknownSigningKey` or `.signatureMismatch`.
    package func verifiedPayload(publicKey: Ed25519.PublicKey, cache: VerificationCache? = nil) throws -> ArraySlice<UInt8> {
        guard signingKeyID == publicKey.keyID else { throw BridgeError(.unknownSigningKey(signingKeyID)) }
        try SignedFrame.verify(
            bytes, bodyLength: bytes.count - Ed25519.signatureByteCount, publicKey: publicKey,
            context: Self.signatureContext, cache: cache)
        return bytes[payloadRange]
    }
}
