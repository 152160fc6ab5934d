import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp

/// Target `record`: arbitrary bytes as a stored signed record. Parsed as
/// both kinds and by `inspect`; what parses is verified against the fixed
/// publisher key, and a verified payload goes to its decoder.
public enum RecordFuzzer {
    public static func run(_ bytes: [UInt8]) {
        _ = FuzzCheck.attempt { try Inspection.describe(bytes) }
        var kinds = 0
        for kind in [SignedRecord.Kind.onboarding, .authStatus] {
            guard let record = FuzzCheck.attempt({ try SignedRecord(bytes: bytes, expected: kind) }) else { continue }
            kinds += 1
            FuzzCheck.expect(record.bytes == bytes && record.kind == kind, "the parser changed the record")
            FuzzCheck.expect(bytes.count <= SignedRecord.maximumByteCount, "a record over the size cap parsed")
            let other = FuzzKeys.otherSigning.publicKey
            if record.signingKeyID != other.keyID {
                FuzzCheck.expect(
                    FuzzCheck.attempt({ try record.verifiedPayload(publicKey: other) }) == nil,
                    "a record verified under a publisher key it does not name")
            }
            guard let payload = FuzzCheck.attempt({ try record.verifiedPayload(publicKey: FuzzKeys.signing.publicKey) })
            else { continue }
            RecordPayloads.decode(payload, kind: kind, sequence: record.sequence, stored: bytes)
        }
        FuzzCheck.expect(kinds <= 1, "one record parsed as both kinds")
    }

    public static func seeds() throws -> [String: [UInt8]] {
        var seeds: [String: [UInt8]] = [:]
        for (name, (kind, payload)) in RecordPayloads.samples {
            seeds[name] = try SignedRecord.sign(kind: kind, sequence: 7, payload: payload, with: FuzzKeys.signing).bytes
        }
        let active = seeds["auth-active"]!
        seeds["auth-by-other-key"] = try AuthStatus(payload: RecordPayloads.samples["auth-active"]!.1[...])
            .signed(sequence: 7, with: FuzzKeys.otherSigning).bytes
        seeds["truncated"] = Array(active.prefix(30))
        seeds["unknown-kind"] = { var bytes = active; bytes[5] = 3; return bytes }()
        seeds["empty"] = []
        return seeds
    }
}

/// Target `record-payload`: the first input byte picks the kind (odd:
/// onboarding, even: auth status), the rest is the payload. It is signed with
/// the fixed key, re-parsed, verified and decoded, so the decoders see every
/// payload a valid signature can carry.
public enum RecordPayloadFuzzer {
    public static func run(_ bytes: [UInt8]) {
        guard let first = bytes.first else { return }
        let kind: SignedRecord.Kind = first & 1 == 1 ? .onboarding : .authStatus
        let payload = Array(bytes.dropFirst())
        let sequence = UInt64(first >> 1)
        guard let record = FuzzCheck.attempt({
            try SignedRecord.sign(kind: kind, sequence: sequence, payload: payload, with: FuzzKeys.signing)
        }) else {
            FuzzCheck.expect(payload.count > SignedRecord.maximumPayloadByteCount, "signing a payload in bounds failed")
            return
        }
        let parsed = FuzzCheck.attempt { try SignedRecord(bytes: record.bytes, expected: kind) }
        FuzzCheck.expect(parsed == record, "a signed record does not parse back to itself")
        let verified = FuzzCheck.attempt { try record.verifiedPayload(publicKey: FuzzKeys.signing.publicKey) }
        FuzzCheck.expect(verified.map(Array.init) == payload, "verification does not give back the payload")
        guard let verified else { return }
        RecordPayloads.decode(verified, kind: kind, sequence: sequence, stored: record.bytes)
    }

    public static func seeds() throws -> [String: [UInt8]] {
        var seeds: [String: [UInt8]] = [:]
        for (name, (kind, payload)) in RecordPayloads.samples {
            seeds[name] = [kind == .onboarding ? 1 : 2] + payload
        }
        seeds["auth-bad-state"] = [2] + [9] + Array(RecordPayloads.samples["auth-active"]!.1.dropFirst())
        seeds["auth-short"] = [2] + Array(RecordPayloads.samples["auth-active"]!.1.dropLast())
        return seeds
    }
}

/// The record payload decoders and their promise: a verified payload that
/// decodes, signed again with the same key and sequence, gives back exactly
/// the stored record (Ed25519 is deterministic), so no payload has two readings.
enum RecordPayloads {
    static func decode(_ payload: ArraySlice<UInt8>, kind: SignedRecord.Kind, sequence: UInt64, stored: [UInt8]) {
        switch kind {
        case .onboarding:
            guard let record = FuzzCheck.attempt({ try OnboardingRecord(payload: payload) }) else { return }
            FuzzCheck.expect(record.enrollmentID.count == 16, "an enrollment id is not 16 bytes")
            let resigned = FuzzCheck.attempt { try record.signed(sequence: sequence, with: FuzzKeys.signing).bytes }
            FuzzCheck.expect(resigned == stored, "an onboarding record re-signs to other bytes")
        case .authStatus:
            guard let status = FuzzCheck.attempt({ try AuthStatus(payload: payload) }) else { return }
            FuzzCheck.expect(status.enrollmentID.count == 16, "an enrollment id is not 16 bytes")
            FuzzCheck.expect(status.payload == Array(payload), "an auth status re-encodes to other bytes")
            let resigned = FuzzCheck.attempt { try status.signed(sequence: sequence, with: FuzzKeys.signing).bytes }
            FuzzCheck.expect(resigned == stored, "an auth status re-signs to other bytes")
        }
    }

    /// Well-formed payloads of both kinds.
    static let samples: [String: (SignedRecord.Kind, [UInt8])] = {
        let enrollment = [UInt8](repeating: 0xa5, count: 16)
        var samples: [String: (SignedRecord.Kind, [UInt8])] = [:]
        var onboarding = ByteWriter()
        onboarding.append(enrollment)
        onboarding.append(Int64(1_794_990_000))
        samples["onboarding"] = (.onboarding, onboarding.bytes)
        for (state, hides) in [(AuthStatus.State.active, false), (.locked, false), (.loggedOut, false), (.active, true)] {
            let status = AuthStatus(
                state: state, epoch: FuzzKeys.epoch, issuedAt: FuzzKeys.issuedAt,
                sessionExpiresAt: FuzzKeys.expiresAt, hidesBalances: hides, enrollmentID: enrollment)
            samples["auth-\(state)\(hides ? "-hidden" : "")"] = (.authStatus, status.payload)
        }
        return samples
    }()
}
