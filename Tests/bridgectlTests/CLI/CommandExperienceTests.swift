import Foundation
import Testing
@testable import SecureBridgeTestSupport

#if canImport(Glibc)
import Glibc
#endif

/// What a new user meets at the command line, through the built binary:
/// a publish that tells whether widgets reload, usage errors with the
/// subcommand's usage and exit 64, errors that say what to do, and commands
/// that check before they ask for a passcode.
@Suite struct CommandExperienceTests {
    // MARK: Reloads

    @Test(.timeLimit(.minutes(3))) func republishingAfterExpiryReloadsTheWidgetAndTheFollower() async throws {
        try await EndToEndHome.with { home in
            try await home.login()
            let short = ["--stale-after", "1s", "--ttl", "2s"]
            try await home.publish(Examples.accounts, options: short)
            let follower = try Bridgectl.start(["read", "--follow", "--format", "line", "--ignore-desktop-lock", "--home", home.home])
            // Full, then stale, then masked when the snapshot expires.
            var line = try #require(await follower.readLine(), "the first line")
            while !line.contains("••••") {
                line = try #require(await follower.readLine(), "a line as the snapshot ages")
            }
            let expired = try await home.bridgectl("read", "--format", "line")
            #expect(expired.stdout.contains("••••"), "\(expired)")

            let again = try await home.publish(Examples.accounts, options: short)
            #expect(again.stdout.hasPrefix("Published snapshot 2 with 5 accounts."), "\(again)")
            #expect(!again.stdout.contains("unchanged"), "the widget shows expired until it reloads: \(again)")
            let fresh = try #require(await follower.readLine(), "a line after the republish")
            #expect(fresh.contains("€") && !fresh.contains("••••"), "\(fresh)")
            follower.send(SIGTERM)
            #expect(await follower.finish().status == 0)
        }
    }

    @Test func aRepublishChangingOnlyTheExpiriesSaysTheWidgetReloads() async throws {
        try await EndToEndHome.with { home in
            try await home.login()
            try await home.publish(Examples.accounts, options: ["--stale-after", "1h", "--ttl", "24h"])
            let longer = try await home.publish(Examples.accounts, options: ["--stale-after", "2h", "--ttl", "24h"])
            #expect(longer.stdout == "Published snapshot 2 with 5 accounts.\n", "\(longer)")
        }
    }

    // MARK: Usage errors

    /// `(arguments, the sentence, the subcommand)`: each a usage error with that subcommand's usage.
    static let usageErrors: [([String], String, String)] = [
        (["read", "--now", "tomorrow"], "Error: --now must be an RFC 3339 time like 2026-11-21T16:00:00Z or 2026-11-21T17:00:00+01:00, not tomorrow.", "read"),
        (["publish", "--ttl", "2"], "Error: --ttl: The duration 2 is not valid; use a number followed by s, m, h or d, like 90s, 15m, 12h or 7d.", "publish"),
        (["publish", "--ttl", "30m", "--stale-after", "2h"], "Error: The soft expiry (--stale-after) must not be longer than the hard expiry (--ttl).", "publish"),
        (["publish", "-", "--stale-after=2h", "--ttl=30m"], "Error: The soft expiry (--stale-after) must not be longer than the hard expiry (--ttl).", "publish"),
    ]

    @Test(arguments: usageErrors)
    func aBadOptionValueIsAUsageErrorWithTheSubcommandsUsage(_ arguments: [String], sentence: String, subcommand: String) async throws {
        try await EndToEndHome.with { home in
            try await home.login()
            let before = try home.files()
            let output = try await home.bridgectl(arguments)
            #expect(output.status == 64, "\(output)")
            #expect(output.stdout.isEmpty, "\(output)")
            let lines = output.stderrLines
            #expect(lines.count == 3, "\(output)")
            #expect(lines.first.map(String.init) == sentence, "\(output)")
            #expect(lines.dropFirst().first?.hasPrefix("Usage: bridgectl \(subcommand) ") == true, "\(output)")
            #expect(lines.last.map(String.init) == "  See 'bridgectl \(subcommand) --help' for more information.", "\(output)")
            #expect(try home.files() == before, "a usage error changes nothing")
        }
    }

    @Test func loginToAStoreNobodyRegisteredIsAUsageErrorListingTheKindsAndMakesNoHome() async throws {
        try await EndToEndHome.with { home in
            let output = try await home.bridgectl(
                ["login", "--user", "alice", "--passcode-stdin", "--keychain", "secret-servise"], standardInput: EndToEndHome.passcode + "\n")
            #expect(output.status == 64, "\(output)")
            #expect(output.stdout.isEmpty, "\(output)")
            let lines = output.stderrLines
            #expect(lines.count == 3, "\(output)")
            #expect(lines.first.map(String.init) == "Error: --keychain: No keychain store kind named `secret-servise` is registered in this process; the registered kinds are files, secret-service and tpm.", "\(output)")
            #expect(lines.dropFirst().first?.hasPrefix("Usage: bridgectl login ") == true, "\(output)")
            #expect(lines.last.map(String.init) == "  See 'bridgectl login --help' for more information.", "\(output)")
            #expect(!FileManager.default.fileExists(atPath: home.home), "no home was made, on files or anywhere else")

            // A name it lists works.
            let listed = try await home.bridgectl(
                ["login", "--user", "alice", "--passcode-stdin", "--keychain", "files"], standardInput: EndToEndHome.passcode + "\n")
            #expect(listed.succeeded, "\(listed)")
            #expect(try await home.status().object["keychainStore"] as? String == "files")
        }
    }

    // MARK: Errors that say what to do

    @Test func publishWithTheKeysetDeletedGivesDoctorsFixAndTheFixWorks() async throws {
        try await EndToEndHome.with { home in
            try await home.login()
            try await home.publish(Examples.accounts)
            #expect(unlink(home.path("keychain/keyset")) == 0)
            let refused = try await home.bridgectl("publish", Examples.accounts)
            #expect(refused.status == 1, "\(refused)")
            #expect(refused.stderr == "Error: The keychain file `keyset` is missing; log out and in again for a new keyset: `bridgectl logout; bridgectl login --user ID`.\n", "\(refused)")
            let doctor = try await home.bridgectl("doctor")
            #expect(doctor.stdout.contains("`bridgectl logout; bridgectl login --user alice`"), "the same fix as doctor's, naming the user: \(doctor)")
            // Followed as written.
            #expect(try await home.bridgectl("logout").succeeded)
            try await home.login()
            try await home.publish(Examples.accounts)
            #expect(try await home.read().entries.first?.state == "full")
        }
    }

    @Test func readOfAMistypedHomeSaysSoOnceAndStillRendersThePlaceholder() async throws {
        try await EndToEndHome.with { home in
            try await home.login()
            let typo = home.root.appendingPathComponent("hmoe").path
            for format in ["text", "line"] {
                let output = try await Bridgectl.run(["read", "--home", typo, "--format", format])
                #expect(output.status == 0, "\(output)")
                #expect(output.stdout.contains(format == "line" ? "Log in to see your accounts · bridgectl login" : "Open SecureBridge to set up your widget"), "\(output)")
                #expect(output.stderr == "Warning: There is no SecureBridge home at \(typo); check --home or $BRIDGE_HOME, or run `bridgectl login` to make one there.\n", "\(output)")
            }
            // A home that exists but was never set up is no typo: nothing on stderr.
            let empty = home.root.appendingPathComponent("inputs").path
            let quiet = try await Bridgectl.run(["read", "--home", empty, "--format", "line"])
            #expect(quiet.status == 0 && quiet.stderr.isEmpty, "\(quiet)")
        }
    }

    @Test func verboseReadLogsTheGatesDecisionAndReasonButNoData() async throws {
        try await EndToEndHome.with { home in
            try await home.login()
            try await home.publish(Examples.accounts)
            let shown = try await home.bridgectl("read", "--verbose")
            #expect(shown.status == 0, "\(shown)")
            #expect(shown.stderr.contains("gate decided: content verified and decrypted"), "\(shown)")
            #expect(unlink(home.path("container/snapshot")) == 0)
            let refused = try await home.bridgectl("read", "--verbose", "--format", "line")
            #expect(refused.stderr.contains("gate decided: placeholder") && refused.stderr.contains("reason=no-data"), "\(refused)")
            for output in [shown, refused] {
                for secret in ["4675", "4,675", "Everyday", "DE89", EndToEndHome.passcode] {
                    #expect(!output.stderr.contains(secret), "the log holds no data: \(output)")
                }
            }
        }
    }

    // MARK: Key rotation and the missing snapshot

    @Test func rotationWithTheSnapshotRemovedDestroysTheOldKeyAndDoctorNamesTheMissingFile() async throws {
        try await EndToEndHome.with { home in
            try await home.login()
            try await home.publish(Examples.accounts)
            try await home.publish(Examples.spending)
            #expect(unlink(home.path("container/snapshot")) == 0)
            let rotation = try await home.bridgectl("keys", "rotate")
            #expect(rotation.status == 0, "\(rotation)")
            #expect(rotation.stdout.contains(" destroyed; the container held no snapshot to re-seal"), "\(rotation)")
            #expect(!rotation.stdout.contains("retired"), "\(rotation)")
            let doctor = try await home.bridgectl("doctor")
            #expect(doctor.stdout.contains("container/snapshot is missing, though snapshot 2 was published in this session"), "\(doctor)")
            #expect(!doctor.stdout.contains("no snapshot has been published in this session"), "\(doctor)")
            // The fix it names works: the snapshot is back, sealed under the new key.
            try await home.publish(Examples.accounts)
            #expect(try await home.read().entries.first?.state == "full")
        }
    }

    @Test func aFreshSessionStillSaysNoSnapshotHasBeenPublished() async throws {
        try await EndToEndHome.with { home in
            try await home.login()
            try await home.publish(Examples.accounts)
            #expect(try await home.bridgectl("logout").succeeded)
            try await home.login()
            let doctor = try await home.bridgectl("doctor")
            #expect(doctor.stdout.contains("no snapshot has been published in this session"), "\(doctor)")
            #expect(!doctor.stdout.contains("is missing, though"), "\(doctor)")
        }
    }

    // MARK: Check first, then prompt

    /// Runs `bridgectl ARGUMENTS` on a new pseudo-terminal (its controlling
    /// terminal) without answering anything; what the terminal showed goes
    /// to standard output. A command that asks for a passcode waits until
    /// the 5-second limit kills it (exit 124).
    static let onATerminalAnsweringNothing = """
        import os, pty, select, signal, sys, time
        pid, terminal = pty.fork()
        if pid == 0:
            os.execv(sys.argv[1], sys.argv[1:])
        shown, deadline = b"", time.monotonic() + 5
        while time.monotonic() < deadline:
            if not select.select([terminal], [], [], 0.1)[0]:
                continue
            try:
                chunk = os.read(terminal, 1024)
            except OSError:
                break
            if not chunk:
                break
            shown += chunk
        else:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            sys.stdout.write(shown.decode(errors="replace"))
            sys.exit(124)
        sys.stdout.write(shown.decode(errors="replace"))
        sys.exit(os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]))
        """

    static func onATerminal(_ arguments: [String]) async throws -> Bridgectl.Output {
        try await Bridgectl.run(arguments, unsetting: [], launcher: ["/usr/bin/python3", "-c", onATerminalAnsweringNothing])
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")))
    func unlockAfterLogoutSaysNoUserIsLoggedInWithoutAsking() async throws {
        try await EndToEndHome.with { home in
            try await home.login()
            #expect(try await home.bridgectl("logout").succeeded)
            let output = try await Self.onATerminal(["unlock", "--home", home.home])
            #expect(output.status == 1, "\(output)")
            #expect(!output.stdout.contains("Passcode"), "no prompt: \(output)")
            #expect(output.stdout.contains("Error: No user is logged in; run `bridgectl login --user alice` first."), "the last user: \(output)")
        }
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")))
    func loginWhileASessionIsLiveRefusesWithoutAsking() async throws {
        try await EndToEndHome.with { home in
            try await home.login()
            let before = try home.files()
            let output = try await Self.onATerminal(["login", "--user", "bob", "--home", home.home])
            #expect(output.status == 1, "\(output)")
            #expect(!output.stdout.contains("passcode"), "no prompt: \(output)")
            #expect(output.stdout.contains("Error: User alice is already logged in; run `bridgectl logout` first."), "\(output)")
            #expect(try home.files() == before)
        }
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")))
    func theNewPasscodePromptSaysTheRuleBeforeItIsTyped() async throws {
        try await EndToEndHome.with { home in
            let output = try await Self.onATerminal(["login", "--user", "alice", "--home", home.home])
            #expect(output.status == 124, "it waits for the passcode: \(output)")
            #expect(output.stdout == "Choose a passcode (at least 4 characters): ", "\(output)")
        }
    }
}
