import Foundation
import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp
@testable import SecureBridgeTestSupport

/// A container writer may put a FIFO where the snapshot belongs. `status` and
/// `inspect` report it, as `doctor` does, instead of failing: they never open
/// it (so never block on it) and exit 0.
@Suite struct SnapshotFIFOReportTests {
    /// The published home with a FIFO at `container/snapshot`.
    static func homeWithFIFO() throws -> (fixture: BridgeFixture, path: String) {
        let fixture = try BridgeFixture.published()
        let path = fixture.path(.container, StoredFile.snapshot.name)
        try FileManager.default.removeItem(atPath: path)
        guard mkfifo(path, 0o600) == 0 else { throw POSIXError(.init(rawValue: errno)!) }
        return (fixture, path)
    }

    @Test func statusReportsTheFIFOAndExitsZero() async throws {
        let (fixture, path) = try Self.homeWithFIFO()
        let text = try await Bridgectl.run(["status", "--home", fixture.root])
        #expect(text.succeeded, "\(text)")
        #expect(text.stdout.contains("onboarded: yes\n"), "\(text)")
        #expect(text.stdout.contains("snapshot: unreadable: `\(path)` is not a regular file.\n  `bridgectl doctor` names the fix.\n"), "\(text)")
        let json = try await Bridgectl.run(["status", "--home", fixture.root, "--format", "json"])
        #expect(json.succeeded, "\(json)")
        #expect(json.json?["snapshotProblem"] as? String == "`\(path)` is not a regular file.", "\(json)")
        #expect(json.json?["snapshot"] is NSNull, "\(json)")
    }

    @Test func inspectReportsTheFIFOAndExitsZero() async throws {
        let (fixture, path) = try Self.homeWithFIFO()
        let output = try await Bridgectl.run(["inspect", "--home", fixture.root])
        #expect(output.succeeded, "\(output)")
        #expect(output.stdout.hasPrefix("snapshot: unreadable: `\(path)` is not a regular file."), "\(output)")
        #expect(output.stdout.contains("`bridgectl doctor` names the fix."), "\(output)")
    }

    @Test func aHealthyHomeReportsNoProblem() async throws {
        let fixture = try BridgeFixture.published()
        let json = try await Bridgectl.run(["status", "--home", fixture.root, "--format", "json"])
        #expect(json.succeeded && json.json?["snapshotProblem"] == nil && json.json?["snapshot"] is [String: Any], "\(json)")
    }
}
