import CTestSupport
import Foundation
import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp
@testable import SecureBridgeFollow
@testable import SecureBridgeTestSupport

/// Issue 11, item 10: `read --follow` notices a lock however the container
/// changed around it: the reload token deleted, replaced by a directory, or
/// left alone while a new auth status lands. A masked line must arrive within
/// seconds (inotify, or polling once a second once the watch is lost), long
/// before the timeline's next date (an hour away).
@Suite(.timeLimit(.minutes(2))) struct FollowReactsToAnyChangeTests {
    /// The longest a change may take to show: generous, for a machine busy
    /// with the other suites, and still far below the hour to the next date.
    static let patience: TimeInterval = 20

    /// Starts `read --follow --format json` on `fixture` and checks the first line shows amounts.
    static func follow(_ fixture: BridgeFixture) async throws -> Bridgectl.Child {
        let child = try Bridgectl.start(["read", "--follow", "--format", "json", "--home", fixture.root])
        let first = try #require(await child.readLine(), "the first timeline")
        #expect(state(of: first) == "full", "\(first)")
        return child
    }

    /// The first entry's state (`full`, `masked` or `placeholder`) of a JSON timeline line.
    static func state(of line: String) -> String? {
        let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
        return ((object?["entries"] as? [[String: Any]])?.first)?["state"] as? String
    }

    /// Expects a masked line within `patience`, and before it no line that
    /// shows amounts (a placeholder may come first: a lock raises the keychain
    /// mark before its record lands); then stops the follower.
    static func expectMaskedLine(from child: Bridgectl.Child) async {
        let started = Date()
        var line = await child.readLine()
        while let shown = line, state(of: shown) == "placeholder", Date().timeIntervalSince(started) < patience {
            line = await child.readLine()
        }
        let waited = Date().timeIntervalSince(started)
        #expect(line.map(state(of:)) == "masked", "\(line ?? "no line")")
        #expect(waited < patience, "the masked line took \(waited) s")
        child.send(SIGTERM)
        let end = await child.finish()
        #expect(end.status == 0, "\(end)")
    }

    @Test func aLockAfterTheTokenBecameADirectoryIsSeen() async throws {
        let fixture = try BridgeFixture.live()
        let child = try await Self.follow(fixture)
        let token = fixture.path(.container, "reload-token")
        #expect(unlink(token) == 0 && mkdir(token, 0o700) == 0)
        // The lock's own token write fails on the directory; its auth status has landed by then.
        _ = try? fixture.app.lock(now: Date())
        await Self.expectMaskedLine(from: child)
    }

    @Test func aLockAfterTheTokenWasDeletedIsSeen() async throws {
        let fixture = try BridgeFixture.live()
        let child = try await Self.follow(fixture)
        #expect(unlink(fixture.path(.container, "reload-token")) == 0)
        try await Task.sleep(for: .milliseconds(200))
        try fixture.app.lock(now: Date())
        await Self.expectMaskedLine(from: child)
    }

    @Test func aNewAuthStatusWithoutANewTokenIsSeen() async throws {
        let fixture = try BridgeFixture.live()
        // Lock a copy of the home (same keys), then bring only its auth status over.
        let copy = try BridgeFixture()
        for place in StoragePlace.allCases {
            try FileManager.default.copyItem(atPath: fixture.home.path(for: place).string, toPath: copy.home.path(for: place).string)
        }
        try BridgeApp(home: copy.home).lock(now: Date())
        let locked = try copy.bytes(.container, "auth-status")
        let child = try await Self.follow(fixture)
        let token = try fixture.bytes(.container, "reload-token")
        let staged = fixture.root + "/auth-status.new"
        #expect(FileManager.default.createFile(atPath: staged, contents: Data(locked), attributes: [.posixPermissions: 0o600]))
        #expect(rename(staged, fixture.path(.container, "auth-status")) == 0)
        await Self.expectMaskedLine(from: child)
        #expect(try fixture.bytes(.container, "reload-token") == token)
    }

    @Test func withoutAWatchItLooksAtLeastOnceASecond() throws {
        let fixture = try BridgeFixture()  // nothing to watch yet
        let source = try #require(ContainerWatch.wakeUps(for: fixture.home) as? PollingWakeUps)
        #expect(source.interval <= .seconds(1))
    }

    @Test func aLockAfterTheContainerWasReplacedIsSeen() async throws {
        let fixture = try BridgeFixture.live()
        let child = try await Self.follow(fixture)
        // The watched directory goes away; an identical one takes its place,
        // in one step (an exchange of the two names), so the follower never
        // reads a container half copied and shows its amounts again.
        let container = fixture.home.container.string
        let copy = fixture.root + "/container.copy"
        try FileManager.default.copyItem(atPath: container, toPath: copy)
        #expect(securebridge_exchange_paths(copy, container) == 0)
        let token = fixture.path(.container, "reload-token")
        #expect(unlink(token) == 0 && mkdir(token, 0o700) == 0)
        _ = try? fixture.app.lock(now: Date())
        await Self.expectMaskedLine(from: child)
    }
}
