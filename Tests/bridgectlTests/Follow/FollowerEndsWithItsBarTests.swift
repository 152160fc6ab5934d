import Foundation
import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp
@testable import SecureBridgeFollow

#if canImport(Glibc)
import Glibc
@testable import SecureBridgeTestSupport

/// Issue 26, fault 3: a follower outlives its bar. `read --follow` must end,
/// with status 0 and nothing said, as soon as nobody reads its standard
/// output, or its parent has exited, with no publish to make it write.
/// The real `bridgectl`, started by a real shell.
@Suite(.timeLimit(.minutes(1))) struct FollowerEndsWithItsBarTests {
    /// How long a follower may take to notice; the issue's "a second or two", with room for a loaded machine.
    static let patience: TimeInterval = 5

    static let follow = ["read", "--follow", "--format", "line", "--ignore-desktop-lock"]

    /// The follower writes into a pipe that `head -n 1` reads: once head has
    /// its line and exits, nobody reads the pipe. `timeout` ends a follower
    /// that never notices, so the test fails on its status instead of hanging.
    @Test func aFollowerWhoseReaderIsGoneExitsAtOnce() async throws {
        let fixture = try BridgeFixture.live()
        let child = try Bridgectl.start(
            Self.follow + ["--home", fixture.root],
            launcher: ["/bin/bash", "-c", #"timeout 20 "$0" "$@" | head -n 1; exit ${PIPESTATUS[0]}"#])
        let line = try #require(await child.readLine(), "the first line, through head")
        #expect(line.contains("€"), "\(line)")
        let headLeft = Date()
        let end = await child.finish()
        let took = Date().timeIntervalSince(headLeft)
        #expect(end.status == 0, "exit 0 when the reader is gone (124: still running when timeout ended it): \(end)")
        #expect(end.stderr.isEmpty, "nothing said: \(end.stderr)")
        #expect(took < Self.patience, "the follower took \(took) s to notice")
    }

    /// Nobody reads from the start: the first write fails with EPIPE (or the
    /// watch sees the closed pipe first); either way, exit 0, silently.
    @Test func aFollowerWithNoReaderAtAllExitsZero() async throws {
        let fixture = try BridgeFixture.live()
        let child = try Bridgectl.start(
            Self.follow + ["--home", fixture.root],
            launcher: ["/bin/bash", "-c", #"timeout 20 "$0" "$@" | true; exit ${PIPESTATUS[0]}"#])
        let end = await child.finish()
        #expect(end.status == 0, "\(end)")
        #expect(end.stderr.isEmpty, "\(end.stderr)")
    }

    /// Without a home the follower prints its placeholder and waits; it too ends with its reader.
    @Test func aFollowerWithoutAHomeEndsWithItsReaderToo() async throws {
        let child = try Bridgectl.start(
            ["read", "--follow", "--format", "line"], unsetting: ["BRIDGE_HOME", "HOME", "XDG_DATA_HOME"],
            launcher: ["/bin/bash", "-c", #"timeout 20 "$0" "$@" | head -n 1; exit ${PIPESTATUS[0]}"#])
        #expect(try #require(await child.readLine()) == "Log in to see your accounts · bridgectl login")
        let end = await child.finish()
        #expect(end.status == 0, "\(end)")
    }

    /// The follower's parent, a shell, is killed; the follower's output still
    /// has a reader (this test), so only the parent's exit can end it.
    @Test func aFollowerWhoseParentIsKilledExits() async throws {
        let fixture = try BridgeFixture.live()
        let child = try Bridgectl.start(
            Self.follow + ["--home", fixture.root], launcher: ["/bin/sh", "-c", #""$0" "$@" & echo "$!"; wait"#])
        let lines = [try #require(await child.readLine()), try #require(await child.readLine())]
        let follower = try #require(lines.compactMap { pid_t($0) }.first, "the follower's pid: \(lines)")
        #expect(lines.contains { $0.contains("€") }, "the follower's first line: \(lines)")
        #expect(Self.isRunning(follower))

        child.send(SIGKILL)
        let killed = Date()
        while Self.isRunning(follower), Date().timeIntervalSince(killed) < Self.patience {
            try await Task.sleep(for: .milliseconds(50))
        }
        let took = Date().timeIntervalSince(killed)
        let survived = Self.isRunning(follower)
        if survived { kill(follower, SIGKILL) }
        #expect(!survived, "the follower outlived its parent by \(took) s")
        let end = await child.finish()
        #expect(end.stderr.isEmpty, "nothing said: \(end.stderr)")
    }

    /// The follower's parent, a shell, exits at once, before the follower
    /// has watched anything; its output is a file, which never hangs up, so
    /// only seeing that its parent is gone can end it.
    @Test func aFollowerWhoseParentIsGoneBeforeItWatchesExits() async throws {
        let fixture = try BridgeFixture.live()
        let output = fixture.root + "/follow-output"
        let child = try Bridgectl.start(
            Self.follow + ["--home", fixture.root], setting: ["OUTPUT": output],
            launcher: ["/bin/sh", "-c", #""$0" "$@" >"$OUTPUT" 2>&1 </dev/null & echo "$!""#])
        let follower = try #require(await child.readLine().flatMap { pid_t($0) }, "the follower's pid")
        let started = Date()
        while Self.isRunning(follower), Date().timeIntervalSince(started) < Self.patience {
            try await Task.sleep(for: .milliseconds(50))
        }
        let survived = Self.isRunning(follower)
        if survived { kill(follower, SIGKILL) }
        #expect(!survived, "the follower outlived its parent by \(Date().timeIntervalSince(started)) s")
        await child.finish()
    }

    /// Whether `pid` is a process that has not ended (a zombie has ended).
    static func isRunning(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return false }
        return !stat[stat.index(after: close)...].hasPrefix(" Z")
    }
}

/// Issue 27, item 2: the follower printed the same line again on every
/// publish of unchanged content. Output that renders the same is printed once.
@Suite(.timeLimit(.minutes(1))) struct FollowerPrintsOnlyWhatChangedTests {
    @Test(arguments: ["waybar", "line"]) func unchangedPublishesPrintNothingAndAChangePrintsALine(_ format: String) async throws {
        let fixture = try BridgeFixture.live()
        let child = try Bridgectl.start(["read", "--follow", "--format", format, "--ignore-desktop-lock", "--home", fixture.root])
        let first = try #require(await child.readLine(), "the first line")
        #expect(first.contains("4,675.00"), "\(first)")

        for _ in 1...3 {
            try fixture.app.publish(BridgeFixture.accounts, staleAfter: .seconds(3600), expiresAfter: .seconds(24 * 3600), now: Date())
            // Longer than the follower's settle time, so each publish is a wake-up of its own.
            try await Task.sleep(for: .milliseconds(400))
        }
        try fixture.app.publish(BridgeFixture.otherAccounts, staleAfter: .seconds(3600), expiresAfter: .seconds(24 * 3600), now: Date())
        let next = try #require(await child.readLine(), "a line after the change")
        #expect(next.contains("1.00") && !next.contains("4,675.00"), "the changed line, no repeat before it: \(next)")

        child.send(SIGTERM)
        let end = await child.finish()
        #expect(end.status == 0)
        #expect(end.stdout.isEmpty, "nothing else: \(end.stdout)")
    }

    /// The same rule on its own: three identical renderings write one line, a new one another.
    @Test func theOutputWritesOnlyWhatDiffersFromTheLastLine() throws {
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]) }
        var output = FollowOutput(.init(rawValue: ends[1]))
        #expect(try output.print("Everyday €4,675.00"))
        #expect(try !output.print("Everyday €4,675.00"))
        #expect(try !output.print("Everyday €4,675.00"))
        #expect(try output.print("Everyday •••• · locked"))
        #expect(try output.print("Everyday €4,675.00"), "a change back is a change")
        close(ends[1])
        var bytes = [UInt8](repeating: 0, count: 4096)
        let count = read(ends[0], &bytes, bytes.count)
        #expect(String(decoding: bytes[..<max(count, 0)], as: UTF8.self)
            == "Everyday €4,675.00\nEveryday •••• · locked\nEveryday €4,675.00\n")
    }
}
#endif
