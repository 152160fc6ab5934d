#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// What the widget shows from one instant on: WidgetKit's timeline entry. A placeholder has no accounts
/// or spending; a masked entry has no amount anywhere.
public struct BridgeEntry: Sendable, Equatable, CustomStringConvertible {
    /// From when the entry is shown.
    public let date: Date
    /// How much is shown.
    public let state: EntryState
    /// Why the entry is masked or a placeholder, or `stale` past the soft expiry; `nil` on a full, fresh entry.
    public let reason: Reason?
    /// The headline's text in the request's language: an account's name, "Accounts", or a prompt.
    public let title: String
    /// What ``title`` says, as a value, for a view that writes its own words.
    public let headline: Headline
    /// Whether this is built-in sample data (`WidgetTimeline.placeholder(for:at:)`).
    public let isSample: Bool
    /// Where a tap on the widget leads: the first account, or login for placeholders; `nil` if nowhere safe.
    public let url: URL?
    /// The accounts shown, within the family's limit; empty for placeholders and spending widgets.
    public let accounts: [AccountViewModel]
    /// The spending analytics, for spending widgets that are not placeholders.
    public let spending: SpendingViewModel?
    /// When the shown data was published, absolute and relative to `date`; `nil` for placeholders.
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
    /// A spending entry: "Spending November 2026", or plain "Spending" (`nil`) when the period is not `YYYY-MM`.
    case spending(month: DateComponents?)
    /// A placeholder: the prompt for this reason, e.g. "Log in to see your accounts".
    case prompt(Reason)
}

/// When the data on screen was published, as values for a view that formats them and as text.
public struct LastUpdated: Sendable, Equatable {
    /// The publication instant.
    public let date: Date
    /// How long before the entry's date the data was published; negative if after it (a clock behind).
    public let age: Duration
    /// ISO 8601 in UTC, e.g. `2026-11-21T16:00:00Z`.
    public let absolute: String
    /// ``age`` as the widget writes it, rounded down, in the request's language: `5 min ago`, `in 5 min`.
    public let relative: String

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
