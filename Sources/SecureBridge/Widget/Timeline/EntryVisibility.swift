#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How much an entry may show at one instant, and why: the redaction policy.
///
/// The single place that decides an entry's state, used alike for `now` and
/// for every pre-scheduled transition. In order:
/// 1. the session has ended → placeholder `session-expired`;
/// 2. nothing of the snapshot fits the request → placeholder `no-data`;
/// 3. masked, by the first that applies: `locked`, `expired` (hard TTL),
///    `hidden` (user preference), `privacy` (privacy context or accessory family);
/// 4. full, flagged `stale` past the soft TTL, else full with no reason.
///
/// Each rule can only lower what is shown; none can raise it.
struct EntryVisibility: Sendable, Equatable {
    let state: EntryState
    let reason: Reason?

    /// The visibility of `content` for `request` at `date`.
    ///
    /// - Parameters:
    ///   - content: The verified snapshot and its expiry facts.
    ///   - hasDisplayableContent: Whether the snapshot has anything the request can show.
    ///   - request: The widget request (privacy context, family).
    ///   - date: The instant the entry is for.
    static func of(
        _ content: VerifiedContent, hasDisplayableContent: Bool, for request: WidgetRequest, at date: Date
    ) -> EntryVisibility {
        if reached(content.sessionExpiresAt, at: date) { return EntryVisibility(state: .loginPrompt, reason: .sessionExpired) }
        if !hasDisplayableContent { return EntryVisibility(state: .loginPrompt, reason: .noData) }
        if let reason = maskReason(content, for: request, at: date) { return EntryVisibility(state: .masked, reason: reason) }
        if reached(content.staleAt, at: date) {
            return EntryVisibility(state: .full, reason: .stale)
        }
        return EntryVisibility(state: .full, reason: nil)
    }

    /// Whether `date` is at or past `instant`: at a boundary the later state holds.
    private static func reached(_ instant: Date, at date: Date) -> Bool {
        date >= instant
    }

    /// The highest-precedence reason to mask, if any.
    private static func maskReason(_ content: VerifiedContent, for request: WidgetRequest, at date: Date) -> Reason? {
        if content.isLocked { return .locked }
        if reached(content.expiresAt, at: date) { return .expired }
        if content.hidesBalances { return .hidden }
        if request.isPrivacyContext || !request.family.mayShowAmounts { return .privacy }
        if request.isDesktopLocked { return .desktopLocked }
        return nil
    }

    /// How soon a timeline whose storage could not be read (`unavailable`) is reloaded: one minute.
    static let unavailableRetryInterval = WidgetRequest.minimumRefreshInterval.timeInterval

    /// Whether the host must wait for the app (login) rather than reload on a timer.
    static func waitsForApp(_ reason: Reason) -> Bool {
        switch reason {
        case .notOnboarded, .loggedOut, .sessionExpired: return true
        default: return false
        }
    }
}
