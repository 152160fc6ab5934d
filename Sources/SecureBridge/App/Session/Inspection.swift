/// A summary of a stored envelope or record's clear header (`bridgectl inspect`): never verified or decrypted.
package enum Inspection {
    /// Describes the snapshot in `home`'s container; something else at its name is a finding.
    /// - Throws: `StorageError`, `BridgeError`, or `SessionError.noSnapshot` when there is none.
    /// - Returns: The description, and the refusal when something else stands at the snapshot's name.
    package static func describeSnapshot(in home: BridgeHome) throws -> (text: String, problem: StorageError?) {
        guard let container = try home.open(.container) else { throw SessionError(.noSnapshot) }
        let bytes: [UInt8]?
        do {
            bytes = try container.read(.snapshot)
        } catch let refusal as StorageError where !refusal.isTransient {
            // A container writer's junk at the snapshot's name is reported, never opened.
            return ("snapshot: unreadable: \(refusal.description)", refusal)
        }
        guard let bytes else { throw SessionError(.noSnapshot) }
        return (try describe(bytes), nil)
    }

    /// Describes `bytes` as a snapshot envelope or a signed record.
    /// - Throws: `BridgeError` when the bytes are neither.
    package static func describe(_ bytes: [UInt8]) throws -> String {
        if bytes.starts(with: SnapshotEnvelope.magic) {
            let header = try SnapshotEnvelope(bytes: bytes).header
            return [
                "snapshot envelope, format v\(SnapshotEnvelope.version), \(bytes.count) bytes",
                "signing key: \(header.signingKeyID)",
                "data key: \(header.dataKeyID)",
                "epoch: \(header.epoch)",
                "sequence: \(header.sequence)",
                "issued: \(UTCTimestamp.string(seconds: header.issuedAt))",
                "stale after: \(UTCTimestamp.string(seconds: header.staleAt))",
                "expires: \(UTCTimestamp.string(seconds: header.expiresAt))",
                "ciphertext: \(bytes.count - SnapshotEnvelope.headerByteCount - Ed25519.signatureByteCount) bytes (tag included)",
                "signature: not verified (inspect never uses keys)",
            ].joined(separator: "\n")
        }
        if bytes.starts(with: SignedRecord.magic) {
            // The kind byte follows magic and version; an unknown one fails the parse with its reason.
            let kind = bytes.count > 5 ? SignedRecord.Kind(rawValue: bytes[5]) ?? .authStatus : .authStatus
            let record = try SignedRecord(bytes: bytes, expected: kind)
            return [
                "signed record (\(kind == .onboarding ? "onboarding" : "auth status")), format v\(SignedRecord.version), \(bytes.count) bytes",
                "signing key: \(record.signingKeyID)",
                "sequence: \(record.sequence)",
                "signature: not verified (inspect never uses keys)",
            ].joined(separator: "\n")
        }
        throw BridgeError(.badMagic(expected: .snapshotEnvelopeOrSignedRecord))
    }
}
