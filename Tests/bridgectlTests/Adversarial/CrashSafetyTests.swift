import Foundation
import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp
@testable import SecureBridgeTestSupport

/// Attack 7: `kill -9` of the publisher at random instants while a widget
/// keeps reading. The short version of `scripts/crash-test`.
@Suite(.sweep) struct CrashSafetyTests {
    /// Where in a publish a kill landed, judged from the files it left.
    enum Outcome: String, CaseIterable {
        case completed, beforeReservingASequence, afterReservingASequence, afterTheSnapshotWasReplaced
    }

    /// How long `arguments` takes to run once, in microseconds: started at
    /// once (not through `Bridgectl.run`, whose wait for a free slot is not
    /// the command's time).
    static func duration(_ arguments: [String]) async throws -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        let output = try await Bridgectl.start(arguments).finish()
        #expect(output.status == 0, "\(arguments.first ?? ""): \(output)")
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1000
    }

    @Test func killingThePublisherNeverTearsTheSnapshot() async throws {
        let fixture = try BridgeFixture.live()
        let inputs = [fixture.root + "/a.json", fixture.root + "/b.json"]
        _ = FileManager.default.createFile(atPath: inputs[0], contents: Data(BridgeFixture.accounts))
        _ = FileManager.default.createFile(atPath: inputs[1], contents: Data(BridgeFixture.otherAccounts))
        let publish = { (index: Int) in ["publish", "--home", fixture.root, inputs[index % 2]] }

        // What a reader shows for each input, and how long a process takes to
        // start and to publish: kills land between 80 % of the first and 110 % of the second.
        var expected: Set<String> = []
        var publishTime = 0.0
        for index in [1, 0] {
            let duration = try await Self.duration(publish(index))
            publishTime = max(publishTime, duration)
            let read = try await Bridgectl.run(["read", "--home", fixture.root, "--format", "json"])
            try expected.insert(#require(ReaderLoop.canonicalAccounts(read)))
        }
        #expect(expected.count == 2)
        let startTime = try await Self.duration(["open", "securebridge://login"])
        let window = (0.8 * startTime)...max(1.1 * publishTime, startTime)

        let accepted = expected
        let reader = ReaderLoop(home: fixture.root) { accepted.contains($0) }
        var generator = SeededGenerator(seed: 0x5EC_B41D6E)
        var outcomes: [Outcome: Int] = [:]
        var failures: [String] = []
        var leftovers = 0
        var reserved = try AppState.load(from: Places.prepare(fixture.home).app).snapshotSequence
        for kill in 0..<15 {
            let child = try Bridgectl.start(publish(kill))
            usleep(useconds_t(Double.random(in: window, using: &generator)))
            child.send(SIGKILL)
            let output = await child.finish()
            let state = try AppState.load(from: Places.prepare(fixture.home).app).snapshotSequence
            let current = try SnapshotEnvelope(bytes: fixture.bytes(.container, "snapshot")).header.sequence
            switch (output.status, output.signal) {
            case (0?, _): outcomes[.completed, default: 0] += 1
            case (_, SIGKILL?) where state == reserved: outcomes[.beforeReservingASequence, default: 0] += 1
            case (_, SIGKILL?) where current != state: outcomes[.afterReservingASequence, default: 0] += 1
            case (_, SIGKILL?): outcomes[.afterTheSnapshotWasReplaced, default: 0] += 1
            default: failures.append("kill \(kill): \(output)")
            }
            reserved = state
            if try !fixture.temporaryFiles().isEmpty { leftovers += 1 }
        }
        let tally = reader.stop()

        // The next publish completes and sweeps up what the killed ones left.
        let last = try await Bridgectl.run(publish(0))
        #expect(last.status == 0, "\(last)")
        let remaining = try fixture.temporaryFiles()
        #expect(remaining == [], "left after the next publish")
        let final = try await Bridgectl.run(["read", "--home", fixture.root, "--format", "json"])
        #expect(ReaderLoop.canonicalAccounts(final).map(expected.contains) == true)

        print("crash test (swift test): 15 kills, \(outcomes.map { "\($0.key.rawValue) \($0.value)" }.sorted().joined(separator: ", ")), "
            + "\(leftovers) left temporary files, \(tally.reads) reads checked, \(tally.failures.count + failures.count) failures")
        #expect(failures.isEmpty, "\(failures)")
        #expect(tally.failures.isEmpty, "\(tally.failures.prefix(3))")
        #expect(tally.reads > 0)
    }
}
