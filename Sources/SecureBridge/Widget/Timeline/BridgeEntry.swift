#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
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
    /// The headline's text, in the request's language: the account's name,
    /// "Accounts", "Spending November 2026", or the placeholder's prompt.
    public let title: String
    /// What ``title`` says, as a value, for a view that writes its own words
    /// (its own string catalogue, its own month format).
    public let headline: Headline
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
        date: Date, state: EntryState, reason: Reason?, title: String, headline: Headline, isSample: Bool, url: URL?,
        accounts: [AccountViewModel], spending: SpendingViewModel?, lastUpdated: LastUpdated?
    ) {
        self.date = date
        self.state = state
        self.reason = reason
        self.title = title
        self.headline = headline
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

/// What an entry's title says, as a value: ``BridgeEntry/title`` is its text.
public enum Headline: Sendable, Equatable {
    /// A one-account balance entry: the account's display name.
    case account(name: String)
    /// A balance entry that lists several accounts: "Accounts".
    case accounts
    /// A spending entry: "Spending November 2026" for the month (its `year`
    /// and `month` set), or plain "Spending" when the bank's period is not
    /// `YYYY-MM` (`nil`).
    case spending(month: DateComponents?)
    /// A placeholder: the prompt for this reason, e.g. "Log in to see your accounts".
    case prompt(Reason)
}

/// When the data on screen was published: the instant and its age as
/// values, for a view that formats them itself (SwiftUI's
/// `Text(lastUpdated.date, style: .relative)`), and the same as text.
public struct LastUpdated: Sendable, Equatable {
    /// The publication instant.
    public let date: Date
    /// How long before the entry's date the data was published, to the
    /// second; negative when it was published after the entry's date (a
    /// clock behind the publisher's).
    public let age: Duration
    /// ISO 8601 in UTC, e.g. `2026-11-21T16:00:00Z`.
    public let absolute: String
    /// ``age`` as the widget writes it, rounded down to whole minutes, hours
    /// or days: `just now`, `5 min ago`, `3 h ago`, `2 d ago`; `in 5 min`
    /// when it is after the entry's date (in the request's language: `vor 5 Min.`).
    public let relative: String

    /// Describes `date` as seen from an entry shown at `entryDate`, in the
    /// language of `localeIdentifier`.
    package init(date: Date, seenAt entryDate: Date, localeIdentifier: String = "en_US") {
        self.date = date
        self.age = Self.age(of: date, seenAt: entryDate)
        self.absolute = UTCTimestamp.string(from: date)
        self.relative = RelativeTime.describe(date, seenAt: entryDate, localeIdentifier: localeIdentifier)
    }

    /// Whole seconds from `date` to `reference`, clamped to what a `Duration` of seconds holds.
    private static func age(of date: Date, seenAt reference: Date) -> Duration {
        let seconds = reference.timeIntervalSince(date).rounded(.towardZero)
        guard seconds.isFinite else { return .zero }
        return .seconds(Int64(max(min(seconds, Double(Int64.max / 2)), Double(Int64.min / 2))))
    }
}
