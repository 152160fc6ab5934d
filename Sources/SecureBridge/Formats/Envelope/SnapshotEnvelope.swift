/// The clear header of a snapshot envelope: who signed it, which key sealed
/// it, which auth epoch and sequence it belongs to, and its lifetimes.
public struct SnapshotHeader: Sendable, Equatable {
    /// The id of the publisher's Ed25519 key.
    public let signingKeyID: KeyID
    /// The id of the data key the payload is sealed under.
    public let dataKeyID: KeyID
    /// The auth epoch: moves on at every login and logout.
    public let epoch: UInt64
    /// The publisher's monotonic snapshot counter.
    public let sequence: UInt64
    /// When the app published the snapshot (Unix seconds).
    public let issuedAt: Int64
    /// Soft expiry: after it, amounts are flagged stale (Unix seconds).
    public let staleAt: Int64
    /// Hard expiry: after it, no amount is shown (Unix seconds).
    public let expiresAt: Int64
    let nonce: AESGCM.Nonce

    package init(
        signingKeyID: KeyID, dataKeyID: KeyID, epoch: UInt64, sequence: UInt64,
        issuedAt: Int64, staleAt: Int64, expiresAt: Int64, nonce: AESGCM.Nonce
    ) {
        self.signingKeyID = signingKeyID
        self.dataKeyID = dataKeyID
        self.epoch = epoch
        self.sequence = sequence
        self.issuedAt = issuedAt
        self.staleAt = staleAt
        self.expiresAt = expiresAt
        self.nonce = nonce
    }
}

/// A sealed, signed account snapshot as stored in the shared container: a 78-byte clear header (the AEAD associated
/// data), the ciphertext and tag, and an Ed25519 signature over all before it (docs/SPEC.md, 4.1). The value keeps
/// the exact stored bytes; opening verifies the signature before it decrypts.
package struct SnapshotEnvelope: Sendable, Equatable {
    package static let magic: [UInt8] = Array("SBSN".utf8)
    package static let version: UInt8 = 1
    package static let headerByteCount = 78
    package static let signatureContext = Ed25519.Context("SecureBridge snapshot v1")

    /// The largest payload a snapshot may carry.
    package static let maximumPayloadByteCount = 1 << 20
    /// The largest stored envelope; anything bigger is refused before parsing.
    package static let maximumByteCount =
        headerByteCount + maximumPayloadByteCount + AESGCM.tagByteCount + Ed25519.signatureByteCount

    package let bytes: [UInt8]
    package let header: SnapshotHeader

    private var ciphertextRange: Range<Int> {
        Self.headerByteCount..<(bytes.count - Ed25519.signatureByteCount)
    }

    /// Parses stored bytes strictly (size, magic, version, reserved byte, length, lifetimes, nothing extra); no crypto.
    /// - Throws: `BridgeError` naming the first problem.
    package init(bytes: [UInt8]) throws {
        try SignedFrame.checkPreamble(
            bytes, magic: Self.magic, version: Self.version, limit: Self.maximumByteCount, format: .snapshotEnvelope)
        self.bytes = bytes
        self.header = try ByteReader.read(bytes) { reader in
            func truncated(_ field: String) -> BridgeError { BridgeError(EnvelopeProblem.truncated(field: field)) }
            _ = try reader.take(Self.magic.count + 1, or: truncated("format version"))
            guard try reader.read(UInt8.self, or: truncated("reserved byte")) == 0 else {
                throw BridgeError(.invalidField(field: "reserved byte", .notZero))
            }
            let signingKeyID = try KeyID(bytes: reader.take(KeyID.byteCount, or: truncated("signing key id")))
            let dataKeyID = try KeyID(bytes: reader.take(KeyID.byteCount, or: truncated("data key id")))
            let epoch = try reader.read(UInt64.self, or: truncated("epoch"))
            let sequence = try reader.read(UInt64.self, or: truncated("sequence"))
            let issuedAt = try reader.read(Int64.self, or: truncated("issue time"))
            let staleAt = try reader.read(Int64.self, or: truncated("soft expiry"))
            let expiresAt = try reader.read(Int64.self, or: truncated("hard expiry"))
            let nonce = try AESGCM.Nonce(bytes: reader.take(AESGCM.nonceByteCount, or: truncated("nonce")))
            let ciphertextLength = Int(try reader.read(UInt32.self, or: truncated("ciphertext length")))
            guard ciphertextLength >= AESGCM.tagByteCount,
                  ciphertextLength <= Self.maximumPayloadByteCount + AESGCM.tagByteCount
            else {
                throw BridgeError(.invalidField(
                    field: "ciphertext length",
                    .outOfRange(ciphertextLength, range: AESGCM.tagByteCount...(Self.maximumPayloadByteCount + AESGCM.tagByteCount))))
            }
            _ = try reader.take(ciphertextLength, or: truncated("ciphertext"))
            _ = try reader.take(Ed25519.signatureByteCount, or: truncated("signature"))
            guard reader.remaining == 0 else { throw BridgeError(EnvelopeProblem.trailingBytes(count: reader.remaining)) }
            guard issuedAt <= staleAt, staleAt <= expiresAt else {
                throw BridgeError(.invalidField(field: "lifetimes", .lifetimesOutOfOrder))
            }
            return SnapshotHeader(
                signingKeyID: signingKeyID, dataKeyID: dataKeyID, epoch: epoch, sequence: sequence,
                issuedAt: issuedAt, staleAt: staleAt, expiresAt: expiresAt, nonce: nonce)
        }
    }

    /// Verifies the signature, then decrypts the payload into wiped memory.
    /// - Throws: `BridgeError` with `.unknownSigningKey`, `.signatureMismatch`,
    ///   `.unknownDataKey` or `.decryptionFailed`.
    package func open(verifyingWith publicKey: Ed25519.PublicKey, dataKey: DataKey) throws -> SecureBytes {
        try verifySignature(with: publicKey)
        guard dataKey.id == header.dataKeyID else { throw BridgeError(.unknownDataKey(header.dataKeyID)) }
        return try decrypt(with: dataKey)
    }

    /// Checks that the envelope is signed by `publicKey` over its exact bytes.
    /// - Throws: `BridgeError` with `.unknownSigningKey` or `.signatureMismatch`.
    package func verifySignature(with publicKey: Ed25519.PublicKey, cache: VerificationCache? = nil) throws {
        guard header.signingKeyID == publicKey.keyID else {
            throw BridgeError(.unknownSigningKey(header.signingKeyID))
        }
        try SignedFrame.verify(
            bytes, bodyLength: bytes.count - Ed25519.signatureByteCount, publicKey: publicKey,
            context: Self.signatureContext, cache: cache)
    }

    /// Decrypts an envelope whose signature the caller has already verified.
    func decrypt(with dataKey: DataKey) throws -> SecureBytes {
        try decrypt(usingSnapshotKey: dataKey.snapshotKey(epoch: header.epoch))
    }

    /// Decrypts a verified envelope with the snapshot key already derived for its epoch.
    package func decrypt(usingSnapshotKey key: AES256Key) throws -> SecureBytes {
        do {
            return try AESGCM.open(
                combined: bytes[ciphertextRange], using: key, nonce: header.nonce,
                authenticating: bytes[..<Self.headerByteCount])
        } catch let error as BridgeError where error.problem as? CryptoProblem == .authenticationFailure {
            throw BridgeError(.decryptionFailed)
        }
    }
}
