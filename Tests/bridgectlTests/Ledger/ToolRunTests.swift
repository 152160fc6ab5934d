import Foundation
import Testing
@testable import SecureBridgeLedger

/// A tool that runs past its time limit is killed and said to be stopped,
/// rather than waited for (`publish --from` allows 120 s).
@Suite struct ToolRunTests {
    @Test func aToolPastItsTimeLimitIsKilled() throws {
        let start = ContinuousClock.now
        #expect(throws: ToolRun.Failure.timedOut) {
            try ToolRun(program: "sleep", arguments: ["30"], timeLimit: .milliseconds(300), outputLimit: 1024, memoryLimit: 1 << 30).run()
        }
        // Killed, not waited for: well before the child would have ended by itself.
        #expect(ContinuousClock.now - start < .seconds(25))
    }
}
