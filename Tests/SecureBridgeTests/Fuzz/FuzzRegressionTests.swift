import Foundation
import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp

/// Inputs the fuzzers in `Fuzz/` found crashing the library, replayed
/// through the same calls, and the unit-level edges behind each crash.
@Suite struct FuzzRegressionTests {
    /// `envelope` target, crash-e0fb513f…: a well-formed envelope header with
    /// `issuedAt = Int64.min`. Formatting its times overflowed in
    /// `UTCTimestamp.string(seconds:)`, so `bridgectl inspect` and
    /// `bridgectl status` crashed on a snapshot anyone with write access to
    /// the container could plant.
    static let envelopeIssuedAtInt64Min = Bytes.fromHex(
        "5342534e01007f8d41122340e41c6b9e5f8c3bc2d0f00000000000000003000000000000002a8000000000000000"
            + "0000000000000001270000006afed840c0c1c2c3c4c5c6c7c8c9cacb0000001010c592a2d2987b88a075c826"
            + "240910de0bd687e0cc1dec40f6054f1159c358d47849c42d0f5e6efe7ef38bd0b843b7fa0cb8fca8787537e6"
            + "3def8d968e0fed720982bb83dd83811be456727a89b32108")!

    /// `record` target, crash-af275810…: the same overflow, reached from the
    /// record fuzzer through `Inspection.describe`, which also reads envelopes
    /// (an envelope the fuzzer built from scratch: `issuedAt = Int64.min`, 248-byte ciphertext).
    static let recordTargetEnvelopeIssuedAtInt64Min = Bytes.fromHex(
        "5342534e0100410053425342534e010041005342d5d5d5d5d5d5d5d5d5d5d5d5d5d5d5d5d509800000000000"
            + "000000000000000000000000000000000000000000000000000000000000000000f8f8f8f8f8f8f8f8f8f8f8"
            + "f8f8f8f8f8f8f8f8f8f8f8f8f8f8f8f8f8f8f8f8f8f8f8f8f8f8f8f8f8f8f8f8f8f8f8f8f8f8f8f8f8f8f8f8"
            + "f8f8f8f8f8f8f8f8f8f8f8f8f8f8f8f8f8f8f8f8f8f8f8f8f8f8f8f8f8f8f8f8f8f8f8f8f8f8f8f8f8f8f8f8"
            + "f8f8f8f8f8f8f8f8f8f8f8f8f8f8f8f8f8f8f8f8f8f8f8f8000000ffffffffffffffffffffffffffffffffff"
            + "ffffffffffffffffffffffffffffffffffffffffffffffffffffff0000000000000000000000000000000000"
            + "00007a6965534242414e005342014e010041004100534e000900000000000000000000000000002800000000"
            + "000000000000000000001f00000000000000000000000000001b6965534e4242524a124353ffffffffffffff"
            + "ffff650000004e4e1242534e010041005342534e010041ffffffffffff776b6579203d00ffff")!

    @Test func inspectDescribesAnEnvelopeIssuedAtTheEarliestInt64Second() throws {
        let envelope = try SnapshotEnvelope(bytes: Self.envelopeIssuedAtInt64Min)
        #expect(envelope.header.issuedAt == .min)
        let text = try Inspection.describe(Self.envelopeIssuedAtInt64Min)
        #expect(text.contains("issued: -292277022657-01-27T08:29:52Z"))
        let other = try Inspection.describe(Self.recordTargetEnvelopeIssuedAtInt64Min)
        #expect(other.contains("issued: -292277022657-01-27T08:29:52Z"))
    }

    @Test func statusPrintsTheHeaderOfAnEnvelopeIssuedAtTheEarliestInt64Second() throws {
        let header = try SnapshotEnvelope(bytes: Self.envelopeIssuedAtInt64Min).header
        let status = BridgeStatus(
            home: "/home", onboarded: true, userID: nil, state: "active", sessionExpiresAt: nil, sessionExpired: false, epoch: 3,
            hidesBalances: false, failedUnlocks: 0, signingKeyID: nil, snapshot: header, keychainStore: .files)
        #expect(status.text.contains("issued -292277022657-01-27T08:29:52Z"))
        #expect(status.json.contains("\"issuedAt\":\"-292277022657-01-27T08:29:52Z\""))
    }

    @Test(arguments: [
        (Int64.min, "-292277022657-01-27T08:29:52Z"),
        (Int64.min + 86_399, "-292277022657-01-28T08:29:51Z"),
        (Int64.max, "292277026596-12-04T15:30:07Z"),
        (-86_401, "1969-12-30T23:59:59Z"),
        (-86_400, "1969-12-31T00:00:00Z"),
        (-1, "1969-12-31T23:59:59Z"),
        (0, "1970-01-01T00:00:00Z"),
        (1_795_000_000, "2026-11-18T11:06:40Z"),
    ])
    func everyInt64SecondFormats(seconds: Int64, text: String) {
        #expect(UTCTimestamp.string(seconds: seconds) == text)
    }

    @Test func datesBeyondInt64SecondsFormatAtItsEnds() {
        #expect(UTCTimestamp.string(from: Date(timeIntervalSince1970: 0x1p63)) == UTCTimestamp.string(seconds: .max))
        #expect(UTCTimestamp.string(from: Date(timeIntervalSince1970: -0x1p64)) == UTCTimestamp.string(seconds: .min))
        #expect(UTCTimestamp.string(from: .distantFuture) == "4001-01-01T00:00:00Z")
    }
}
