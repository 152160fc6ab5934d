import Foundation
import Synchronization
import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp
@testable import SecureBridgeFollow
@testable import SecureBridgeTestSupport

/// A follower follows the keychain's store as a one-shot read sees it, for
/// stores kept in memory (`ReadFollowKeychainTests` runs `read --follow`
/// against a real GNOME Keyring).
@Suite(.serialized) struct FollowerKeychainTests {
    /// Logs in with the keychain kept in `kind`, publishes, and follows the
    /// balance widget with the keychain watched; only the watch wakes it.
    private static func followPublishedHome(_ fixture: BridgeFixture, keptIn kind: KeychainStoreKind) throws -> RunningFollower {
        try fixture.app.login(
            user: "alice", passcode: fixture.passcode, sessionLength: .seconds(7 * 86400), keychain: kind, now: fixture.start)
        try fixture.app.publish(BridgeFixture.accounts, staleAfter: .seconds(3600), expiresAfter: .seconds(86400), now: fixture.start)
        let request = try WidgetRequest(kind: .balance, family: .systemMedium, localeIdentifier: "en_US")
        return RunningFollower(
            TimelineFollower(reader: fixture.widget, request: request, clock: TestClock(fixture.start)),
            source: PollingWakeUps(interval: .seconds(3600)), keychain: KeychainWatch(home: fixture.home))
    }

    /// A store that says nothing when it locks is asked again every
    /// `recheckInterval` (a second): its follower masks without any
    /// file changing, and shows the amounts again when the store is back.
    @Test(.timeLimit(.minutes(1))) func aStoreWithoutNotificationsIsAskedOnATimer() async throws {
        let fixture = try BridgeFixture()
        var follower = try Self.followPublishedHome(fixture, keptIn: SwitchableStore.kind)
        #expect(try #require(await follower.next()).entries.first?.state == .full)

        SwitchableStore.reachable.withLock { $0 = false }
        let unavailable = try #require(await follower.next())
        #expect(unavailable.entries.first?.reason == .keychainUnavailable)
        #expect(unavailable.entries.allSatisfy { $0.accounts.isEmpty })

        SwitchableStore.reachable.withLock { $0 = true }
        #expect(try #require(await follower.next()).entries.first?.state == .full)
        follower.task.cancel()
        try await follower.task.value
    }
}

extension FollowerKeychainTests {
    /// A store that asks to be checked less often (the TPM's every 10 s) is
    /// not asked in between: locked meanwhile, the watch has not seen it.
    @Test(.timeLimit(.minutes(1))) func aStoreIsAskedAtItsOwnInterval() async throws {
        let fixture = try BridgeFixture()
        SwitchableStore.interval.withLock { $0 = .seconds(60) }
        defer { SwitchableStore.interval.withLock { $0 = .seconds(1) } }
        try fixture.app.login(
            user: "alice", passcode: fixture.passcode, sessionLength: .seconds(86400), keychain: SwitchableStore.kind, now: fixture.start)
        let watch = KeychainWatch(home: fixture.home)
        let asked = SwitchableStore.checks.withLock { $0 }
        SwitchableStore.reachable.withLock { $0 = false }
        defer { SwitchableStore.reachable.withLock { $0 = true } }
        try await Task.sleep(for: .milliseconds(2500))
        #expect(SwitchableStore.checks.withLock { $0 } == asked, "not asked within its interval")
        #expect(watch.state == .reachable)
    }
}

extension FollowerKeychainTests {
    /// A store whose notifications end (its connection lost) fails closed:
    /// the follower shows `keychain-unavailable` although the store itself
    /// would still answer, until notifications are had again.
    @Test(.timeLimit(.minutes(1))) func aStoreWhoseNotificationsEndShowsNoAmountUntilTheyAreBack() async throws {
        let fixture = try BridgeFixture()
        var follower = try Self.followPublishedHome(fixture, keptIn: NotifyingStore.kind)
        #expect(try #require(await follower.next()).entries.first?.state == .full)

        NotifyingStore.endStreams(andRefuseNew: true)
        let lost = try #require(await follower.next())
        #expect(lost.entries.first?.reason == .keychainUnavailable, "fails closed: \(lost.entries.first.map { "\($0.reason as Any)" } ?? "")")
        #expect(lost.entries.allSatisfy { $0.accounts.isEmpty })

        NotifyingStore.refusing.withLock { $0 = false }  // the next try (within a second) gets a stream again
        #expect(try #require(await follower.next()).entries.first?.state == .full)
        follower.task.cancel()
        try await follower.task.value
    }
}

/// A keychain store in memory that notifies: its streams end when the test
/// says (a lost connection), and while `refusing` none can be had.
private final class NotifyingStore: KeychainStore, @unchecked Sendable {
    private static let items = Mutex<[String: [UInt8]]>([:])
    private static let sinks = Mutex<[AsyncStream<Void>.Continuation]>([])
    static let refusing = Mutex(false)

    static let kind: KeychainStoreKind = {
        let kind = KeychainStoreKind(name: "notifying-test-store", whereKept: "in the test's memory") { _ in NotifyingStore() }
        KeychainStoreKind.register(kind)
        return kind
    }()

    static func endStreams(andRefuseNew refuse: Bool) {
        refusing.withLock { $0 = refuse }
        for sink in sinks.withLock({ sinks in defer { sinks.removeAll() }; return sinks }) { sink.finish() }
    }

    func reachabilityChanges() throws -> AsyncStream<Void>? {
        guard !Self.refusing.withLock({ $0 }) else { throw Refused() }
        let (stream, sink) = AsyncStream.makeStream(of: Void.self)
        Self.sinks.withLock { $0.append(sink) }
        return stream
    }

    private struct Refused: Error {}

    func read(_ item: KeychainItem) throws -> SecureBytes? {
        Self.items.withLock { $0[item.name] }.map { SecureBytes(copying: $0) }
    }

    func write(_ item: KeychainItem, _ bytes: SecureBytes) throws {
        Self.items.withLock { $0[item.name] = bytes.withUnsafeBytes { Array($0) } }
    }

    func delete(_ item: KeychainItem) throws {
        _ = Self.items.withLock { $0.removeValue(forKey: item.name) }
    }

    func checkReachable() throws {}
}

/// A keychain store in memory that the test makes unreachable, and that
/// sends no notification when it does (`reachabilityChanges()` is the default).
private final class SwitchableStore: KeychainStore, @unchecked Sendable {
    static let reachable = Mutex(true)
    static let interval = Mutex(Duration.seconds(1))
    static let checks = Mutex(0)
    private static let items = Mutex<[String: [UInt8]]>([:])

    static let kind: KeychainStoreKind = {
        let kind = KeychainStoreKind(name: "switchable-test-store", whereKept: "in the test's memory") { _ in SwitchableStore() }
        KeychainStoreKind.register(kind)
        return kind
    }()

    private func reach() throws {
        guard Self.reachable.withLock({ $0 }) else {
            throw KeychainStoreError.unavailable(store: Self.kind, reason: Unreachable())
        }
    }

    private struct Unreachable: Error {}

    func read(_ item: KeychainItem) throws -> SecureBytes? {
        try reach()
        return Self.items.withLock { $0[item.name] }.map { SecureBytes(copying: $0) }
    }

    func write(_ item: KeychainItem, _ bytes: SecureBytes) throws {
        try reach()
        Self.items.withLock { $0[item.name] = bytes.withUnsafeBytes { Array($0) } }
    }

    func delete(_ item: KeychainItem) throws {
        try reach()
        _ = Self.items.withLock { $0.removeValue(forKey: item.name) }
    }

    func checkReachable() throws {
        Self.checks.withLock { $0 += 1 }
        try reach()
    }

    var recheckInterval: Duration { Self.interval.withLock { $0 } }
}
