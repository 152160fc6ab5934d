import Testing
@testable import bridgectl
@testable import SecureBridgeTestSupport

/// A mistyped command gets "Did you mean …?", as a mistyped option already does.
@Suite struct CommandSuggestionTests {
    @Test(arguments: [
        ("pubish", "publish"), ("stauts", "status"), ("lgin", "login"), ("readd", "read"), ("doctr", "doctor"),
        ("doc", "doctor"), ("logo", "logout"), ("loin", "login"), ("insp", "inspect"),
    ])
    func aCommandTwoEditsAwayIsSuggested(typed: String, meant: String) async throws {
        let output = try await Bridgectl.run([typed, "--home", "/nonexistent/securebridge-home"])
        #expect(output.status == 64 && output.stdout.isEmpty, "\(output)")
        #expect(output.stderrLines.first == "Error: Unknown command '\(typed)'. Did you mean '\(meant)'?"[...], "\(output)")
    }

    @Test func nothingIsSuggestedForRealCommandsNorFarOrAmbiguousOnes() {
        #expect(CommandSuggestion.error(for: ["publish"]) == nil)
        #expect(CommandSuggestion.error(for: ["help"]) == nil)
        #expect(CommandSuggestion.error(for: ["--version"]) == nil)
        #expect(CommandSuggestion.error(for: ["xyzzy"]) == nil)
        #expect(CommandSuggestion.error(for: ["lock"]) == nil)
        #expect(CommandSuggestion.error(for: ["load"]) == nil, "lock and read are both two edits away: no guess between them")
        #expect(CommandSuggestion.error(for: ["pre"]) == nil, "it begins both prefs and preview")
        #expect(CommandSuggestion.error(for: []) == nil)
    }

    @Test func distanceCountsEdits() {
        #expect(CommandSuggestion.distance("pubish", "publish") == 1)
        #expect(CommandSuggestion.distance("", "read") == 4)
        #expect(CommandSuggestion.distance("status", "status") == 0)
        #expect(CommandSuggestion.distance("stauts", "status") == 2)
    }
}
