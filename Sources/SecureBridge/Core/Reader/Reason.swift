import FoundationEssentials

/// Why an entry is not full, or why a full entry is flagged. The raw values
/// are the reason codes of the JSON contract.
public enum Reason: String, Sendable, Equatable, CaseIterable {
    case notOnboarded = "not-onboarded"
    case loggedOut = "logged-out"
    case sessionExpired = "session-expired"
    case locked
    case hidden
    case privacy
    case stale
    case expired
    case noData = "no-data"
    case tampered
    case rollback
    case unknownKey = "unknown-key"
    case insecureStorage = "insecure-storage"
    /// The storage could not be read right now (out of file descriptors or
    /// memory, an I/O error): not a security finding; the timeline retries soon.
    case unavailable
}
