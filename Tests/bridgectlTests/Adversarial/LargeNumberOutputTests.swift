import Foundation
import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp
@testable import SecureBridgeTestSupport

/// Issue 11, item 12: every number read from disk is printed as it is, never
/// trapped on. An epoch or sequence of 2⁶³ or more (a damaged or planted
/// file) used to crash `status --format json` on its conversion to `Int64`.
@Suite struct LargeNumberOutputTests {
    static let hugeEpoch = "18446744073709551615"
    static let hugeSequence: UInt64 = 1 << 63 | 9

    /// The published home with the snapshot header's epoch at `UInt64.max`, its
    /// sequence at 2⁶³ + 9 and its three instants at the end of `Int64`.
    static func plantedHome() throws -> BridgeFixture {
        let fixture = try BridgeFixture.published()
        var snapshot = try fixture.bytes(.container, "snapshot")
        snapshot.replaceSubrange(22..<30, with: [UInt8](repeating: 0xFF, count: 8))
        snapshot.replaceSubrange(30..<38, with: (0..<8).map { UInt8(truncatingIfNeeded: hugeSequence >> (56 - 8 * $0)) })
        for offset in [38, 46, 54] {
            snapshot.replaceSubrange(offset..<offset + 8, with: [0x7F] + [UInt8](repeating: 0xFF, count: 7))
        }
        try fixture.plant(.container, "snapshot", snapshot)
        let state = try String(decoding: fixture.bytes(.app, "state.json"), as: UTF8.self)
        let planted = state.replacingOccurrences(
            of: #""epoch" : [0-9]+"#, with: #""epoch" : \#(hugeEpoch)"#, options: .regularExpression)
        #expect(planted != state, "the test no longer finds the epoch in app/state.json")
        try fixture.plant(.app, "state.json", Array(planted.utf8))
        return fixture
    }

    @Test func statusPrintsEpochsAndSequencesBeyondInt64() async throws {
        let fixture = try Self.plantedHome()
        let json = try await Bridgectl.run(["status", "--format", "json", "--home", fixture.root])
        #expect(json.status == 0, "\(json)")
        #expect(json.stdout.contains(#""epoch":\#(Self.hugeEpoch),"#), "\(json)")
        #expect(json.stdout.contains(#""sequence":\#(Self.hugeSequence),"epoch":\#(Self.hugeEpoch),"#), "\(json)")
        let text = try await Bridgectl.run(["status", "--home", fixture.root])
        #expect(text.status == 0, "\(text)")
        #expect(text.stdout.contains("epoch: \(Self.hugeEpoch)"), "\(text)")
    }

    @Test func inspectPrintsTheSequenceBeyondInt64() async throws {
        let fixture = try Self.plantedHome()
        let output = try await Bridgectl.run(["inspect", "--home", fixture.root])
        #expect(output.status == 0, "\(output)")
        #expect(output.stdout.contains("epoch: \(Self.hugeEpoch)\n"), "\(output)")
        #expect(output.stdout.contains("sequence: \(Self.hugeSequence)\n"), "\(output)")
    }
}
