#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif

/// What the reader's gate established, before redaction and scheduling.
package enum GateResult: Sendable, Equatable {
    /// The gate refused, for this reason: only a login-prompt entry may be shown.
    case refused(Reason)
    /// Verified, decrypted content and the facts that decide how fully and how long it may be shown.
    case content(VerifiedContent)

    var isRefused: Bool {
        if case .refused = self { return true }
        return false
    }
}

/// A snapshot that passed every check of the gate.
package struct VerifiedContent: Sendable, Equatable {
    package let portfolio: Portfolio
    package let issuedAt: Date
    /// Soft expiry: from here on a full entry is flagged `stale`.
    package let staleAt: Date
    /// Hard expiry: from here on no amount is shown (`expired`).
    package let expiresAt: Date
    /// When the user's session ends (`session-expired` placeholder).
    package let sessionExpiresAt: Date
    /// The app is locked: entries are masked (`locked`).
    package let isLocked: Bool
    /// The user chose to hide balances in widgets (`hidden`).
    package let hidesBalances: Bool

    package init(
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

extension VerifiedContent: CustomStringConvertible {
    /// The portfolio's counts and the lifetimes, never an amount.
    package var description: String {
        "VerifiedContent(\(portfolio), issued \(UTCTimestamp.string(from: issuedAt)), locked: \(isLocked), hidden: \(hidesBalances))"
    }
}
