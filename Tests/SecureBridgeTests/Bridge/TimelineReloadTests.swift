import Foundation
import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp
@testable import SecureBridgeTestSupport

/// A publish's receipt says whether the timeline a widget builds changed (its
/// entries and their dates, not only the payload's bytes), and the reload
/// token moves exactly then: an app that reloads its widgets only when the
/// receipt says so never leaves one showing an older timeline.
@Suite struct TimelineReloadTests {
    /// The timeline the provider gives a medium balance widget at `now`.
    private func timeline(_ fixture: BridgeFixture, at now: Date) -> BridgeTimeline {
        WidgetProvider(home: fixture.home, locale: Locale(identifier: "en_US"), clock: { now })
            .timeline(for: WidgetRequest(kind: .balance, family: .systemMedium))
    }

    private func token(_ fixture: BridgeFixture) throws -> [UInt8] {
        try fixture.bytes(.container, "reload-token")
    }

    @Test func theSameBalancesAfterExpiryReloadTheWidget() throws {
        let fixture = try BridgeFixture()
        try fixture.app.login(user: "alice", passcode: fixture.passcode, sessionLength: .seconds(86400), now: fixture.start)
        try fixture.app.publish(BridgeFixture.accounts, staleAfter: .seconds(5), expiresAfter: .seconds(6), now: fixture.start)
        let later = fixture.start.addingTimeInterval(7)
        let expired = timeline(fixture, at: later)
        #expect(expired.entries.first?.state == .masked && expired.entries.first?.reason == .expired)
        let before = try token(fixture)

        let receipt = try fixture.app.publish(BridgeFixture.accounts, staleAfter: .seconds(5), expiresAfter: .seconds(6), now: later)

        #expect(receipt.timelineChanged, "the widget shows expired until it reloads")
        #expect(try token(fixture) != before)
        let fresh = timeline(fixture, at: later)
        #expect(fresh.entries.first?.state == .full && fresh.entries.first?.reason == nil)
    }

    @Test(arguments: [(staleAfter: 600, ttl: 3600), (staleAfter: 1800, ttl: 7200), (staleAfter: 1800, ttl: 3600)])
    func onlyOtherExpiriesStillReloadTheWidget(staleAfter: Int64, ttl: Int64) throws {
        let fixture = try BridgeFixture()
        try fixture.app.login(user: "alice", passcode: fixture.passcode, sessionLength: .seconds(86400), now: fixture.start)
        try fixture.app.publish(BridgeFixture.accounts, staleAfter: .seconds(1800), expiresAfter: .seconds(3600), now: fixture.start)
        let old = timeline(fixture, at: fixture.start)
        let before = try token(fixture)

        let receipt = try fixture.app.publish(
            BridgeFixture.accounts, staleAfter: .seconds(staleAfter), expiresAfter: .seconds(ttl), now: fixture.start)

        let new = timeline(fixture, at: fixture.start)
        let unchanged = staleAfter == 1800 && ttl == 3600
        #expect(receipt.timelineChanged == !unchanged)
        #expect((try token(fixture) != before) == !unchanged)
        // What changed is the dates of the entries, not their content at the first.
        #expect(new.entries.first == old.entries.first)
        #expect((new.entries.map(\.date) != old.entries.map(\.date)) == !unchanged)
    }

    /// Publishes of two contents at instants a few seconds apart with a few
    /// expiries: the receipt says the timeline changed exactly when the
    /// provider's timeline at the publish instant differs from the one
    /// before, and the token moves exactly then.
    @Test func theReceiptFollowsTheProvidersTimeline() throws {
        let fixture = try BridgeFixture()
        try fixture.app.login(user: "alice", passcode: fixture.passcode, sessionLength: .seconds(86400), now: fixture.start)
        var generator = SeededGenerator(seed: 27)
        var now = fixture.start
        var changes = 0, repeats = 0
        var input = BridgeFixture.accounts, staleAfter: Int64 = 2, ttl: Int64 = 2
        for step in 0..<60 {
            // Half the steps at the same instant, a third with the same content and expiries as the last.
            now = now.addingTimeInterval(TimeInterval(Int.random(in: 0...1, using: &generator) * Int.random(in: 1...8, using: &generator)))
            if Int.random(in: 0..<3, using: &generator) > 0 {
                input = Bool.random(using: &generator) ? BridgeFixture.accounts : BridgeFixture.otherAccounts
                staleAfter = Int64([2, 5].randomElement(using: &generator)!)
                ttl = staleAfter + Int64([0, 3].randomElement(using: &generator)!)
            }
            let before = timeline(fixture, at: now)
            let token = try token(fixture)
            let receipt = try fixture.app.publish(input, staleAfter: .seconds(staleAfter), expiresAfter: .seconds(ttl), now: now)
            let after = timeline(fixture, at: now)
            #expect((try self.token(fixture) != token) == receipt.timelineChanged, "step \(step)")
            // Within the session and the 24-hour horizon, exactly: a change past either would reload for nothing.
            #expect(receipt.timelineChanged == (after != before), "step \(step)")
            if receipt.timelineChanged { changes += 1 } else { repeats += 1 }
        }
        #expect(changes > 5 && repeats > 5, "both outcomes were tried: \(changes) changes, \(repeats) repeats")
    }

    @Test func aCursorOfTheEarlierFormatCountsAsAChangeOnce() throws {
        let fixture = try BridgeFixture()
        try fixture.loginAndPublish()
        // The cursor an earlier version wrote: the payload's digest alone, under `contentDigest`.
        let cursor = try #require(PublishCursor(storedBytes: fixture.bytes(.app, "publish-cursor")))
        var json = #"{"boot":"\#(cursor.boot)","contentDigest":"\#(String(repeating: "ab", count: 32))","#
        json += #""epoch":\#(cursor.epoch),"sequence":\#(cursor.sequence)}"#
        try fixture.overwrite(.app, "publish-cursor", with: Array(json.utf8))
        let again = { try fixture.app.publish(BridgeFixture.accounts, staleAfter: .seconds(3600), expiresAfter: .seconds(86400), now: fixture.start) }
        #expect(try again().timelineChanged, "without a timeline digest the widget is woken once more")
        #expect(try !again().timelineChanged)
    }
}
