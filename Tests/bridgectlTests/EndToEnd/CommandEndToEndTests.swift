import Foundation
import Testing
@testable import SecureBridgeTestSupport

/// `open`, `demo`, and what-if reads leaving the home untouched.
struct CommandEndToEndTests {
    @Test(arguments: [
        ("securebridge://account/acc-main", "acc-main"),
        ("securebridge://login", "login"),
    ])
    func openResolvesTheAppsOwnDeepLinks(url: String, mentions: String) async throws {
        let result = try await Bridgectl.run(["open", url])

        #expect(result.succeeded, "\(result)")
        #expect(result.stdout.contains(mentions), "\(result.stdout)")
    }

    @Test(arguments: [
        "https://evil.example/account/x",
        "securebridge://account/../x",
        "securebridge://account/",
        "securebridge://evil/acc-main",
        "securebridge://account/acc-main?next=https://evil.example",
        "securebridge://account/acc%2Fmain",
        "securebridge://login/extra",
    ])
    func openRejectsAnyOtherLinkWithOneSentence(url: String) async throws {
        let result = try await Bridgectl.run(["open", url])

        #expect(!result.succeeded)
        #expect(result.stdout.isEmpty, "a rejected link must not resolve: \(result.stdout)")
        #expect(result.stderrLines.count == 1, "\(result.stderr)")
    }

    @Test func demoTellsTheWholeStory() async throws {
        let result = try await Bridgectl.run(["demo"])

        #expect(result.succeeded, "\(result)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.contains { $0.contains(" full ") || $0.hasSuffix(" full") })
        #expect(lines.contains { $0.contains(" masked ") })
        #expect(lines.contains { $0.contains(" placeholder ") })
        for reason in ["not-onboarded", "no-data", "stale", "expired", "locked", "privacy", "hidden", "logged-out"] {
            #expect(result.stdout.contains("(\(reason))"), "the demo never shows \(reason)")
        }
    }

    @Test func whatIfReadsChangeNoFileUnderTheHome() async throws {
        try await EndToEndHome.with { home in
            try await home.login(sessionTTL: "7d")
            try await home.publish(Examples.accounts)
            let before = try home.files()
            try #require(!before.isEmpty)

            let now = Date()
            for offset: TimeInterval in [-86_400, 2 * 3600, 25 * 3600, 8 * 86_400] {
                _ = try await home.read("--now", Instant.text(now.addingTimeInterval(offset)))
            }
            let soon = Instant.text(now.addingTimeInterval(60))
            _ = try await home.read("--now", soon, "--family", "accessoryInline")
            _ = try await home.read("--now", soon, "--family", "systemSmall", "--privacy")

            let after = try home.files()
            #expect(after.keys.sorted() == before.keys.sorted(), "what-if reads added or removed files")
            for (path, state) in before where after[path] != state {
                Issue.record("a what-if read changed \(path)")
            }
        }
    }
}
