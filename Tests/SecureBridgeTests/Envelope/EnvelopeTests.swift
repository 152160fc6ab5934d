import Foundation
import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp

/// Fixed inputs for the known-answer envelope (TEST ONLY keys, see Fixtures/README.md).
enum EnvelopeFixture {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures")
    static let signingSeed = Bytes.fromHex("9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60")!
    static let dataKey = Bytes.fromHex("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f")!
    static let nonce = Bytes.fromHex("cafebabefacedbaddecaf888")!
    static let payload = Array("SecureBridge known-answer payload v1".utf8)

    static func keys() throws -> (Ed25519.PrivateKey, DataKey) {
        (try Ed25519.PrivateKey(rawRepresentation: SecureBytes(copying: signingSeed)),
         try DataKey(key: AES256Key(copying: dataKey)))
    }

    static func seal() throws -> SnapshotEnvelope {
        let (signing, data) = try keys()
        return try SnapshotEnvelope.seal(
            payload: payload, epoch: 3, sequence: 42, issuedAt: 1_795_000_000, staleAt: 1_795_003_600,
            expiresAt: 1_795_086_400, signingKey: signing, dataKey: data, nonce: AESGCM.Nonce(bytes: nonce))
    }
}

@Suite struct SnapshotEnvelopeTests {
    let signing: Ed25519.PrivateKey
    let data: DataKey
    let envelope: SnapshotEnvelope

    init() throws {
        (signing, data) = try EnvelopeFixture.keys()
        envelope = try EnvelopeFixture.seal()
    }

    @Test func sealedEnvelopeOpensToItsPayload() throws {
        let opened = try envelope.open(verifyingWith: signing.publicKey, dataKey: data)
        #expect(opened.withUnsafeBytes { Array($0) } == EnvelopeFixture.payload)
        #expect(envelope.header.epoch == 3)
        #expect(envelope.header.sequence == 42)
        #expect(envelope.bytes.count == 78 + EnvelopeFixture.payload.count + 16 + 64)
        #expect(try SnapshotEnvelope(bytes: envelope.bytes) == envelope)
    }

    @Test func knownAnswerFixtureStillOpensAndIsReproduced() throws {
        let file = EnvelopeFixture.fixtures.appendingPathComponent("envelope-v1.hex")
        if ProcessInfo.processInfo.environment["SECUREBRIDGE_REGENERATE_FIXTURES"] == "1" {
            try (Bytes.hex(envelope.bytes) + "\n").write(to: file, atomically: true, encoding: .utf8)
        }
        let hex = try String(contentsOf: file, encoding: .utf8)
        let stored = try #require(Bytes.fromHex(hex.trimmingCharacters(in: .whitespacesAndNewlines)))
        let fixture = try SnapshotEnvelope(bytes: stored)
        let opened = try fixture.open(verifyingWith: signing.publicKey, dataKey: data)
        #expect(opened.withUnsafeBytes { Array($0) } == EnvelopeFixture.payload)
        // Ed25519 is deterministic, so the same inputs must give the same bytes:
        // any change to the format shows up here.
        #expect(envelope.bytes == stored)
    }

    @Test func everySingleByteModificationIsRejected() throws {
        for index in envelope.bytes.indices {
            for flip: UInt8 in [0x01, 0x80, 0xff] {
                var bytes = envelope.bytes
                bytes[index] ^= flip
                #expect(throws: (any Error).self, "byte \(index) ^ \(flip)") {
                    try SnapshotEnvelope(bytes: bytes).open(verifyingWith: signing.publicKey, dataKey: data)
                }
            }
        }
    }

    @Test func everyTruncationAndAnyTrailingByteIsRejected() throws {
        for length in 0..<envelope.bytes.count {
            #expect(throws: BridgeError.self, "length \(length)") {
                try SnapshotEnvelope(bytes: Array(envelope.bytes.prefix(length)))
            }
        }
        #expect(throws: BridgeError(EnvelopeProblem.trailingBytes(count: 1))) { try SnapshotEnvelope(bytes: envelope.bytes + [0]) }
    }

    @Test func oversizeInputIsRefusedBeforeParsing() {
        let huge = [UInt8](repeating: 0, count: SnapshotEnvelope.maximumByteCount + 1)
        #expect(throws: BridgeError(EnvelopeProblem.tooLarge(size: huge.count, limit: SnapshotEnvelope.maximumByteCount))) {
            try SnapshotEnvelope(bytes: huge)
        }
    }

    @Test func unknownVersionIsRefused() {
        var bytes = envelope.bytes
        bytes[4] = 2
        #expect(throws: BridgeError(EnvelopeProblem.unsupportedVersion(2))) { try SnapshotEnvelope(bytes: bytes) }
    }

    @Test func anotherPublisherOrDataKeyIsNamedAsUnknown() throws {
        let stranger = try Ed25519.PrivateKey()
        #expect(throws: BridgeError(.unknownSigningKey(signing.publicKey.keyID))) {
            try envelope.open(verifyingWith: stranger.publicKey, dataKey: data)
        }
        let otherKey = try DataKey.generate()
        #expect(throws: BridgeError(.unknownDataKey(data.id))) {
            try envelope.open(verifyingWith: signing.publicKey, dataKey: otherKey)
        }
    }

    @Test func aRecordSignatureNeverVerifiesAsASnapshot() throws {
        // Same key, same bytes, other context: domain separation at work.
        let body = Array(envelope.bytes.dropLast(64))
        let recordSignature = try signing.signature(for: body, context: SignedRecord.signatureContext)
        #expect(throws: BridgeError(EnvelopeProblem.signatureMismatch)) {
            try SnapshotEnvelope(bytes: body + recordSignature).open(verifyingWith: signing.publicKey, dataKey: data)
        }
    }

    @Test func inconsistentLifetimesAreRefusedWhenSealing() throws {
        #expect(throws: BridgeError.self) {
            try SnapshotEnvelope.seal(
                payload: [1], epoch: 1, sequence: 1, issuedAt: 10, staleAt: 30, expiresAt: 20, signingKey: signing,
                dataKey: data)
        }
    }
}

@Suite struct SignedRecordTests {
    let key = try! Ed25519.PrivateKey()

    @Test func recordRoundTripsAndVerifiesBeforeDecoding() throws {
        let status = AuthStatus(
            state: .locked, epoch: 7, issuedAt: 100, sessionExpiresAt: 200, hidesBalances: true,
            enrollmentID: Array(repeating: 9, count: 16))
        let record = try status.signed(sequence: 5, with: key)
        let parsed = try SignedRecord(bytes: record.bytes, expected: .authStatus)
        #expect(parsed.sequence == 5)
        #expect(try AuthStatus(payload: parsed.verifiedPayload(publicKey: key.publicKey)) == status)
    }

    @Test func everySingleByteModificationOrTruncationIsRejected() throws {
        let record = try OnboardingRecord(enrollmentID: Array(repeating: 1, count: 16), onboardedAt: 5)
            .signed(sequence: 1, with: key)
        for index in record.bytes.indices {
            var bytes = record.bytes
            bytes[index] ^= 0x01
            #expect(throws: (any Error).self, "byte \(index)") {
                try SignedRecord(bytes: bytes, expected: .onboarding).verifiedPayload(publicKey: key.publicKey)
            }
        }
        for length in 0..<record.bytes.count {
            #expect(throws: BridgeError.self) { try SignedRecord(bytes: Array(record.bytes.prefix(length)), expected: .onboarding) }
        }
    }

    @Test func aRecordOfAnotherKindIsRefused() throws {
        let record = try OnboardingRecord(enrollmentID: Array(repeating: 1, count: 16), onboardedAt: 5)
            .signed(sequence: 1, with: key)
        #expect(throws: BridgeError.self) { try SignedRecord(bytes: record.bytes, expected: .authStatus) }
    }
}
