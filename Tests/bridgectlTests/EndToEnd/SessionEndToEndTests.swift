import Foundation
import Testing
@testable import SecureBridgeTestSupport

/// Onboarding, lock, preferences, logout and re-login, each in its own home.
struct SessionEndToEndTests {
    @Test func withoutOnboardingTheWidgetShowsTheSetupPlaceholderAndWaits() async throws {
        try await EndToEndHome.with { home in
            // An existing, empty home: never set up (of one that does not exist at all, read also warns).
            try FileManager.default.createDirectory(atPath: home.home, withIntermediateDirectories: false)
            let output = try await home.read()

            #expect(output.entries.count == 1)
            #expect(output.current.state == "placeholder")
            #expect(output.current.reason == "not-onboarded")
            #expect(output.current.url == "securebridge://login")
            #expect(output.policyKind == "never")
            #expect(output.policyDate == nil)
        }
    }

    @Test func withoutOnboardingStatusSaysSoAsJSON() async throws {
        try await EndToEndHome.with { home in
            // An existing, empty home: never set up (a home that does not exist at all is an error).
            try FileManager.default.createDirectory(atPath: home.home, withIntermediateDirectories: false)
            let status = try await home.status()
            #expect(status.object["home"] as? String == home.home)

            #expect(status.object["onboarded"] as? Bool == false)
            #expect(status.state != nil)
            #expect(status.state != "active")
        }
    }

    @Test func afterLoginBeforeAnyPublishTheWidgetShowsNoData() async throws {
        try await EndToEndHome.with { home in
            try await home.login()
            let output = try await home.read()

            #expect(output.current.state == "placeholder")
            #expect(output.current.reason == "no-data")
            await #expect(try home.status().state == "active")
        }
    }

    @Test func lockMasksAmountsAndOnlyTheRightPasscodeUnlocks() async throws {
        try await EndToEndHome.with { home in
            try await home.login()
            try await home.publish(Examples.accounts)
            let lock = try await home.bridgectl("lock")
            try #require(lock.succeeded, "\(lock)")

            let locked = try await home.read()
            #expect(locked.current.state == "masked")
            #expect(locked.current.reason == "locked")
            #expect(!locked.entries.contains { $0.state == "full" })

            let wrong = try await home.bridgectl("unlock", "--passcode-stdin", standardInput: "1357\n")
            #expect(!wrong.succeeded)
            #expect(wrong.stderrLines.count == 1, "one sentence on stderr: \(wrong.stderr)")
            #expect(wrong.stderr.trimmingCharacters(in: .whitespacesAndNewlines).hasSuffix("."))
            #expect(!wrong.stderr.contains("1357") && !wrong.stdout.contains("1357"))
            #expect(!wrong.stderr.contains(EndToEndHome.passcode))
            let stillLocked = try await home.read()
            #expect(stillLocked.current.state == "masked")
            #expect(stillLocked.current.reason == "locked")
            await #expect(try home.status().state == "locked")

            let right = try await home.bridgectl("unlock", "--passcode-stdin", standardInput: EndToEndHome.passcode + "\n")
            try #require(right.succeeded, "\(right)")
            let unlocked = try await home.read()
            #expect(unlocked.current.state == "full")
            #expect(unlocked.current.reason == nil)
            #expect(unlocked.current.accounts.first?.balance == "€4,675.00")
        }
    }

    @Test func hideBalancesPreferenceMasksUntilSwitchedOff() async throws {
        try await EndToEndHome.with { home in
            try await home.login()
            try await home.publish(Examples.accounts)

            try await #require(try home.bridgectl("prefs", "--hide-balances", "on").succeeded)
            let hidden = try await home.read()
            #expect(hidden.current.state == "masked")
            #expect(hidden.current.reason == "hidden")
            #expect(!hidden.entries.contains { $0.state == "full" })
            let hiddenSmall = try await home.read("--family", "systemSmall")
            #expect(hiddenSmall.current.reason == "hidden")

            try await #require(try home.bridgectl("prefs", "--hide-balances", "off").succeeded)
            let shown = try await home.read()
            #expect(shown.current.state == "full")
            let privacy = try await home.read("--privacy")
            #expect(privacy.current.state == "masked")
            #expect(privacy.current.reason == "privacy")
        }
    }

    @Test func logoutShredsTheDataAndReloginStartsANewEpoch() async throws {
        try await EndToEndHome.with { home in
            try await home.login()
            try await home.publish(Examples.accounts)
            let before = try await home.status()
            let firstEpoch = try #require(before.epoch)
            let oldSnapshot = try #require(home.contents("container/snapshot"), "publish left no container/snapshot")

            let logout = try await home.bridgectl("logout")
            try #require(logout.succeeded, "\(logout)")
            let loggedOut = try await home.read()
            #expect(loggedOut.current.state == "placeholder")
            #expect(loggedOut.current.reason == "logged-out")
            #expect(loggedOut.current.url == "securebridge://login")
            #expect(loggedOut.policyKind == "never")
            #expect(home.contents("container/snapshot") == nil, "logout must remove the snapshot")

            try await home.login()
            let after = try await home.status()
            #expect(after.state == "active")
            #expect(try #require(after.epoch) > firstEpoch)
            let fresh = try await home.read()
            #expect(fresh.current.state == "placeholder")
            #expect(fresh.current.reason == "no-data")

            // A backup of the old snapshot, restored: its data key was destroyed.
            let restored = URL(fileURLWithPath: home.path("container/snapshot"))
            try oldSnapshot.write(to: restored)
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: restored.path)
            let replayed = try await home.read()
            #expect(replayed.current.state == "placeholder")
            #expect(replayed.current.reason == "unknown-key")
        }
    }

    @Test func oldSnapshotRestoredWhileLoggedOutStillShowsTheLoggedOutPlaceholder() async throws {
        try await EndToEndHome.with { home in
            try await home.login()
            try await home.publish(Examples.accounts)
            let oldSnapshot = try #require(home.contents("container/snapshot"))
            try await #require(try home.bridgectl("logout").succeeded)

            let restored = URL(fileURLWithPath: home.path("container/snapshot"))
            try oldSnapshot.write(to: restored)
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: restored.path)
            let output = try await home.read()
            #expect(output.current.state == "placeholder")
            #expect(output.current.reason == "logged-out")
        }
    }
}
