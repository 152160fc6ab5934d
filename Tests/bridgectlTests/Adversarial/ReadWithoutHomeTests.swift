import Foundation
import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp
@testable import SecureBridgeTestSupport

/// Issue 11, item 11: `read` always prints a renderable timeline and exits 0
/// unless invoked wrongly, even when nothing names a home. It renders the
/// `not-onboarded` placeholder and says once on standard error what is missing.
@Suite struct ReadWithoutHomeTests {
    /// Every variable a home can come from.
    static let homeVariables = ["HOME", "BRIDGE_HOME", "XDG_DATA_HOME"]
    static let warning = "Warning: \(StorageError(.homeUnknown))\n"

    /// The first entry of a JSON timeline.
    static func firstEntry(_ json: String) -> [String: Any]? {
        let object = (try? JSONSerialization.jsonObject(with: Data(json.utf8))) as? [String: Any]
        return (object?["entries"] as? [[String: Any]])?.first
    }

    /// `--format json` twice is not a plain read, so the argument parser takes it.
    @Test(arguments: [["read", "--format", "json"], ["read", "--format", "json", "--format", "json"]])
    func readWithoutAnyHomeRendersTheNotOnboardedPlaceholder(arguments: [String]) async throws {
        let output = try await Bridgectl.run(arguments, unsetting: Self.homeVariables)
        #expect(output.status == 0, "\(output)")
        let entry = try #require(Self.firstEntry(output.stdout), "\(output)")
        #expect(entry["state"] as? String == "placeholder")
        #expect(entry["reason"] as? String == "not-onboarded")
        #expect(output.stderr == Self.warning)
    }

    @Test func textReadWithoutAnyHomeStillPrintsATimeline() async throws {
        let output = try await Bridgectl.run(["read"], unsetting: Self.homeVariables)
        #expect(output.status == 0, "\(output)")
        #expect(output.stdout.contains("not-onboarded"), "\(output)")
        #expect(output.stderr == Self.warning)
    }

    @Test func followWithoutAnyHomePrintsThePlaceholderAndStopsOnSIGTERM() async throws {
        let child = try Bridgectl.start(["read", "--follow", "--format", "json"], unsetting: Self.homeVariables)
        let first = await await child.readLine()
        if first == nil {
            let ended = await await child.finish()
            Issue.record("no timeline before the end: \(ended)")
        }
        let line = try #require(first)
        #expect(Self.firstEntry(line)?["reason"] as? String == "not-onboarded")
        child.send(SIGTERM)
        let output = await await child.finish()
        #expect(output.status == 0, "\(output)")
        #expect(output.stderr == Self.warning)
    }
}
