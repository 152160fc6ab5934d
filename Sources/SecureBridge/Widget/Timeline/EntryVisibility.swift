#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How much an entry may show at one instant, and why: session ended → `session-expired`; nothing fits →
/// `no-data`; else masked by the first of `locked`, `expired`, `hidden`, `privacy`, `desktop-locked`; else
/// full, `stale` past the soft expiry. Each rule can only lower what is shown.
struct EntryVisibility: Sendable, Equatable {
    let state: EntryState
    let reason: Reason?

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
