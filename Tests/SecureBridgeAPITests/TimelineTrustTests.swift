import Foundation
import SecureBridge
import SecureBridgeTesting
import SystemPackage
import Testing

/// How long a widget may trust a timeline, on the simulated platform through
/// the public API: WidgetKit keeps showing a timeline's entries until it is
/// reloaded, so an app event that narrows what may be shown reloads it (the
/// app calls `WidgetCenter.shared.reloadAllTimelines()`, docs/INTEGRATION.md,
/// "Reloads"), and otherwise the reload policy ends the timeline no later
/// than the first moment the view could narrow.
@Suite struct TimelineTrustTests {
    static let accounts = SimulatedFlowTests.accounts
    static let passcode = SimulatedFlowTests.passcode
    static let request = WidgetRequest(kind: .balance, family: .systemMedium)
    /// When alice logs in: a whole second, as the signed records keep time.
    static let loginTime = Date(timeIntervalSince1970: 1_795_000_000)
    static let sessionLength = Duration.seconds(12 * 3600)

    /// An app event after which no amount may be shown, and what the reloaded timeline then starts with.
    enum NarrowingEvent: String, CaseIterable, CustomTestStringConvertible {
        case lock, hideBalances, logout

        var testDescription: String { rawValue }

        func happen(to app: BridgeApp, at now: Date) throws {
            switch self {
            case .lock: try app.lock(now: now)
            case .hideBalances: try app.setHidesBalances(true, now: now)
            case .logout: try app.logout(now: now)
            }
        }

        /// The first entry of the timeline reloaded after the event.
        var shownAfter: (state: EntryState, reason: Reason) {
            switch self {
            case .lock: (.masked, .locked)
            case .hideBalances: (.masked, .hidden)
            case .logout: (.loginPrompt, .loggedOut)
            }
        }
    }

    /// A simulated home where alice logged in at `loginTime` and published the example accounts at `publishTime`.
    static func published(at publishTime: Date) throws -> (home: BridgeHome, app: BridgeApp, receipt: PublishReceipt) {
        let home = BridgeHome(root: FilePath(SimulatedFlowTests.root), platform: SimulatedPlatform())
        let app = BridgeApp.forTesting(home: home)
        try app.login(user: "alice", passcode: passcode, sessionLength: sessionLength, now: loginTime)
        let receipt = try app.publish(
            Portfolio(bankJSON: accounts), staleAfter: .seconds(3600), expiresAfter: .seconds(24 * 3600), now: publishTime)
        #expect(receipt.timelineChanged)
        return (home, app, receipt)
    }

    /// The timeline WidgetKit gets when it asks at `now`.
    static func timeline(of home: BridgeHome, at now: Date, for request: WidgetRequest = request) -> BridgeTimeline {
        WidgetProvider(home: home, clock: { now }).timeline(for: request)
    }

    @Test(arguments: NarrowingEvent.allCases)
    func noEntryOfATimelineBuiltBeforeTheEventIsShownAfterItsReload(_ event: NarrowingEvent) throws {
        let (home, app, receipt) = try Self.published(at: Self.loginTime)
        let sessionEnd = try #require(try app.status(now: Self.loginTime).sessionExpiresAt)

        let before = Self.timeline(of: home, at: Self.loginTime + 60)
        #expect(before.entries.first?.state == .full, "\(before.entries)")
        #expect(before.entries.first?.accounts.first?.balance.value == Decimal(string: "4675.00"))
        let trustedUntil = try #require(before.policy.date, "a timeline with amounts is never trusted for ever: \(before.policy)")
        #expect(trustedUntil <= sessionEnd && trustedUntil <= receipt.expiresAt && trustedUntil <= receipt.staleAt)

        // The event, then the reload the app asks for.
        let eventTime = Self.loginTime + 120
        try event.happen(to: app, at: eventTime)
        let after = Self.timeline(of: home, at: eventTime + 1)

        let first = try #require(after.entries.first)
        #expect(first.state == event.shownAfter.state && first.reason == event.shownAfter.reason, "\(after.entries)")
        for entry in after.entries {
            #expect(entry.state != .full, "\(entry.date): \(entry.state) \(String(describing: entry.reason))")
            #expect(entry.accounts.allSatisfy { $0.balance.isMasked && $0.balance.value == nil }, "no amount at \(entry.date)")
            #expect(
                (entry.state, entry.reason) == (first.state, first.reason) || (entry.state, entry.reason) == (.loginPrompt, .sessionExpired),
                "only the event's entry until the session ends: \(entry.date) \(entry.state) \(String(describing: entry.reason))")
        }
        let amountsBefore = before.entries.filter { $0.state == .full }
        #expect(!amountsBefore.isEmpty && !after.entries.contains { amountsBefore.contains($0) }, "no entry with amounts is shown again")
    }

    @Test func aTimelineBuiltHalfAnHourBeforeTheSessionEndsIsTrustedUntilItEndsAtTheLatest() throws {
        let sessionEnd = Self.loginTime + 12 * 3600
        let now = sessionEnd - 30 * 60
        // Published now: stale in an hour and expired in a day, both after the session's end.
        let (home, app, _) = try Self.published(at: now)
        #expect(try app.status(now: now).sessionExpiresAt == sessionEnd)

        // A refresh interval longer than the half hour, so only the session's end can bound the policy.
        let patient = try WidgetRequest(kind: .balance, family: .systemMedium, deepLinkScheme: "securebridge", refreshInterval: .seconds(2 * 3600))
        for request in [Self.request, patient] {
            let timeline = Self.timeline(of: home, at: now, for: request)
            #expect(timeline.entries.map(\.state) == [.full, .loginPrompt], "\(timeline.entries)")
            #expect(timeline.entries.last?.date == sessionEnd && timeline.entries.last?.reason == .sessionExpired)
            let trustedUntil = try #require(timeline.policy.date, "\(timeline.policy)")
            #expect(trustedUntil <= sessionEnd, "refresh every \(request.refreshInterval): trusted until \(trustedUntil), the session ends \(sessionEnd)")
        }
    }
}

extension ReloadPolicy {
    /// The instant a `.after` policy names; `nil` for `.atEnd` and `.never`.
    var date: Date? {
        if case let .after(date) = self { date } else { nil }
    }
}
