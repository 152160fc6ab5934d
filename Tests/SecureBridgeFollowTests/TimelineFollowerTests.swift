import Foundation
import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp
@testable import SecureBridgeFollow
@testable import SecureBridgeTestSupport

@Suite struct TimelineFollowerTests {
    static let request = try! WidgetRequest(kind: .balance, family: .systemMedium, localeIdentifier: "en_US", refreshInterval: WidgetRequest.maximumRefreshInterval)

    @Test func aPublishGivesANewTimelineAndTheSameDataAgainGivesNone() async throws {
        let fixture = try BridgeFixture()
        try fixture.loginAndPublish()
        let clock = TestClock(fixture.start)
        let source = ScriptedWakeUps()
        var waits = source.waits.makeAsyncIterator()
        var follower = RunningFollower(
            TimelineFollower(reader: fixture.widget, request: Self.request, clock: clock), source: source)

        let first = try #require(await follower.next())
        #expect(first.firstAccountIDs == ["acc-main", "acc-usd"])
        _ = await waits.next()

        try fixture.app.publish(BridgeFixture.otherAccounts, staleAfter: .seconds(3600), expiresAfter: .seconds(86400), now: fixture.start)
        await source.send(.containerChanged)
        let second = try #require(await follower.next())
        #expect(second.firstAccountIDs == ["acc-main"])
        _ = await waits.next()

        let receipt = try fixture.app.publish(
            BridgeFixture.otherAccounts, staleAfter: .seconds(3600), expiresAfter: .seconds(86400), now: fixture.start)
        #expect(!receipt.timelineChanged)
        await source.send(.containerChanged)
        _ = await waits.next()  // it looked, found the same token, and waits again

        await source.stop()
        try await follower.task.value
        #expect(await follower.next() == nil, "no timeline after the unchanged publish")
    }

    /// The wall clock set past the stale date (a resume from suspend, a
    /// clock corrected forward) is seen at once: nothing wakes the source,
    /// whose timeout of an hour would still be running.
    @Test(.timeLimit(.minutes(1))) func aClockSetPastABoundaryIsSeenWithoutWaitingOutTheTimer() async throws {
        let fixture = try BridgeFixture()
        try fixture.loginAndPublish()  // stale after 1 h
        let clock = TestClock(fixture.start)
        let source = ScriptedWakeUps()
        var waits = source.waits.makeAsyncIterator()
        var follower = RunningFollower(
            TimelineFollower(reader: fixture.widget, request: Self.request, clock: clock), source: source)
        #expect(try #require(await follower.next()).entries.first?.reason == nil)
        #expect(await waits.next() == .seconds(3600))

        clock.set(fixture.start + 2 * 3600)
        let stale = try #require(await follower.next())
        #expect(stale.entries.first?.reason == .stale, "the stale entry, with no wake-up from the source")

        await source.stop()
        try await follower.task.value
    }

    @Test func theReloadDateGivesTheNextStateAndTheNextTimeout() async throws {
        let fixture = try BridgeFixture()
        try fixture.loginAndPublish()  // stale after 1 h, expires after 24 h, session 7 d
        let clock = TestClock(fixture.start)
        let source = ScriptedWakeUps()
        var waits = source.waits.makeAsyncIterator()
        var follower = RunningFollower(
            TimelineFollower(reader: fixture.widget, request: Self.request, clock: clock), source: source)

        #expect(try #require(await follower.next()).entries.first?.reason == nil)
        #expect(await waits.next() == .seconds(3600))

        clock.set(fixture.start + 3600)
        await source.send(.deadlineReached)
        let stale = try #require(await follower.next())
        #expect(stale.entries.first?.state == .full)
        #expect(stale.entries.first?.reason == .stale)
        #expect(await waits.next() == .seconds(23 * 3600))

        await source.stop()
        try await follower.task.value
    }

    @Test func aLoggedOutWidgetWaitsWithoutTimeoutUntilLogin() async throws {
        let fixture = try BridgeFixture()
        let clock = TestClock(fixture.start)
        let source = ScriptedWakeUps()
        var waits = source.waits.makeAsyncIterator()
        var follower = RunningFollower(
            TimelineFollower(reader: fixture.widget, request: Self.request, clock: clock), source: source)

        #expect(try #require(await follower.next()).entries.first?.reason == .notOnboarded)
        #expect(await waits.next() == .some(nil), "policy never: only the reload token can wake it")

        try fixture.loginAndPublish()
        await source.send(.containerChanged)
        #expect(try #require(await follower.next()).entries.first?.state == .full)

        await source.stop()
        try await follower.task.value
    }

    @Test func reloadDateIsThePolicysDate() throws {
        let entry = WidgetTimeline.placeholder(for: Self.request, at: Date(timeIntervalSince1970: 100))
        func timeline(_ policy: ReloadPolicy) -> BridgeTimeline {
            BridgeTimeline(kind: .balance, family: .systemMedium, entries: [entry], policy: policy)
        }
        #expect(TimelineFollower.reloadDate(of: timeline(.after(Date(timeIntervalSince1970: 500)))) == Date(timeIntervalSince1970: 500))
        #expect(TimelineFollower.reloadDate(of: timeline(.atEnd)) == Date(timeIntervalSince1970: 100))
        #expect(TimelineFollower.reloadDate(of: timeline(.never)) == nil)
    }

    /// A publish wakes the follower, through inotify and through polling;
    /// cancelling ends it (for inotify, through the pipe that wakes its blocked poll(2)).
    @Test(.timeLimit(.minutes(1)), arguments: [false, true])
    func aPublishIsSeen(polling: Bool) async throws {
        let fixture = try BridgeFixture()
        try fixture.loginAndPublish()
        let source = ContainerWatch.wakeUps(for: fixture.home, polling: polling, interval: .milliseconds(10))
        #expect(polling ? source is PollingWakeUps : source is InotifyWatch)
        let clock = TestClock(fixture.start)
        var follower = RunningFollower(
            TimelineFollower(reader: fixture.widget, request: Self.request, clock: clock), source: source)
        #expect(try #require(await follower.next()).firstAccountIDs.count == 2)

        try fixture.app.publish(BridgeFixture.otherAccounts, staleAfter: .seconds(3600), expiresAfter: .seconds(86400), now: fixture.start)
        #expect(try #require(await follower.next()).firstAccountIDs == ["acc-main"])

        follower.task.cancel()
        try await follower.task.value
        #expect(await follower.next() == nil)
    }

    /// The follower's clock and the watch's timeout end at the same instant,
    /// so the watch is often cancelled just after its wait has ended: that
    /// cancel must not end the next wait (a follower once stopped there, silently).
    @Test(.timeLimit(.minutes(1))) func aCancelThatCameAfterItsWaitEndedDoesNotEndTheNextWait() async throws {
        let fixture = try BridgeFixture()
        try fixture.loginAndPublish()
        let watch = try #require(ContainerWatch.wakeUps(for: fixture.home) as? InotifyWatch)
        watch.handles.interrupt()
        #expect(try await watch.next(timeout: .milliseconds(20)) == .deadlineReached)

        let waiting = Task { try await watch.next(timeout: nil) }
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
    }

    @Test func aMissingContainerFallsBackToPolling() throws {
        let fixture = try BridgeFixture()
        #expect(ContainerWatch.wakeUps(for: fixture.home) is PollingWakeUps)
    }

    @Test func pollingReportsTheTimeoutOnlyWhenItComesFirst() async throws {
        let polling = PollingWakeUps(interval: .milliseconds(1))
        #expect(try await polling.next(timeout: .zero) == .deadlineReached)
        #expect(try await polling.next(timeout: .seconds(3600)) == .containerChanged)
        #expect(try await polling.next(timeout: nil) == .containerChanged)
    }
}
