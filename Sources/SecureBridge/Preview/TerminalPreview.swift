public import SecureBridge

/// Draws timelines in a terminal: each family as a box at its proportions,
/// in Unicode box drawing, coloured only when asked to.
///
/// ```
/// systemSmall · 170×170 pt · full
/// ╭───────────────────╮
/// │ € Everyday Acco…  │
/// │                   │
/// │ €4,675.00         │
/// │ •••• 3000         │
/// │                   │
/// │ Last updated      │
/// │ 5 min ago         │
/// ╰───────────────────╯
/// ```
///
/// Names pass through the same terminal sanitising as `read` (control and
/// bidirectional characters become U+FFFD); without colour the output has
/// no escape byte at all.
public enum TerminalPreview {
    /// One box per timeline: the entry shown now, then the later entries and
    /// the reload policy as lines.
    ///
    /// - Parameters:
    ///   - timelines: The timelines, one per family, as the reader built them.
    ///   - color: Whether ANSI colour may be used (see `TerminalColor`).
    ///   - localeIdentifier: The locale currency signs are looked up in.
    ///   - columns: The terminal's width. A box wider than that is narrowed
    ///     to fit (its text cut with an ellipsis); when even the amounts do not
    ///     fit in a box, the face's lines are printed without one. An amount
    ///     is never cut: a line holding one may then be wider. `nil`: every
    ///     family at its own proportions.
    public static func render(
        _ timelines: [BridgeTimeline], color: Bool, localeIdentifier: String = "en_US", columns: Int? = nil
    ) -> String {
        timelines.map { render($0, color: color, localeIdentifier: localeIdentifier, columns: columns) }.joined(separator: "\n")
    }

    /// One timeline: see `render(_:color:localeIdentifier:columns:)`.
    public static func render(
        _ timeline: BridgeTimeline, color: Bool, localeIdentifier: String = "en_US", columns: Int? = nil
    ) -> String {
        let style = TerminalStyle(enabled: color)
        let fit = { (text: String) in columns.map { TerminalWidth.truncated(text, toColumns: max(1, $0)) } ?? text }
        guard let first = timeline.entries.first else {
            return fit("\(timeline.kind.rawValue) \(timeline.family.rawValue): no entry") + "\n"
        }
        let face = WidgetFace(first, family: timeline.family, localeIdentifier: localeIdentifier)
        var output = style.bold(fit(heading(face))) + "\n"
        output += TerminalBox(face: face, style: style).lines(columns: columns).joined(separator: "\n") + "\n"
        for entry in timeline.entries.dropFirst() {
            let line = "  then from \(UTCTimestamp.string(from: entry.date))  " + describe(entry.state, entry.reason)
            output += fit(line) + "\n"
        }
        output += style.dim(fit("  reload: \(describe(timeline.policy))")) + "\n"
        return output
    }

    static func heading(_ face: WidgetFace) -> String {
        let sample = face.isSample ? " · " + face.language.text("sample") : ""
        return "\(face.family.rawValue) · \(face.family.previewSize) pt · \(describe(face.state, face.reason))\(sample)"
    }

    static func describe(_ state: EntryState, _ reason: Reason?) -> String {
        reason.map { "\(state.rawValue) (\($0.rawValue))" } ?? state.rawValue
    }

    static func describe(_ policy: ReloadPolicy) -> String {
        switch policy {
        case .atEnd: return "at end"
        case .never: return "never (waits for the app)"
        case let .after(date): return "after \(UTCTimestamp.string(from: date))"
        }
    }
}

/// ANSI styling that is the identity when colour is off.
struct TerminalStyle {
    let enabled: Bool

    func bold(_ text: String) -> String { wrap(text, "1") }
    func dim(_ text: String) -> String { wrap(text, "2") }
    func warning(_ text: String) -> String { wrap(text, "1;33") }
    func accent(_ text: String) -> String { wrap(text, "1;36") }
    func negative(_ text: String) -> String { wrap(text, "1;31") }

    private func wrap(_ text: String, _ code: String) -> String {
        enabled && !text.isEmpty ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}

/// The box of one face.
struct TerminalBox {
    /// A line inside the box: text on the left, optional text flush right.
    struct Line {
        enum Tone { case plain, bold, dim, warning, accent, negative }

        var left: String
        var leftTone: Tone = .plain
        var right: String = ""
        var rightTone: Tone = .plain
        /// The amount (the right part, or the left when there is no right)
        /// may not be cut: the box widens instead.
        var keepsWhole = false
        var centered = false
        /// A dotted rule across the box.
        var isRule = false

        static func rule() -> Line { Line(left: "", leftTone: .dim, isRule: true) }

        static let blank = Line(left: "")
    }

    let face: WidgetFace
    let style: TerminalStyle

    /// The narrowest box drawn: below it, the lines go without a box.
    static let minimumInnerColumns = 8

    /// The box's lines, borders included, at most `columns` wide when given
    /// (see `TerminalPreview.render(_:color:localeIdentifier:columns:)`).
    func lines(columns: Int? = nil) -> [String] {
        let size = face.family.terminalSize
        let (top, bottom) = content()
        let need = { (line: Line) -> Int in
            guard line.keepsWhole else { return 0 }
            if line.right.isEmpty { return TerminalWidth.of(line.left) }
            return TerminalWidth.of(line.right) + (line.left.isEmpty ? 0 : 2 + min(8, TerminalWidth.of(line.left)))
        }
        let needed = (top + bottom).map(need).max() ?? 0
        var inner = max(size.columns - 4, needed)
        if let columns, inner + 4 > columns {
            guard columns - 4 >= max(needed, Self.minimumInnerColumns) else {
                // No box fits: the face's lines alone, at the terminal's width
                // (wider only where an amount would otherwise be cut).
                return (top + bottom).map { render($0, width: max(columns, need($0), 1)).trimmingTrailingSpaces }
            }
            inner = columns - 4
        }
        let height = size.rows - 2
        let keptBottom = Array(bottom.prefix(height))
        let room = height - keptBottom.count
        let body = Array(top.prefix(room)) + Array(repeating: Line.blank, count: max(0, room - top.count)) + keptBottom
        let border = { (text: String) in style.dim(text) }
        var result = [border("╭" + String(repeating: "─", count: inner + 2) + "╮")]
        for line in body {
            result.append(border("│") + " " + render(line, width: inner) + " " + border("│"))
        }
        result.append(border("╰" + String(repeating: "─", count: inner + 2) + "╯"))
        return result
    }

    private func render(_ line: Line, width: Int) -> String {
        if line.isRule { return tone(String(repeating: "┄", count: width), line.leftTone) }
        let left = TimelineText.safe(line.left)
        let right = TimelineText.safe(line.right)
        if line.centered {
            let cut = TerminalWidth.truncated(left, toColumns: width)
            let space = width - TerminalWidth.of(cut)
            return String(repeating: " ", count: space / 2) + tone(cut, line.leftTone) + String(repeating: " ", count: space - space / 2)
        }
        // A right-to-left language mirrors the line: what leads stands at the right edge.
        let mirrored = face.language.isRightToLeft
        let rightWidth = TerminalWidth.of(right)
        guard rightWidth > 0 else {
            let cut = TerminalWidth.truncated(left, toColumns: width)
            let padding = String(repeating: " ", count: width - TerminalWidth.of(cut))
            return mirrored ? padding + tone(cut, line.leftTone) : tone(cut, line.leftTone) + padding
        }
        let rightCut = TerminalWidth.truncated(right, toColumns: width)
        let leftRoom = max(0, width - TerminalWidth.of(rightCut) - 2)
        let leftCut = TerminalWidth.truncated(left, toColumns: leftRoom)
        let gap = String(repeating: " ", count: width - TerminalWidth.of(leftCut) - TerminalWidth.of(rightCut))
        return mirrored
            ? tone(rightCut, line.rightTone) + gap + tone(leftCut, line.leftTone)
            : tone(leftCut, line.leftTone) + gap + tone(rightCut, line.rightTone)
    }

    private func tone(_ text: String, _ tone: Line.Tone) -> String {
        switch tone {
        case .plain: return text
        case .bold: return style.bold(text)
        case .dim: return style.dim(text)
        case .warning: return style.warning(text)
        case .accent: return style.accent(text)
        case .negative: return style.negative(text)
        }
    }

    private var amountTone: Line.Tone { face.isMasked ? .dim : .bold }
    /// A negative balance in its own colour (red), outside the lock-screen families.
    private func amountTone(_ account: WidgetFace.AccountLine) -> Line.Tone { account.isNegative ? .negative : amountTone }
    private var flagText: String { face.flag.map { $0.label.uppercased() } ?? "" }
    private var flagTone: Line.Tone { face.flag?.tone == .warning ? .warning : .dim }

    private var updatedLines: [Line] {
        guard let updated = face.updated else { return [] }
        let tone: Line.Tone = face.isStale ? .warning : .dim
        let sample = face.isSample ? " · " + face.language.text("sample") : ""
        if face.family == .systemSmall {
            return [
                Line(left: face.language.text("Last updated") + sample, leftTone: tone),
                Line(left: updated, leftTone: face.isStale ? .warning : .plain),
            ]
        }
        return [Line(left: face.language.text("Last updated %@", updated) + sample, leftTone: tone)]
    }

    /// The lines at the top and those kept at the bottom of the box.
    private func content() -> (top: [Line], bottom: [Line]) {
        switch face.family {
        case .accessoryCircular, .accessoryRectangular, .accessoryInline:
            return accessoryContent()
        default:
            break
        }
        switch face.content {
        case let .accounts(primary, others):
            var top: [Line] = [
                Line(left: "\(primary.symbol) \(face.family == .systemSmall ? primary.name : face.title)", leftTone: .bold,
                     right: flagText, rightTone: flagTone),
            ]
            if face.family != .systemSmall { top.append(Line(left: primary.name, leftTone: .bold)) } else { top.append(.blank) }
            top.append(Line(left: "", right: primary.amount, rightTone: amountTone(primary), keepsWhole: true).flushLeft)
            if let number = primary.number { top.append(Line(left: number, leftTone: .dim)) }
            if !others.isEmpty { top.append(Line.rule()) }
            let detailed = face.family == .systemLarge
            for account in others {
                top.append(Line(left: "\(account.symbol) \(account.name)", right: account.amount, rightTone: amountTone(account), keepsWhole: true))
                if detailed, let number = account.number { top.append(Line(left: "  \(number)", leftTone: .dim)) }
            }
            return (top, updatedLines)
        case let .spending(_, spent, received, categories):
            var top: [Line] = [Line(left: face.title, leftTone: .bold, right: flagText, rightTone: flagTone)]
            top.append(Line(left: face.language.text("Spent"), leftTone: .dim, right: spent, rightTone: amountTone, keepsWhole: true))
            top.append(Line(left: face.language.text("Received"), leftTone: .dim, right: received, rightTone: amountTone, keepsWhole: true))
            top.append(Line.rule())
            let withBars = face.family == .systemLarge || face.family == .systemExtraLarge
            for category in categories {
                let value = category.percent.map { withBars ? "\(category.amount) · \($0)" : $0 } ?? category.amount
                top.append(Line(left: category.name, right: value, rightTone: amountTone, keepsWhole: true))
                if withBars, let fraction = category.fraction {
                    let width = face.family.terminalSize.columns - 4
                    let filled = Int((Double(width) * fraction).rounded())
                    top.append(Line(left: String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled), leftTone: .accent))
                }
            }
            return (top, updatedLines)
        case let .prompt(text, action):
            let width = face.family.terminalSize.columns - 4
            var top: [Line] = [Line(left: "SecureBridge", leftTone: .dim), .blank]
            top += TerminalWidth.wrap(text, columns: width, maxLines: 3).map { Line(left: $0, leftTone: .bold) }
            return (top, [Line(left: "[ \(action) ]", leftTone: .accent)])
        }
    }

    private func accessoryContent() -> (top: [Line], bottom: [Line]) {
        let shown: (symbol: String, name: String, amount: String)?
        switch face.content {
        case let .accounts(primary, _): shown = (primary.symbol, primary.name, primary.amount)
        case let .spending(symbol, spent, _, _): shown = (symbol, face.title, spent)
        case .prompt: shown = nil
        }
        switch face.family {
        case .accessoryCircular:
            guard let shown else {
                return ([Line(left: "⚿", centered: true), Line(left: actionText, leftTone: .accent, centered: true)], [])
            }
            return ([Line(left: shown.symbol, leftTone: .bold, centered: true), Line(left: shown.amount, leftTone: amountTone, centered: true)], [])
        case .accessoryRectangular:
            guard let shown else {
                return ([Line(left: actionText, leftTone: .accent), Line(left: promptText)], [])
            }
            return ([
                Line(left: "\(shown.symbol) \(shown.name)", leftTone: .bold),
                Line(left: shown.amount, leftTone: amountTone, right: flagText, rightTone: flagTone),
            ], face.updated.map { [Line(left: face.language.text("Updated %@", $0), leftTone: .dim)] } ?? [])
        default:
            guard let shown else { return ([Line(left: promptText, leftTone: .bold)], []) }
            return ([Line(left: "\(shown.symbol) \(shown.name)", right: shown.amount, rightTone: amountTone, keepsWhole: true)], [])
        }
    }

    private var actionText: String {
        if case let .prompt(_, action) = face.content { return action }
        return ""
    }

    private var promptText: String {
        if case let .prompt(text, _) = face.content { return text }
        return face.title
    }
}

extension TerminalBox.Line {
    /// The right part moved to the left (an amount on a line of its own).
    fileprivate var flushLeft: TerminalBox.Line {
        TerminalBox.Line(left: right, leftTone: rightTone, keepsWhole: true)
    }
}

extension TerminalWidth {
    /// Breaks sanitised text into lines of at most `columns`, between words.
    static func wrap(_ text: String, columns: Int, maxLines: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in TimelineText.safe(text).split(separator: " ") {
            let candidate = current.isEmpty ? String(word) : current + " " + word
            if TerminalWidth.of(candidate) <= columns || current.isEmpty {
                current = candidate
            } else {
                lines.append(current)
                current = String(word)
            }
        }
        if !current.isEmpty { lines.append(current) }
        if lines.count > maxLines {
            let kept = Array(lines.prefix(maxLines - 1))
            let last = lines[(maxLines - 1)...].joined(separator: " ")
            return kept + [TerminalWidth.truncated(last, toColumns: columns)]
        }
        return lines.map { TerminalWidth.truncated($0, toColumns: columns) }
    }
}

extension String {
    /// The text without the spaces that pad it on the right.
    fileprivate var trimmingTrailingSpaces: String {
        var text = Substring(self)
        while text.last == " " { text = text.dropLast() }
        return String(text)
    }
}
