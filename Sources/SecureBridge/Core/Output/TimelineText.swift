#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The plain text of `bridgectl read --format text`: a few lines per entry.
///
/// ```
/// balance systemMedium
/// 2026-11-21T16:00:00Z  full  Accounts
///   Main Account  €4,675.00  •••• 4310
///   updated 2026-11-21T15:55:00Z (5 min ago)
/// 2026-11-21T20:00:00Z  full (stale)  Accounts
///   ...
/// reload: after 2026-11-21T16:30:00Z
/// ```
///
/// Control, bidirectional-control and line-separator characters in names are shown as
/// U+FFFD so a terminal never interprets them.
package enum TimelineText {
    /// The timeline as lines of text, each ending in a newline. Its words
    /// are in the timeline's language; the instant of an update is written
    /// in `timeZone` (RFC 3339 with that zone's offset, `Z` in UTC).
    package static func render(_ timeline: BridgeTimeline, timeZone: TimeZone = .gmt) -> String {
        let language = timeline.language
        var lines = ["\(timeline.kind.rawValue) \(timeline.family.rawValue)"]
        for entry in timeline.entries {
            let state = entry.reason.map { "\(entry.state.rawValue) (\($0.rawValue))" } ?? entry.state.rawValue
            let sample = entry.isSample ? "  [sample]" : ""
            lines.append("\(UTCTimestamp.string(from: entry.date))  \(state)  \(safe(entry.title))\(sample)")
            for account in entry.accounts {
                lines.append("  \(safe(account.name))  \(account.balance.text)  \(safe(account.number))")
            }
            if let spending = entry.spending {
                lines.append(
                    "  \(language.text("spent")) \(spending.totalSpent.text)  \(language.text("received")) \(spending.totalReceived.text)")
                for category in spending.categories {
                    let share = category.percent.map { "  \($0)" } ?? ""
                    lines.append("  \(safe(category.name))  \(category.amount.text)\(share)")
                }
            }
            if let updated = entry.lastUpdated {
                let instant = UTCTimestamp.string(from: updated.date, in: timeZone)
                lines.append("  " + language.text("updated %@", "\(instant) (\(updated.relative))"))
            }
            if entry.state == .loginPrompt, let url = entry.url {
                lines.append("  open \(url.absoluteString)")
            }
        }
        lines.append("reload: \(describe(timeline.policy))")
        return lines.map { $0 + "\n" }.joined()
    }

    private static func describe(_ policy: ReloadPolicy) -> String {
        switch policy {
        case .atEnd: return "at end"
        case .never: return "never (waits for the app)"
        case let .after(date): return "after \(UTCTimestamp.string(from: date))"
        }
    }

    /// The text with control, bidirectional-override and line-separator characters replaced.
    package static func safe(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { scalar in
            isUnsafeOnTerminal(scalar) ? "\u{FFFD}" : scalar
        }))
    }

    private static func isUnsafeOnTerminal(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return true  // C0, DEL, C1
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true  // bidi controls
        case 0x2028, 0x2029: return true  // line and paragraph separators
        default: return false
        }
    }
}
