#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif

/// The widget's timeline provider: turns what the reader's gate established
/// into WidgetKit-style entries and a reload policy.
///
/// Every function here is pure: no I/O, no clock (the caller passes `now`).
package enum WidgetTimeline {
    /// How far ahead transitions are pre-scheduled as entries: 24 hours.
    static let schedulingHorizon: TimeInterval = 24 * 3600

    /// An instant entry of built-in sample data, for the widget gallery and
    /// while the real timeline loads. It is marked `isSample`, its names say
    /// "Sample", and it is redacted like real data (accessory families and
    /// privacy contexts get a masked entry).
    ///
    /// - Parameters:
    ///   - request: The widget request; its configured account is ignored.
    ///   - date: The entry's date; now by default.
    /// - Returns: A sample entry, never a placeholder.
    package static func placeholder(for request: WidgetRequest, at date: Date = Date()) -> BridgeEntry {
        let sample = WidgetSampleData.content(around: date)
        return EntryBuilder.entry(for: sample, request: request.withoutConfiguredAccount, at: date, isSample: true)
    }

    /// The entry for a quick preview (WidgetKit's `snapshot`): the real entry
    /// at `now` when the gate produced one, the same as the timeline's first.
    ///
    /// - Parameters:
    ///   - result: What the reader's gate established.
    ///   - request: The widget request.
    ///   - now: The instant the entry is for.
    /// - Returns: The entry shown at `now`.
    package static func snapshot(for result: GateResult, request: WidgetRequest, now: Date) -> BridgeEntry {
        switch result {
        case let .refused(reason):
            return EntryBuilder.loginPromptEntry(reason: reason, request: request, at: now)
        case let .content(content):
            return entry(for: content, request: request, at: now)
        }
    }

    /// The timeline for a gate result.
    ///
    /// - A placeholder result gives one placeholder entry with the login link;
    ///   the policy is `never` for `not-onboarded`, `logged-out` and
    ///   `session-expired` (the app's login triggers a reload), a reload after
    ///   one minute for `unavailable` (the storage could not be read right
    ///   now), else a reload after the refresh interval.
    /// - Content gives an entry at `now`, then one at each later instant within
    ///   the scheduling horizon where what is shown changes (soft expiry → `stale`,
    ///   hard expiry → masked `expired`, session end → placeholder
    ///   `session-expired`, after which nothing follows). The policy is a reload
    ///   at the earlier of `now + refreshInterval` and the next change (even one
    ///   beyond the horizon), or `never` once the session has ended.
    ///
    /// - Parameters:
    ///   - result: What the reader's gate established.
    ///   - request: Which widget, at which size, in which context.
    ///   - now: The instant the first entry is for.
    /// - Returns: Entries in increasing date order and the reload policy.
    package static func timeline(for result: GateResult, request: WidgetRequest, now: Date) -> BridgeTimeline {
        switch result {
        case let .refused(reason):
            let entry = EntryBuilder.loginPromptEntry(reason: reason, request: request, at: now)
            let policy: ReloadPolicy
            if EntryVisibility.waitsForApp(reason) {
                policy = .never
            } else if reason == .unavailable || reason == .keychainUnavailable {
                policy = .after(now + min(request.refreshInterval.timeInterval, EntryVisibility.unavailableRetryInterval))
            } else {
                policy = .after(now + request.refreshInterval.timeInterval)
            }
            return BridgeTimeline(
                kind: request.kind, family: request.family, entries: [entry], policy: policy,
                localeIdentifier: request.localeIdentifier)
        case let .content(content):
            return contentTimeline(content, request: request, now: now)
        }
    }

    /// The entry for verified content at one instant: the same function builds
    /// the entry at `now` and every pre-scheduled one.
    ///
    /// - Parameters:
    ///   - content: The verified snapshot and its expiry facts.
    ///   - request: The widget request.
    ///   - date: The instant the entry is for.
    /// - Returns: A full, masked or placeholder entry.
    package static func entry(for content: VerifiedContent, request: WidgetRequest, at date: Date) -> BridgeEntry {
        EntryBuilder.entry(for: content, request: request, at: date, isSample: false)
    }

    private static func contentTimeline(_ content: VerifiedContent, request: WidgetRequest, now: Date) -> BridgeTimeline {
        let first = entry(for: content, request: request, at: now)
        var entries = [first]
        var nextChange: Date?
        if !endsTimeline(first) {
            let horizon = now + schedulingHorizon
            let transitions = Set([content.staleAt, content.expiresAt, content.sessionExpiresAt])
                .filter { $0 > now }
                .sorted()
            var shown = first
            for date in transitions {
                let next = entry(for: content, request: request, at: date)
                guard next.state != shown.state || next.reason != shown.reason else { continue }
                nextChange = nextChange ?? date
                guard date <= horizon else { break }
                entries.append(next)
                shown = next
                if endsTimeline(next) { break }
            }
        }
        let policy: ReloadPolicy
        if endsTimeline(first) {
            policy = .never
        } else {
            let refresh = now + request.refreshInterval.timeInterval
            policy = .after(nextChange.map { min($0, refresh) } ?? refresh)
        }
        return BridgeTimeline(
            kind: request.kind, family: request.family, entries: entries, policy: policy,
            localeIdentifier: request.localeIdentifier)
    }

    /// After a `session-expired` placeholder nothing can change until the user logs in.
    private static func endsTimeline(_ entry: BridgeEntry) -> Bool {
        entry.state == .loginPrompt && entry.reason == .sessionExpired
    }
}
