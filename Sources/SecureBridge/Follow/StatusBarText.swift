#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SecureBridge

/// What a desktop status bar shows of a timeline: its current entry, as one
/// line (`bridgectl read --format line`, for i3blocks, tmux and conky) or as
/// waybar's custom-module JSON (`--format waybar`).
///
/// ```
/// Everyday Account €4,675.00
/// {"text":"Everyday Account €4,675.00","tooltip":"Accounts\nEveryday Account  €4,675.00\n…","class":"full","alt":"full"}
/// ```
///
/// Both show only what the entry shows: the family's content limits and the
/// masking are already applied, so a masked or placeholder entry has no digit
/// of a balance to give away. Names pass through the terminal sanitising of
/// `TimelineText`.
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
    /// the locale writes them) and its total; a stale one says so; a
    /// placeholder gives its title.
    package static func line(_ timeline: BridgeTimeline) -> String {
        guard let entry = timeline.entries.first else { return "" }
        let stale = stateClass(of: entry) == "stale" ? " · " + timeline.language.text("stale") : ""
        if let account = entry.accounts.first {
            return TimelineText.safe(account.name) + " " + TimelineText.isolated(account.balance.text, in: timeline.language) + stale
        }
        if let spending = entry.spending {
            // The title says what the figure is and of which month, in the
            // locale's words: `Ausgaben November 2026 1.337,40 €`.
            let total = TimelineText.isolated(spending.totalSpent.text, in: timeline.language)
            return TimelineText.safe(entry.title) + " " + total + stale
        }
        return TimelineText.safe(entry.title)
    }

    /// The current entry as one line of waybar's custom-module JSON: `text`
    /// (the line), `tooltip` (every account or category, when it was
    /// updated, or why nothing is shown), and `class` and `alt` (the state).
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
        if entry.state == .loginPrompt, let reason = entry.reason { tooltip.append("(\(reason.rawValue))") }
        let state = stateClass(of: entry)
        return JSONOutput.object([
            ("text", .string(line(timeline))),
            ("tooltip", .string(tooltip.map(TimelineText.safe).joined(separator: "\n"))),
            ("class", .string(state)),
            ("alt", .string(state)),
        ]).serialized
    }
}
