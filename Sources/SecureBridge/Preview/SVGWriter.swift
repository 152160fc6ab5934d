import SecureBridge

/// Accumulates SVG elements; every text and attribute value is escaped.
struct SVGWriter {
    /// Where a text is anchored.
    enum Anchor: String {
        case start, middle, end

        /// The anchor across a mirror: a text's start edge becomes its end.
        var mirrored: Anchor {
            switch self {
            case .start: .end
            case .middle: .middle
            case .end: .start
            }
        }
    }

    private(set) var markup = ""

    /// The width of a drawing laid out right to left: every element is
    /// drawn mirrored across it (a text keeps its glyphs and is anchored at
    /// its mirrored place), so a layout written left to right reads from the
    /// right. `nil`: drawn as given.
    let mirroredWidth: Double?

    init(mirroredWidth: Double? = nil) {
        self.mirroredWidth = mirroredWidth
    }

    /// `x` across the mirror, if there is one.
    private func place(_ x: Double) -> Double {
        mirroredWidth.map { $0 - x } ?? x
    }

    mutating func rect(
        x: Double, y: Double, width: Double, height: Double, radius: Double = 0,
        fill: String, stroke: String? = nil, strokeWidth: Double = 1
    ) {
        let x = mirroredWidth == nil ? x : place(x) - max(0, width)
        var element = "<rect x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(max(0, width)))\" height=\"\(n(max(0, height)))\""
        if radius > 0 { element += " rx=\"\(n(radius))\"" }
        element += " fill=\"\(Markup.escaped(fill))\""
        if let stroke { element += " stroke=\"\(Markup.escaped(stroke))\" stroke-width=\"\(n(strokeWidth))\"" }
        markup += element + "/>"
    }

    mutating func circle(cx: Double, cy: Double, r: Double, fill: String, stroke: String? = nil, strokeWidth: Double = 1) {
        var element = "<circle cx=\"\(n(place(cx)))\" cy=\"\(n(cy))\" r=\"\(n(r))\" fill=\"\(Markup.escaped(fill))\""
        if let stroke { element += " stroke=\"\(Markup.escaped(stroke))\" stroke-width=\"\(n(strokeWidth))\"" }
        markup += element + "/>"
    }

    mutating func line(x1: Double, y1: Double, x2: Double, y2: Double, stroke: String, width: Double = 1) {
        markup += "<line x1=\"\(n(place(x1)))\" y1=\"\(n(y1))\" x2=\"\(n(place(x2)))\" y2=\"\(n(y2))\" stroke=\"\(Markup.escaped(stroke))\" stroke-width=\"\(n(width))\"/>"
    }

    /// A path; `d` is built by the renderer from numbers only.
    mutating func path(_ d: String, fill: String, stroke: String? = nil, strokeWidth: Double = 1) {
        var element = "<path d=\"\(Markup.escaped(d))\" fill=\"\(Markup.escaped(fill))\""
        if let stroke {
            element += " stroke=\"\(Markup.escaped(stroke))\" stroke-width=\"\(n(strokeWidth))\" stroke-linecap=\"round\""
        }
        markup += mirroredWidth.map { "<g transform=\"matrix(-1 0 0 1 \(n($0)) 0)\">" + element + "/></g>" } ?? element + "/>"
    }

    /// One line of text.
    ///
    /// - Parameters:
    ///   - role: A class naming what the text is (`name`, `amount`, …), so
    ///     tests and style sheets can find it.
    ///   - fitWidth: When set, the text is squeezed to this width
    ///     (`textLength`), for amounts that must never be cut.
    ///   - fitting: When set, the text is kept within this width: at `size`
    ///     if it fits, else a little smaller, else cut with `…`
    ///     (`TextFitting.fitted`), for names, titles and captions.
    mutating func text(
        _ text: String, x: Double, y: Double, size: Double, weight: Int = 400, fill: String,
        anchor: Anchor = .start, role: String? = nil, fitWidth: Double? = nil, fitting width: Double? = nil
    ) {
        let (text, size) = width.map { TextFitting.fitted(text, toWidth: $0, fontSize: size, bold: weight >= 600) }
            ?? (text, size)
        var element = "<text x=\"\(n(place(x)))\" y=\"\(n(y))\" font-size=\"\(n(size))\""
        if weight != 400 { element += " font-weight=\"\(weight)\"" }
        element += " fill=\"\(Markup.escaped(fill))\""
        // Right-to-left text keeps its place in the layout, but is laid out
        // right to left, so an ellipsis stands where the text was cut.
        var anchor = mirroredWidth == nil ? anchor : anchor.mirrored
        if TextDirection.isRightToLeft(text) {
            element += " direction=\"rtl\""
            anchor = anchor.mirrored
        }
        if anchor != .start { element += " text-anchor=\"\(anchor.rawValue)\"" }
        if let role { element += " class=\"\(Markup.escaped(role))\"" }
        if let fitWidth { element += " textLength=\"\(n(fitWidth))\" lengthAdjust=\"spacingAndGlyphs\"" }
        markup += element + ">" + Markup.escaped(text) + "</text>"
    }

    /// Markup made by another writer.
    mutating func append(_ other: SVGWriter) {
        markup += other.markup
    }

    /// Already-escaped markup from this module's renderers.
    mutating func appendMarkup(_ fragment: String) {
        markup += fragment
    }

    private func n(_ value: Double) -> String { Markup.number(value) }
}

/// The direction text is written in, from its first strong character.
enum TextDirection {
    /// Whether the first letter of `text` belongs to a right-to-left script
    /// (Hebrew, Arabic, Syriac, Thaana, N'Ko, Samaritan, Mandaic and their
    /// presentation forms); text without letters is left to right.
    static func isRightToLeft(_ text: String) -> Bool {
        for scalar in text.unicodeScalars where scalar.properties.isAlphabetic {
            switch scalar.value {
            case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF:
                return true
            default:
                return false
            }
        }
        return false
    }
}
