import Foundation
import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp
@testable import SecureBridgeTestSupport

/// Pre-scheduled transitions and the reload policy.
@Suite struct TimelineScheduleTests {
    typealias F = TimelineFixtures

    private func timeline(_ content: VerifiedContent, _ request: WidgetRequest = F.request()) -> BridgeTimeline {
        WidgetTimeline.timeline(for: .content(content), request: request, now: F.now)
    }

    @Test func everyTransitionWithinADayIsScheduledInOrder() {
        let content = F.content()
        let result = timeline(content)
        #expect(result.entries.map(\.date) == [F.now, content.staleAt, content.expiresAt, content.sessionExpiresAt])
        #expect(result.entries.map(\.state) == [.full, .full, .masked, .loginPrompt])
        #expect(result.entries.map(\.reason) == [nil, .stale, .expired, .sessionExpired])
        #expect(result.policy == .after(F.now + 30 * 60))
    }

    @Test func transitionsBeyondTwentyFourHoursAreNotScheduled() {
        let content = F.content(staleAt: F.now + 23 * 3600, expiresAt: F.now + 24 * 3600 + 1, sessionExpiresAt: F.now + 48 * 3600)
        let result = timeline(content)
        #expect(result.entries.map(\.date) == [F.now, F.now + 23 * 3600])
    }

    @Test func aTransitionExactlyTwentyFourHoursAheadIsScheduled() {
        let content = F.content(staleAt: F.now + 24 * 3600, expiresAt: F.now + 30 * 3600, sessionExpiresAt: F.now + 40 * 3600)
        #expect(timeline(content).entries.map(\.date) == [F.now, F.now + 24 * 3600])
    }

    @Test func policyIsTheNextTransitionWhenItComesBeforeTheRefresh() {
        let content = F.content(staleAt: F.now + 600)
        #expect(timeline(content).policy == .after(F.now + 600))
    }

    @Test func policyIsTheRefreshIntervalWhenItComesFirst() {
        let content = F.content(staleAt: F.now + 3600)
        #expect(timeline(content, F.request(refresh: .seconds(900))).policy == .after(F.now + 900))
    }

    @Test(arguments: [false, true])
    func policyIsTheSessionEndWhenItComesFirst(locked: Bool) {
        // Stale, expiry and the refresh all come later: only the session's end can bound the policy.
        let content = F.content(staleAt: F.now + 2 * 3600, expiresAt: F.now + 3 * 3600, sessionExpiresAt: F.now + 1200, isLocked: locked)
        #expect(timeline(content, F.request(refresh: .seconds(3600))).policy == .after(F.now + 1200))
    }

    @Test func policyUsesATransitionBeyondTheHorizon() {
        let content = F.content(staleAt: F.now + 30 * 3600, expiresAt: F.now + 40 * 3600, sessionExpiresAt: F.now + 50 * 3600)
        let result = timeline(content, F.request(refresh: .seconds(7 * 24 * 3600)))
        #expect(result.entries.count == 1)
        #expect(result.policy == .after(F.now + 30 * 3600))
    }

    @Test func nothingIsScheduledAfterTheSessionEnds() {
        let content = F.content(staleAt: F.now + 2 * 3600, expiresAt: F.now + 3 * 3600, sessionExpiresAt: F.now + 3600)
        let result = timeline(content)
        #expect(result.entries.map(\.date) == [F.now, F.now + 3600])
        #expect(result.entries.last?.reason == .sessionExpired)
        #expect(result.entries.last?.accounts.isEmpty == true)
    }

    @Test func transitionsThatChangeNothingAreSkipped() {
        let result = timeline(F.content(isLocked: true))
        #expect(result.entries.map(\.reason) == [.locked, .sessionExpired])
        #expect(result.entries.map(\.date) == [F.now, F.now + 20 * 3600])
    }

    @Test func transitionsThatChangeOnlyTheReasonAreScheduled() {
        let result = timeline(F.content(hidesBalances: true))
        #expect(result.entries.map(\.state) == [.masked, .masked, .loginPrompt])
        #expect(result.entries.map(\.reason) == [.hidden, .expired, .sessionExpired])
    }

    @Test func transitionsAtOrBeforeNowAreNotScheduled() {
        let content = F.content(staleAt: F.now - 3600, expiresAt: F.now)
        let result = timeline(content)
        #expect(result.entries.allSatisfy { $0.date >= F.now })
        #expect(result.entries.map(\.reason) == [.expired, .sessionExpired])
    }

    @Test func coincidingTransitionsGiveOneEntry() {
        let same = F.now + 3600
        let result = timeline(F.content(staleAt: same, expiresAt: same, sessionExpiresAt: F.now + 5 * 3600))
        #expect(result.entries.map(\.date) == [F.now, same, F.now + 5 * 3600])
        #expect(result.entries[1].reason == .expired)
    }

    @Test func scheduledEntriesEqualTheEntryComputedForTheirDate() {
        let content = F.content(hidesBalances: false)
        let request = F.request(.balance, .systemLarge)
        for entry in timeline(content, request).entries {
            #expect(entry == WidgetTimeline.entry(for: content, request: request, at: entry.date))
        }
    }

    @Test func entriesStrictlyIncreaseInDate() {
        let dates = timeline(F.content()).entries.map(\.date)
        #expect(zip(dates, dates.dropFirst()).allSatisfy { $0 < $1 })
    }

    @Test func noDataContentStillSchedulesTheSessionEnd() {
        let result = timeline(F.content(), F.request(account: "closed-account"))
        #expect(result.entries.map(\.reason) == [.noData, .sessionExpired])
        #expect(result.policy == .after(F.now + 30 * 60))
    }

    @Test func lastUpdatedIsRelativeToEachEntry() {
        let entries = timeline(F.content()).entries
        #expect(entries[0].lastUpdated?.relative == "5 min ago")
        #expect(entries[0].lastUpdated?.absolute == "2026-11-21T15:55:00Z")
        #expect(entries[1].lastUpdated?.relative == "4 h ago")
        #expect(entries[2].lastUpdated?.relative == "12 h ago")
    }
}

/// WidgetKit's quick preview entry.
@Suite struct WidgetSnapshotTests {
    typealias F = TimelineFixtures

    @Test func snapshotIsTheTimelinesFirstEntry() {
        let request = F.request(.balance, .systemSmall)
        for result in [GateResult.content(F.content()), .content(F.content(isLocked: true)), .refused(.tampered)] {
            let timeline = WidgetTimeline.timeline(for: result, request: request, now: F.now)
            #expect(WidgetTimeline.snapshot(for: result, request: request, now: F.now) == timeline.entries.first)
        }
    }
}
