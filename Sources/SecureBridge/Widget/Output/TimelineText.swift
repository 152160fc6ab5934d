#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
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
///
/// The words are the timeline's language where they are prose (`spent`,
/// `received`, `updated`, the titles and relative times); the codes stay
/// English in every language, as in the JSON, so a script matches them: the
/// kind and family, the state and reason (`full (stale)`,
/// `placeholder (session-expired)`), `reload:` and its policy, and `open`.
/// In a right-to-left language each amount, share and instant is isolated
/// left to right (U+2066 … U+2069), so a negative amount keeps its sign
/// before its digits inside right-to-left text; the instants are RFC 3339 in
/// ASCII digits in every language, the same instants the JSON prints.
package enum TimelineText {
    /// The timeline as lines of text, each ending in a newline. Its words
    /// are in the timeline's language; the instant of an update is written
    /// in `timeZone` (RFC 3339 with that zone's offset, `Z` in UTC).
    package static func render(_ timeline: BridgeTimeline, timeZone: TimeZone = .gmt) -> String {
        let language = timeline.language
        let figure = { (text: String) in isolated(text, in: language) }
        var lines = ["\(timeline.kind.rawValue) \(timeline.family.rawValue)"]
        for entry in timeline.entries {
            let state = entry.reason.map { "\(entry.state.rawValue) (\($0.rawValue))" } ?? entry.state.rawValue
            let sample = entry.isSample ? "  [sample]" : ""
            lines.append("\(figure(UTCTimestamp.string(from: entry.date)))  \(state)  \(safe(entry.title))\(sample)")
            for account in entry.accounts {
                let number = account.number.map { "  \(safe($0))" } ?? ""
                lines.append("  \(safe(account.name))  \(figure(account.balance.text))\(number)")
            }
            if let spending = entry.spending {
                lines.append(
                    "  \(language.text("spent")) \(figure(spending.totalSpent.text))  \(language.text("received")) \(figure(spending.totalReceived.text))")
                for category in spending.categories {
                    let share = category.percent.map { "  \(figure($0))" } ?? ""
                    lines.append("  \(safe(category.name))  \(figure(category.amount.text))\(share)")
                }
            }
            if let updated = entry.lastUpdated {
                let instant = figure(UTCTimestamp.string(from: updated.date, in: timeZone))
                lines.append("  " + language.text("updated %@", "\(instant) (\(updated.relative))"))
            }
            if entry.state == .loginPrompt, let url = entry.url {
                lines.append("  open \(url.absoluteString)")
            }
        }
        lines.append("reload: \(describe(timeline.policy, isolating: language))")
        return lines.map { $0 + "\n" }.joined()
    }

    private static func describe(_ policy: ReloadPolicy, isolating language: WidgetLanguage) -> String {
        switch policy {
        case .atEnd: return "at end"
        case .never: return "never (waits for the app)"
        case let .after(date): return "after \(isolated(UTCTimestamp.string(from: date), in: language))"
        }
    }

    /// `figure` (an amount, a share or an instant the package formatted, never
    /// a name) isolated left to right when `language` is written right to
    /// left (U+2066 LEFT-TO-RIGHT ISOLATE … U+2069 POP DIRECTIONAL ISOLATE),
    /// so the surrounding right-to-left text cannot reorder its sign and
    /// digits; as it is in a left-to-right language.
    package static func isolated(_ figure: String, in language: WidgetLanguage) -> String {
        language.isRightToLeft ? "\u{2066}" + figure + "\u{2069}" : figure
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
