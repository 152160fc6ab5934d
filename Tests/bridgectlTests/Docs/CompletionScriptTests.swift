import Foundation
import Testing
@testable import SecureBridgeTestSupport

/// The README's completion commands work and know the newest commands.
@Suite struct CompletionScriptTests {
    @Test(.timeLimit(.minutes(1)), arguments: ["bash", "zsh", "fish"])
    func completionScriptNamesDoctorAndFollow(shell: String) async throws {
        let output = try await Bridgectl.run(["--generate-completion-script", shell])
        let script = output.stdout
        #expect(output.status == 0)
        #expect(script.contains("doctor"))
        for option in ["follow", "poll", "verbose", "strict"] {
            // bash and zsh spell options `--follow`, fish `-l 'follow'`.
            #expect(script.contains("--\(option)") || script.contains("-l '\(option)'"), "\(option)")
        }
    }
}
