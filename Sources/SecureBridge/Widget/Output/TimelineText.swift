#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif

/// The plain text of `bridgectl read --format text` (docs/CLI.md). Prose is in the timeline's language; codes
/// stay English so a script matches them. Unsafe characters in names show as U+FFFD, so a terminal never
/// interprets them; in a right-to-left language each figure is isolated left to right.
package enum TimelineText {
    /// The timeline as lines of text, each ending in a newline; an update's instant is written in `timeZone`.
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

    /// `figure` (an amount, share or instant, never a name) isolated left to right in a right-to-left
    /// language, so the surrounding text cannot reorder its sign and digits.
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
