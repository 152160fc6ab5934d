import SecureBridge

/// Estimates how wide text is drawn, and shortens it to fit.
///
/// SVG has no text measurement without a renderer, so widths are estimated
/// per character from the proportions of common sans-serif fonts, erring
/// wide. Names are cut on character (grapheme) boundaries and end in `…`;
/// amounts are never cut (they shrink instead, see `WidgetSVG`).
enum TextFitting {
    /// The ellipsis that ends shortened text.
    static let ellipsis: Character = "…"

    /// The estimated drawn width of `text` at `fontSize` points.
    static func width(of text: String, fontSize: Double, bold: Bool = false) -> Double {
        let total = text.reduce(0.0) { $0 + ems(of: $1) }
        return total * fontSize * (bold ? 1.08 : 1.0)
    }

    /// `text` if it fits in `maxWidth`, else as many leading characters as fit
    /// followed by `…`.
    static func truncated(_ text: String, toWidth maxWidth: Double, fontSize: Double, bold: Bool = false) -> String {
        guard width(of: text, fontSize: fontSize, bold: bold) > maxWidth else { return text }
        let scale = fontSize * (bold ? 1.08 : 1.0)
        var budget = maxWidth / scale - ems(of: ellipsis)
        var kept = ""
        for character in text {
            budget -= ems(of: character)
            guard budget >= 0 else { break }
            kept.append(character)
        }
        while kept.last?.isWhitespace == true { kept.removeLast() }
        return kept + String(ellipsis)
    }

    /// The smallest a name, title or caption is drawn, as a share of its size.
    static let smallestScale = 0.85

    /// `text` and the size to draw it at within `maxWidth`: `fontSize` when
    /// it fits; else the largest size, in half points down to
    /// `smallestScale` of it, at which it fits; else cut with `…` at that
    /// smallest size. A name is shrunk a little before it loses letters.
    static func fitted(_ text: String, toWidth maxWidth: Double, fontSize: Double, bold: Bool = false) -> (String, Double) {
        let smallest = fontSize * smallestScale
        var size = fontSize
        while size >= smallest {
            if width(of: text, fontSize: size, bold: bold) <= maxWidth { return (text, size) }
            size -= 0.5
        }
        return (truncated(text, toWidth: maxWidth, fontSize: smallest, bold: bold), smallest)
    }

    /// Breaks `text` into at most `maxLines` lines of at most `maxWidth`
    /// between words; the last line ends in `…` if text remains.
    static func wrapped(_ text: String, toWidth maxWidth: Double, fontSize: Double, bold: Bool = false, maxLines: Int) -> [String] {
        guard maxLines > 0 else { return [] }
        let words = text.split(separator: " ").map(String.init)
        var lines: [String] = []
        var current = ""
        var index = 0
        while index < words.count {
            let candidate = current.isEmpty ? words[index] : current + " " + words[index]
            if current.isEmpty || width(of: candidate, fontSize: fontSize, bold: bold) <= maxWidth {
                current = candidate
                index += 1
            } else {
                lines.append(current)
                current = ""
                if lines.count == maxLines { break }
            }
        }
        if !current.isEmpty { lines.append(current) }
        lines = lines.map { truncated($0, toWidth: maxWidth, fontSize: fontSize, bold: bold) }
        if index < words.count, let last = lines.popLast() {
            let rest = words[index...].joined(separator: " ")
            lines.append(truncated(last + " " + rest, toWidth: maxWidth, fontSize: fontSize, bold: bold))
        }
        return lines
    }

    /// The estimated width of one character in ems.
    static func ems(of character: Character) -> Double {
        guard let scalar = character.unicodeScalars.first else { return 0 }
        if TerminalWidth.isWide(scalar) { return 1.0 }
        switch scalar {
        case " ", "i", "l", "j", "I", ".", ",", ":", ";", "'", "|", "!", "(", ")", "[", "]", "f", "t": return 0.34
        case "0"..."9": return 0.64
        case "A"..."Z", "m", "w", "M", "W", "@", "%", "&", "€", "£", "¥", "$": return 0.74
        case "•": return 0.62
        default: return 0.6
        }
    }
}

/// How many terminal columns text takes.
enum TerminalWidth {
    /// The columns `text` occupies: wide (East Asian, emoji) characters take
    /// two, combining and zero-width ones none, the rest one.
    static func of(_ text: String) -> Int {
        text.reduce(0) { $0 + of($1) }
    }

    /// The columns one character takes.
    static func of(_ character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        if isWide(first) { return 2 }
        switch first.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: return 1
        }
    }

    /// `text` cut to at most `columns` columns, ending in `…` when cut.
    static func truncated(_ text: String, toColumns columns: Int) -> String {
        guard of(text) > columns else { return text }
        guard columns > 0 else { return "" }
        var kept = ""
        var used = 0
        for character in text {
            let width = of(character)
            guard used + width <= columns - 1 else { break }
            kept.append(character)
            used += width
        }
        while kept.last?.isWhitespace == true { kept.removeLast() }
        return kept + String(TextFitting.ellipsis)
    }

    /// `text` padded with spaces to exactly `columns` columns (cut first if longer).
    static func padded(_ text: String, toColumns columns: Int) -> String {
        let cut = truncated(text, toColumns: columns)
        return cut + String(repeating: " ", count: max(0, columns - of(cut)))
    }

    /// Whether a scalar is drawn two columns (and about one em) wide.
    static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}
