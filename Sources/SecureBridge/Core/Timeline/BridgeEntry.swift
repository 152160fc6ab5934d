#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What the widget shows from one instant on: WidgetKit's timeline entry.
///
/// A `placeholder` entry has no accounts and no spending; a `masked` entry has
/// no amount anywhere (balances and totals are `Redaction.mask`, no percentages).
public struct BridgeEntry: Sendable, Equatable, CustomStringConvertible {
    /// From when the entry is shown.
    public let date: Date
    /// How much is shown.
    public let state: EntryState
    /// Why the entry is masked or a placeholder, or `stale` on a full entry past
    /// its soft expiry; `nil` on a full, fresh entry.
    public let reason: Reason?
    /// The headline: the account's name, "Accounts", "Spending November 2026",
    /// or the placeholder's prompt.
    public let title: String
    /// Whether this is built-in sample data (`WidgetTimeline.placeholder(for:at:)`).
    public let isSample: Bool
    /// Where a tap on the whole widget leads: the first account, or the login
    /// screen for placeholders; `nil` when there is no link-safe target.
    public let url: URL?
    /// The accounts shown, within the family's limit; empty for placeholders
    /// and spending widgets.
    public let accounts: [AccountViewModel]
    /// The spending analytics, for spending widgets that are not placeholders.
    public let spending: SpendingViewModel?
    /// When the shown data was published, absolute and relative to `date`;
    /// `nil` for placeholders.
    public let lastUpdated: LastUpdated?

    package init(
        date: Date, state: EntryState, reason: Reason?, title: String, isSample: Bool, url: URL?,
        accounts: [AccountViewModel], spending: SpendingViewModel?, lastUpdated: LastUpdated?
    ) {
        self.date = date
        self.state = state
        self.reason = reason
        self.title = title
        self.isSample = isSample
        self.url = url
        self.accounts = accounts
        self.spending = spending
        self.lastUpdated = lastUpdated
    }

    /// A summary without names or amounts, safe for logs.
    public var description: String {
        let why = reason.map { " (\($0.rawValue))" } ?? ""
        return "BridgeEntry(\(UTCTimestamp.string(from: date)), \(state.rawValue)\(why), \(accounts.count) account(s))"
    }
}

/// When the data on screen was published.
public struct LastUpdated: Sendable, Equatable {
    /// The publication instant.
    public let date: Date
    /// ISO 8601 in UTC, e.g. `2026-11-21T16:00:00Z`.
    public let absolute: String
    /// Relative to the entry's date, e.g. `just now`, `5 min ago`, `3 h ago`, `2 d ago`; `in 5 min` when it is after the entry's date (in the request's language: `vor 5 Min.`).
    public let relative: String

    /// Describes `date` as seen from an entry shown at `entryDate`, in the
    /// language of `localeIdentifier`.
    package init(date: Date, seenAt entryDate: Date, localeIdentifier: String = "en_US") {
        self.date = date
        self.absolute = UTCTimestamp.string(from: date)
        self.relative = RelativeTime.describe(date, seenAt: entryDate, localeIdentifier: localeIdentifier)
    }
}
