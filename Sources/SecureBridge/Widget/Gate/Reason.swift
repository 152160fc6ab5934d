#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Why an entry is not full, or why a full entry is flagged; the raw values are the JSON reason codes.
public enum Reason: String, Sendable, Equatable, CaseIterable {
    /// No user has onboarded, or the onboarding record is missing: login prompt.
    case notOnboarded = "not-onboarded"
    /// The signed auth status says logged out, or there is none: login prompt.
    case loggedOut = "logged-out"
    /// The session's end has passed: login prompt, and nothing follows it.
    case sessionExpired = "session-expired"
    /// The app is locked: masked.
    case locked
    /// The user chose to hide balances in widgets: masked.
    case hidden
    /// A privacy context or a lock-screen family: masked.
    case privacy
    /// The user's desktop session is locked (`read --follow` on a Linux desktop): masked.
    case desktopLocked = "desktop-locked"
    /// Past the soft expiry: full, flagged stale.
    case stale
    /// Past the hard expiry: masked.
    case expired
    /// Nothing to show for this widget (no snapshot, or no such account): login prompt.
    case noData = "no-data"
    /// A file failed its signature, format or binding checks: login prompt.
    case tampered
    /// A file is older than one the widget has already seen: login prompt.
    case rollback
    /// The snapshot names a signing or data key the widget does not hold: login prompt.
    case unknownKey = "unknown-key"
    /// A place or file is not safely stored (owner, mode, link, type): login prompt.
    case insecureStorage = "insecure-storage"
    /// The storage could not be read right now (descriptors, memory, I/O): not a security finding; retried soon.
    case unavailable
    /// The keychain's store is locked or unreachable: login prompt, nothing destroyed; retried soon.
    case keychainUnavailable = "keychain-unavailable"
}
