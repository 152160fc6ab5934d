#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif

/// Turns a gate result into WidgetKit-style entries and a reload policy; pure (the caller passes `now`).
package enum WidgetTimeline {
    /// How far ahead transitions are pre-scheduled as entries: 24 hours.
    static let schedulingHorizon: TimeInterval = 24 * 3600

    /// An entry of built-in sample data (`isSample`), redacted like real data, for the gallery and while loading.
    package static func placeholder(for request: WidgetRequest, at date: Date = Date()) -> BridgeEntry {
        let sample = WidgetSampleData.content(around: date)
        return EntryBuilder.entry(for: sample, request: request.withoutConfiguredAccount, at: date, isSample: true)
    }

    /// The entry for WidgetKit's `snapshot`: the first entry of the timeline at `now`.
    package static func snapshot(for result: GateResult, request: WidgetRequest, now: Date) -> BridgeEntry {
        switch result {
        case let .refused(reason):
            return EntryBuilder.loginPromptEntry(reason: reason, request: request, at: now)
        case let .content(content):
            return entry(for: content, request: request, at: now)
        }
    }

    /// The timeline for a gate result: for a refusal one placeholder, reloaded `never` when the app must act
    /// (`not-onboarded`, `logged-out`, `session-expired`), within a minute for `unavailable` and
    /// `keychain-unavailable`, else after the refresh interval; for content an entry at `now` and one at each
    /// change within the horizon, reloaded at the next change or refresh, `never` once the session has ended.
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

    /// The entry for verified content at one instant, at `now` and at every pre-scheduled change alike.
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
