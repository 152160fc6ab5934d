#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
package import SecureBridge

/// What a desktop status bar shows of a timeline: its current entry, as one
/// line (`bridgectl read --format line`, for i3blocks, tmux and conky) or as
/// waybar's custom-module JSON (`--format waybar`).
///
/// ```
/// Everyday Account €4,675.00
/// {"text":"Everyday Account €4,675.00","tooltip":"Accounts\nEveryday Account  €4,675.00\n…","class":"full","alt":"full"}
/// Everyday Account •••• · locked
/// {"text":"Everyday Account •••• · locked","tooltip":"…\nAmounts hidden while the app is locked","class":["masked","locked"],"alt":"masked-locked"}
/// ```
///
/// Both show only what the entry shows: the family's content limits and the
/// masking are already applied, so a masked or placeholder entry has no digit
/// of a balance to give away. A masked entry says why (the app locked, the
/// balances hidden, a privacy context, the desktop locked, the data expired):
/// in words of the widget's language, and in waybar's `class` and `alt` as the
/// reason's code. Names pass through the terminal sanitising of `TimelineText`.
package enum StatusBarText {
    /// The entry's state as a bar styles it: `full`, `stale`, `masked` or `placeholder`.
    package static func stateClass(of entry: BridgeEntry) -> String {
        switch entry.state {
        case .full: entry.reason == .stale ? "stale" : "full"
        case .masked: "masked"
        case .loginPrompt: "placeholder"
        }
    }

    /// The current entry in one line: the first account and its amount, or
    /// the spending widget's title (the word for spending and the month, as
    /// the locale writes them) and its total; a stale or masked one ends in
    /// why; a placeholder gives its title, and where logging in is the way
    /// on (no user yet, logged out, the session over) the command that does it:
    /// on a desktop there is no app to open.
    package static func line(_ timeline: BridgeTimeline) -> String {
        guard let entry = timeline.entries.first else { return "" }
        if entry.state == .loginPrompt, let prompt = loginPrompt(for: entry.reason) {
            return TimelineText.safe(timeline.language.text(prompt)) + " · " + loginCommand
        }
        let flag = flag(of: entry).map { " · " + timeline.language.text($0) } ?? ""
        if let account = entry.accounts.first {
            return TimelineText.safe(account.name) + " " + TimelineText.isolated(account.balance.text, in: timeline.language) + flag
        }
        if let spending = entry.spending {
            // The title says what the figure is and of which month, in the
            // locale's words: `Ausgaben November 2026 1.337,40 €`.
            let total = TimelineText.isolated(spending.totalSpent.text, in: timeline.language)
            return TimelineText.safe(entry.title) + " " + total + flag
        }
        return TimelineText.safe(entry.title)
    }

    /// The command a desktop user logs in with.
    static let loginCommand = "bridgectl login"

    /// The prompt a bar shows, in English (the key of its translations), for
    /// a placeholder that logging in ends; `nil` for every other reason.
    static func loginPrompt(for reason: Reason?) -> String? {
        switch reason {
        case .notOnboarded?, .loggedOut?: "Log in to see your accounts"
        case .sessionExpired?: "Your session has ended: log in again"
        default: nil
        }
    }

    /// The word a line ends with after ` · ` when the entry is stale or
    /// masked, in English (the key of its translations): `stale`, or why the
    /// amounts are masked; `nil` for a full entry or a placeholder.
    static func flag(of entry: BridgeEntry) -> String? {
        switch (entry.state, entry.reason) {
        case (.full, .stale): "stale"
        case (.masked, .locked): "locked"
        case (.masked, .hidden): "hidden"
        case (.masked, .privacy): "private"
        case (.masked, .desktopLocked): "screen locked"
        case (.masked, .expired): "expired"
        default: nil
        }
    }

    /// Why a masked entry's amounts are hidden, as a tooltip says it, in
    /// English (the key of its translations); `nil` for any other entry.
    static func maskedBecause(_ entry: BridgeEntry) -> String? {
        guard entry.state == .masked else { return nil }
        switch entry.reason {
        case .locked: return "Amounts hidden while the app is locked"
        case .hidden: return "Amounts hidden: you chose to hide balances"
        case .privacy: return "Amounts hidden in a private context"
        case .desktopLocked: return "Amounts hidden while the screen is locked"
        case .expired: return "Amounts hidden: the data has expired"
        default: return "Amounts hidden"
        }
    }

    /// The classes waybar styles the module with: the state, and for a
    /// masked entry or a placeholder the reason's code too (`["masked",
    /// "locked"]`, `["placeholder", "not-onboarded"]`), so a first run can
    /// look calm and a tampered file alarming.
    static func classes(of entry: BridgeEntry) -> [String] {
        let state = stateClass(of: entry)
        guard entry.state != .full, let reason = entry.reason else { return [state] }
        return [state, reason.rawValue]
    }

    /// The current entry as one line of waybar's custom-module JSON: `text`
    /// (the line), `tooltip` (every account or category, when it was
    /// updated, why the amounts are masked or why nothing is shown), `class`
    /// (the state, and for a masked entry or a placeholder the reason:
    /// `["masked","expired"]`) and `alt` (the same joined by `-`, for
    /// `format-icons`: `masked-expired`).
    package static func waybar(_ timeline: BridgeTimeline) -> String {
        guard let entry = timeline.entries.first else {
            return JSONOutput.object([("text", .string("")), ("class", .string("placeholder"))]).serialized
        }
        let language = timeline.language
        var tooltip = [entry.title]
        for account in entry.accounts { tooltip.append("\(account.name)  \(account.balance.text)") }
        if let spending = entry.spending {
            tooltip.append(
                "\(language.text("spent")) \(spending.totalSpent.text), \(language.text("received")) \(spending.totalReceived.text)")
            for category in spending.categories { tooltip.append("\(category.name)  \(category.amount.text)") }
        }
        if let updated = entry.lastUpdated { tooltip.append(language.text("updated %@", updated.relative)) }
        if let masked = maskedBecause(entry) { tooltip.append(language.text(masked)) }
        if entry.state == .loginPrompt, let reason = entry.reason { tooltip.append("(\(reason.rawValue))") }
        let classes = classes(of: entry)
        return JSONOutput.object([
            ("text", .string(line(timeline))),
            ("tooltip", .string(tooltip.map(TimelineText.safe).joined(separator: "\n"))),
            ("class", classes.count == 1 ? .string(classes[0]) : .array(classes.map { .string($0) })),
            ("alt", .string(classes.joined(separator: "-"))),
        ]).serialized
    }
}
