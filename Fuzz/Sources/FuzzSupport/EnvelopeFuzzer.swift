import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp

/// Target `envelope`: arbitrary bytes as a stored snapshot file. They go
/// through `inspect`, the strict parser and, when they parse, signature
/// verification and decryption with the fixed keys; what opens is decoded.
public enum EnvelopeFuzzer {
    public static func run(_ bytes: [UInt8]) {
        _ = FuzzCheck.attempt { try Inspection.describe(bytes) }
        guard let envelope = FuzzCheck.attempt({ try SnapshotEnvelope(bytes: bytes) }) else { return }
        let header = envelope.header
        FuzzCheck.expect(envelope.bytes == bytes, "the parser changed the stored bytes")
        FuzzCheck.expect(
            header.issuedAt <= header.staleAt && header.staleAt <= header.expiresAt, "inconsistent lifetimes parsed")
        FuzzCheck.expect(
            bytes.count <= SnapshotEnvelope.maximumByteCount, "an envelope over the size cap parsed")
        // Only the key the header names, and the data key it names, may open it.
        let other = FuzzKeys.otherSigning.publicKey
        if header.signingKeyID != other.keyID {
            FuzzCheck.expect(
                FuzzCheck.attempt({ try envelope.open(verifyingWith: other, dataKey: FuzzKeys.data) }) == nil,
                "an envelope opened under a publisher key its header does not name")
        }
        FuzzCheck.expect(
            FuzzCheck.attempt({ try envelope.open(verifyingWith: FuzzKeys.signing.publicKey, dataKey: FuzzKeys.otherData) }) == nil,
            "an envelope opened under the wrong data key")
        guard let plaintext = FuzzCheck.attempt({
            try envelope.open(verifyingWith: FuzzKeys.signing.publicKey, dataKey: FuzzKeys.data)
        }) else { return }
        PayloadRoundTrip.decode(plaintext.withUnsafeBytes { Array($0) })
    }

    /// Envelopes sealed with the fixed keys around the example payloads, and near misses.
    public static func seeds() throws -> [String: [UInt8]] {
        var seeds: [String: [UInt8]] = [:]
        for (name, payload) in try Seeds.payloads() {
            seeds["sealed-\(name)"] = try FuzzKeys.seal(payload).bytes
        }
        let valid = try FuzzKeys.seal(try Seeds.examplePayload("accounts.json"))
        seeds["signed-by-other-key"] = try FuzzKeys.seal(Array("x".utf8), signingKey: FuzzKeys.otherSigning).bytes
        seeds["sealed-empty-plaintext"] = try FuzzKeys.seal([]).bytes
        seeds["truncated-header"] = Array(valid.bytes.prefix(SnapshotEnvelope.headerByteCount - 3))
        seeds["header-only"] = Array(valid.bytes.prefix(SnapshotEnvelope.headerByteCount))
        seeds["empty"] = []
        seeds["record-instead"] = try RecordFuzzer.seeds()["auth-active"]
        return seeds
    }
}

/// Target `sealed-payload`: the input is a payload. It is sealed with the
/// fixed keys, re-parsed, verified, decrypted and decoded, so the whole read
/// path sees well-formed envelopes around arbitrary plaintext.
public enum SealedPayloadFuzzer {
    public static func run(_ payload: [UInt8]) {
        guard let sealed = FuzzCheck.attempt({ try FuzzKeys.seal(payload) }) else {
            FuzzCheck.expect(payload.count > SnapshotEnvelope.maximumPayloadByteCount, "sealing a payload in bounds failed")
            return
        }
        let parsed = FuzzCheck.attempt { try SnapshotEnvelope(bytes: sealed.bytes) }
        FuzzCheck.expect(parsed == sealed, "a sealed envelope does not parse back to itself")
        let opened = FuzzCheck.attempt {
            try sealed.open(verifyingWith: FuzzKeys.signing.publicKey, dataKey: FuzzKeys.data)
        }
        FuzzCheck.expect(opened != nil, "a sealed envelope does not open")
        let plaintext = opened?.withUnsafeBytes { Array($0) }
        FuzzCheck.expect(plaintext == payload, "opening does not give back the sealed payload")
        // A flipped ciphertext bit must not decrypt once the signature is out of the way.
        if !payload.isEmpty {
            var bytes = sealed.bytes
            bytes[SnapshotEnvelope.headerByteCount + payload.count / 2] ^= 0x01
            if let tampered = FuzzCheck.attempt({ try SnapshotEnvelope(bytes: bytes) }) {
                FuzzCheck.expect(
                    FuzzCheck.attempt({ try tampered.decrypt(with: FuzzKeys.data) }) == nil,
                    "a modified ciphertext decrypted")
            }
        }
        PayloadRoundTrip.decode(payload)
    }

    public static func seeds() throws -> [String: [UInt8]] { try PayloadFuzzer.seeds() }
}

/// Target `payload`: the input is a decrypted payload; decode, and if it
/// decodes, encode again and compare. Faster than `sealed-payload`, so it
/// explores the codec deeper.
public enum PayloadFuzzer {
    public static func run(_ payload: [UInt8]) {
        if let portfolio = PayloadRoundTrip.decode(payload) {
            PayloadRoundTrip.encode(portfolio)
        }
    }

    public static func seeds() throws -> [String: [UInt8]] {
        var seeds = try Seeds.payloads()
        let unknownVersion = PortfolioPayload.formatVersion + 1
        seeds["version-\(unknownVersion)"] = [unknownVersion, 0, 1]
        seeds["version-only"] = [PortfolioPayload.formatVersion]
        seeds["empty"] = []
        return seeds
    }
}
