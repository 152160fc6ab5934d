// What the app side stores, signed (and a snapshot sealed) by the publisher's key.

extension SignedFrame {
    /// Appends the signature of `body` and returns the stored bytes.
    static func sign(_ body: [UInt8], with key: Ed25519.PrivateKey, context: Ed25519.Context) throws -> [UInt8] {
        body + (try key.signature(for: body, context: context))
    }
}

extension SignedRecord {
    /// Frames and signs a payload.
    package static func sign(
        kind: Kind, sequence: UInt64, payload: [UInt8], with key: Ed25519.PrivateKey
    ) throws -> SignedRecord {
        guard payload.count <= maximumPayloadByteCount else {
            throw BridgeError(EnvelopeProblem.tooLarge(size: payload.count, limit: maximumPayloadByteCount))
        }
        var writer = ByteWriter(capacity: headerByteCount + payload.count + Ed25519.signatureByteCount)
        writer.append(magic)
        writer.append(version)
        writer.append(kind.rawValue)
        writer.append(key.publicKey.keyID.bytes)
        writer.append(sequence)
        writer.append(payload, lengthPrefix: UInt16.self)
        return try SignedRecord(
            bytes: SignedFrame.sign(writer.bytes, with: key, context: signatureContext), expected: kind)
    }
}

extension SnapshotEnvelope {
    /// Encrypts `payload` under the epoch's snapshot key with a fresh random nonce, and signs the result.
    /// - Throws: `BridgeError` with `EnvelopeProblem.tooLarge` for an oversize payload, or with a `CryptoProblem` on failure.
    static func seal(
        payload: [UInt8], epoch: UInt64, sequence: UInt64, issuedAt: Int64, staleAt: Int64, expiresAt: Int64,
        signingKey: Ed25519.PrivateKey, dataKey: DataKey
    ) throws -> SnapshotEnvelope {
        try seal(
            payload: payload, epoch: epoch, sequence: sequence, issuedAt: issuedAt, staleAt: staleAt,
            expiresAt: expiresAt, signingKey: signingKey, dataKey: dataKey, nonce: AESGCM.Nonce())
    }

    /// Seals with a given nonce; only the known-answer test fixes it.
    static func seal(
        payload: [UInt8], epoch: UInt64, sequence: UInt64, issuedAt: Int64, staleAt: Int64, expiresAt: Int64,
        signingKey: Ed25519.PrivateKey, dataKey: DataKey, nonce: AESGCM.Nonce
    ) throws -> SnapshotEnvelope {
        guard payload.count <= maximumPayloadByteCount else {
            throw BridgeError(EnvelopeProblem.tooLarge(size: payload.count, limit: maximumPayloadByteCount))
        }
        guard issuedAt <= staleAt, staleAt <= expiresAt else {
            throw BridgeError(.invalidField(field: "lifetimes", .lifetimesOutOfOrder))
        }
        var writer = ByteWriter(capacity: headerByteCount + payload.count + 80)
        writer.append(magic)
        writer.append(version)
        writer.append(UInt8(0))
        writer.append(signingKey.publicKey.keyID.bytes)
        writer.append(dataKey.id.bytes)
        writer.append(epoch)
        writer.append(sequence)
        writer.append(issuedAt)
        writer.append(staleAt)
        writer.append(expiresAt)
        writer.append(nonce.bytes)
        writer.append(UInt32(payload.count + AESGCM.tagByteCount))
        let header = writer.bytes
        let sealed = try AESGCM.seal(
            payload, using: try dataKey.snapshotKey(epoch: epoch), nonce: nonce, authenticating: header)
        let stored = try SignedFrame.sign(header + sealed, with: signingKey, context: signatureContext)
        return try SnapshotEnvelope(bytes: stored)
    }
}

extension AuthStatus {
    /// The record to store, signed by the publisher.
    func signed(sequence: UInt64, with key: Ed25519.PrivateKey) throws -> SignedRecord {
        try SignedRecord.sign(kind: .authStatus, sequence: sequence, payload: payload, with: key)
    }
}

extension OnboardingRecord {
    func signed(sequence: UInt64, with key: Ed25519.PrivateKey) throws -> SignedRecord {
        var writer = ByteWriter(capacity: Self.payloadByteCount)
        writer.append(enrollmentID)
        writer.append(onboardedAt)
        return try SignedRecord.sign(kind: .onboarding, sequence: sequence, payload: writer.bytes, with: key)
    }
}
