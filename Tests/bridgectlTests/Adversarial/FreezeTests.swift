import Foundation
import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp
@testable import SecureBridgeTestSupport

/// Attack 3: the app stops publishing (or an attacker keeps serving the
/// last snapshot) and the clock is set back. The published home has a 1 h
/// soft and a 24 h hard TTL and a 7-day session.
@Suite struct FreezeTests {
    static let request = WidgetRequest(kind: .balance, family: .systemMedium)

    /// The first entry of the timeline a widget renders at `start + seconds`.
    static func entry(_ fixture: BridgeFixture, after seconds: TimeInterval, whatIf: Bool = false) throws -> BridgeEntry {
        try #require(
            fixture.widget.timeline(for: request, now: fixture.start.addingTimeInterval(seconds), whatIf: whatIf)
                .entries.first)
    }

    /// True when no amount can be read off the entry: no account balance holds a digit.
    static func showsNoAmount(_ entry: BridgeEntry) -> Bool {
        entry.accounts.allSatisfy { !$0.balance.text.contains(where: \.isNumber) }
    }

    @Test func amountsTurnStaleAfterTheSoftTTLAndDisappearAtTheHardTTL() throws {
        let fixture = try BridgeFixture.published()
        let fresh = try Self.entry(fixture, after: 3599)
        #expect(fresh.state == .full && fresh.reason == nil)
        #expect(!Self.showsNoAmount(fresh))
        let stale = try Self.entry(fixture, after: 3600)
        #expect(stale.state == .full && stale.reason == .stale)
        let expired = try Self.entry(fixture, after: 24 * 3600)
        #expect(expired.state == .masked && expired.reason == .expired)
        #expect(!expired.accounts.isEmpty && Self.showsNoAmount(expired))
    }

    @Test func theTimelineSchedulesTheFreezeWithoutAReload() throws {
        // Rendered once at publication, the timeline already holds the stale and
        // the expired entries, so a widget that is never reloaded still degrades.
        let fixture = try BridgeFixture.published()
        let timeline = fixture.widget.timeline(for: Self.request, now: fixture.start)
        let stale = timeline.entries.first { $0.date == fixture.start.addingTimeInterval(3600) }
        let expired = timeline.entries.first { $0.date == fixture.start.addingTimeInterval(24 * 3600) }
        #expect(stale?.state == .full && stale?.reason == .stale)
        #expect(expired?.state == .masked && expired?.reason == .expired)
        #expect(expired.map(Self.showsNoAmount) == true)
    }

    @Test func settingTheClockBackDoesNotReviveAnExpiredSnapshot() throws {
        let fixture = try BridgeFixture.published()
        #expect(try Self.entry(fixture, after: 25 * 3600).reason == .expired)
        for back in [23.0 * 3600, 3600, 60, 0, -86400] {
            let reading = fixture.widget.read(now: fixture.start.addingTimeInterval(back))
            #expect(reading.now == fixture.start.addingTimeInterval(25 * 3600), "clock at start + \(back) s")
            let entry = try Self.entry(fixture, after: back)
            #expect(entry.state == .masked && entry.reason == .expired && Self.showsNoAmount(entry))
        }
    }

    @Test func settingTheClockBackDoesNotMakeAStaleSnapshotFresh() throws {
        let fixture = try BridgeFixture.published()
        #expect(try Self.entry(fixture, after: 2 * 3600).reason == .stale)
        #expect(try Self.entry(fixture, after: 60).reason == .stale)
    }

    @Test func settingTheClockBackAfterTheSessionEndedRevivesNothing() throws {
        let fixture = try BridgeFixture.published()
        #expect(fixture.reason(at: fixture.start.addingTimeInterval(8 * 86400)) == .sessionExpired)
        for back in [86400.0, 3600, 0] {
            #expect(fixture.reason(at: fixture.start.addingTimeInterval(back)) == .sessionExpired)
        }
    }

    @Test func aNewPublicationEndsTheFreeze() throws {
        // The mark only follows the clock: a snapshot published later reads fresh again.
        let fixture = try BridgeFixture.published()
        #expect(try Self.entry(fixture, after: 25 * 3600).reason == .expired)
        try fixture.app.publish(
            BridgeFixture.otherAccounts, staleAfter: .seconds(3600), expiresAfter: .seconds(86400),
            now: fixture.start.addingTimeInterval(25 * 3600))
        let entry = try Self.entry(fixture, after: 25 * 3600 + 60)
        #expect(entry.state == .full && entry.reason == nil)
    }
}
