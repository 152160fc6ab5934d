import Foundation
import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp
@testable import SecureBridgeTestSupport

/// Issue 11, item 12: running out of file descriptors (or memory, or an I/O
/// error) while the widget reads is not a security finding. It shows
/// `unavailable`, not `insecure-storage`, and the timeline retries soon.
@Suite struct ResourceShortageTests {
    /// A descriptor limit low enough that the read's own opens fail once the
    /// process has started (3 is too few to load the binary's libraries).
    static let starvedLimits = [4, 5]

    @Test(arguments: starvedLimits)
    func runningOutOfDescriptorsIsUnavailableNotInsecureStorage(limit: Int) async throws {
        let fixture = try BridgeFixture.published()
        let output = try await Bridgectl.run(
            ["read", "--format", "json", "--home", fixture.root, "--now", fixture.startText],
            unsetting: [], launcher: ["/usr/bin/prlimit", "--nofile=\(limit)", "--"])
        #expect(output.status == 0, "\(output)")
        let timeline = try #require(output.json, "\(output)")
        let entry = try #require((timeline["entries"] as? [[String: Any]])?.first)
        #expect(entry["state"] as? String == "placeholder")
        #expect(entry["reason"] as? String == "unavailable", "\(output)")
        // It tries again at the next minute, not after the usual 30.
        let policy = try #require(timeline["policy"] as? [String: Any])
        #expect(policy["kind"] as? String == "after")
        let retry = UTCTimestamp.date(parsing: policy["date"] as? String ?? "")
        #expect(retry == fixture.start.addingTimeInterval(60), "\(policy)")
    }

    @Test func theSameHomeReadsInFullWithEnoughDescriptors() async throws {
        let fixture = try BridgeFixture.published()
        let output = try await Bridgectl.run(
            ["read", "--format", "json", "--home", fixture.root, "--now", fixture.startText],
            unsetting: [], launcher: ["/usr/bin/prlimit", "--nofile=64", "--"])
        let entry = try #require((output.json?["entries"] as? [[String: Any]])?.first, "\(output)")
        #expect(entry["state"] as? String == "full")
    }
}
