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

/// What the reader's gate established, before redaction and scheduling.
public enum GateResult: Sendable, Equatable {
    /// Only the login placeholder may be shown, for this reason.
    case placeholder(Reason)
    /// Verified, decrypted content and the facts that decide how fully and
    /// for how long it may be shown.
    case content(VerifiedContent)
}

/// A snapshot that passed every check of the gate.
public struct VerifiedContent: Sendable, Equatable {
    /// The decrypted accounts and analytics.
    public let portfolio: Portfolio
    /// When the app published the snapshot.
    public let issuedAt: Date
    /// Soft expiry: from here on a full entry is flagged `stale`.
    public let staleAt: Date
    /// Hard expiry: from here on no amount is shown (`expired`).
    public let expiresAt: Date
    /// When the user's session ends (`session-expired` placeholder).
    public let sessionExpiresAt: Date
    /// The app is locked: entries are masked (`locked`).
    public let isLocked: Bool
    /// The user chose to hide balances in widgets (`hidden`).
    public let hidesBalances: Bool

    public init(
        portfolio: Portfolio, issuedAt: Date, staleAt: Date, expiresAt: Date, sessionExpiresAt: Date,
        isLocked: Bool, hidesBalances: Bool
    ) {
        self.portfolio = portfolio
        self.issuedAt = issuedAt
        self.staleAt = staleAt
        self.expiresAt = expiresAt
        self.sessionExpiresAt = sessionExpiresAt
        self.isLocked = isLocked
        self.hidesBalances = hidesBalances
    }
}
