public import SecureBridge

/// Draws timeline entries as SVG, each family at its real point size.
///
/// A widget is drawn from the entry's view models only: the currency sign
/// and amount are its largest text, then the account's name, the masked
/// IBAN and "Last updated". Masked entries show the fixed mask where amounts
/// would be, placeholders the prompt and its button, stale entries an
/// orange flag and frame. Every text is escaped; names that do not fit end
/// in `…`; amounts are never cut but shrink to fit.
public enum WidgetSVG {
    /// The fonts a widget asks for: the platform's UI font where there is one.
    static let fontFamily = "-apple-system, BlinkMacSystemFont, 'SF Pro Text', 'Segoe UI', Roboto, 'DejaVu Sans', 'Noto Sans', Arial, sans-serif"

    /// One entry as a standalone SVG document at the family's point size.
    ///
    /// - Parameters:
    ///   - entry: The entry, as the timeline builder made it.
    ///   - family: The family the entry was built for.
    ///   - appearance: Light or dark.
    ///   - localeIdentifier: The locale currency signs are looked up in.
    /// - Returns: An XML document, starting with the XML declaration.
    public static func document(
        _ entry: BridgeEntry, family: BridgeFamily, appearance: PreviewAppearance, localeIdentifier: String = "en_US"
    ) -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + element(WidgetFace(entry, family: family, localeIdentifier: localeIdentifier), appearance: appearance) + "\n"
    }

    /// The widget as an `<svg>` element, at `(x, y)` when nested in another.
    static func element(_ face: WidgetFace, appearance: PreviewAppearance, x: Double? = nil, y: Double? = nil) -> String {
        let size = face.family.previewSize
        var open = "<svg xmlns=\"http://www.w3.org/2000/svg\""
        if let x, let y { open += " x=\"\(Markup.number(x))\" y=\"\(Markup.number(y))\"" }
        open += " width=\"\(size.width)\" height=\"\(size.height)\" viewBox=\"0 0 \(size.width) \(size.height)\""
        let label = "\(face.family.rawValue) widget, \(face.state.rawValue)" + (face.reason.map { " (\($0.rawValue))" } ?? "")
        open += " role=\"img\" aria-label=\"\(Markup.escaped(label))\" font-family=\"\(Markup.escaped(fontFamily))\">"
        var drawing = WidgetDrawing(face: face, palette: appearance.palette)
        drawing.draw()
        return open + drawing.svg.markup + "</svg>"
    }
}

/// Draws one face; one method per family group.
struct WidgetDrawing {
    let face: WidgetFace
    let palette: PreviewPalette
    /// Right-to-left languages draw the same layout mirrored.
    var svg: SVGWriter

    var width: Double { Double(face.family.previewSize.width) }
    var height: Double { Double(face.family.previewSize.height) }

    init(face: WidgetFace, palette: PreviewPalette) {
        self.face = face
        self.palette = palette
        svg = SVGWriter(mirroredWidth: face.language.isRightToLeft ? Double(face.family.previewSize.width) : nil)
    }

    mutating func draw() {
        switch face.family {
        case .systemSmall, .systemMedium, .systemLarge, .systemExtraLarge:
            drawSystem()
        case .accessoryCircular:
            drawCircular()
        case .accessoryRectangular:
            drawRectangular()
        case .accessoryInline:
            drawInline()
        }
    }

    // MARK: - System families

    /// Padding inside system widgets.
    private let pad = 16.0

    private mutating func drawSystem() {
        let frame = face.isStale ? 3.0 : 1.0
        svg.rect(x: frame / 2, y: frame / 2, width: width - frame, height: height - frame, radius: 22, fill: palette.background,
                 stroke: face.isStale ? palette.warning : palette.separator, strokeWidth: frame)
        switch face.content {
        case let .accounts(primary, others):
            drawHeader(symbol: primary.symbol, isMain: primary.isMain)
            drawAccounts(primary: primary, others: others)
        case let .spending(symbol, spent, received, categories):
            drawHeader(symbol: nil, isMain: true)
            drawSpending(symbol: symbol, spent: spent, received: received, categories: categories)
        case let .prompt(text, action):
            drawPrompt(text: text, action: action)
        }
    }

    /// The badge, the title beside it (not on small widgets) and the flag.
    private mutating func drawHeader(symbol: String?, isMain: Bool) {
        let large = face.family == .systemLarge || face.family == .systemExtraLarge
        let radius = large ? 14.0 : 12.0
        let center = pad + radius
        if let symbol {
            badge(symbol, isMain: isMain, cx: center, cy: center, r: radius)
        } else {
            chartBadge(cx: center, cy: center, r: radius)
        }
        var flagLeft = width - pad
        if let flag = face.flag { flagLeft = drawFlag(flag, right: width - pad, centerY: center) }
        if face.family != .systemSmall {
            let x = pad + 2 * radius + 8
            let size = large ? 14.0 : 13.0
            svg.text(face.title, x: x, y: center + size * 0.36,
                     size: size, weight: 600, fill: palette.secondaryText, role: "title", fitting: flagLeft - 8 - x)
        }
    }

    private mutating func drawAccounts(primary: WidgetFace.AccountLine, others: [WidgetFace.AccountLine]) {
        switch face.family {
        case .systemSmall:
            let w = width - 2 * pad
            svg.text(primary.name, x: pad, y: 68, size: 14, weight: 600, fill: palette.primaryText, role: "name", fitting: w)
            amount(primary.amount, x: pad, y: 100, preferred: 26, width: w, fill: negativeFill(primary))
            if let number = primary.number { svg.text(number, x: pad, y: 119, size: 11, fill: palette.secondaryText, role: "iban") }
            footerTwoLines(y: 142)
        case .systemMedium:
            let column = 160.0
            svg.text(primary.name, x: pad, y: 70, size: 14, weight: 600, fill: palette.primaryText, role: "name", fitting: column)
            amount(primary.amount, x: pad, y: 103, preferred: 28, width: column, fill: negativeFill(primary))
            if let number = primary.number { svg.text(number, x: pad, y: 123, size: 11, fill: palette.secondaryText, role: "iban") }
            footerOneLine(y: height - pad, width: column + 24)
            let left = pad + column + 16
            svg.line(x1: left - 8, y1: 50, x2: left - 8, y2: height - pad - 20, stroke: palette.separator)
            if others.isEmpty {
                svg.text(face.language.text(primary.isMain ? "Main account" : "Account"), x: left, y: 70, size: 11, fill: palette.secondaryText)
                if let number = primary.number { svg.text(number, x: left, y: 90, size: 14, weight: 600, fill: palette.primaryText, role: "iban") }
            }
            for (index, account) in others.prefix(2).enumerated() {
                let top = 50 + Double(index) * 52
                compactRow(account, left: left, right: width - pad, top: top)
            }
        case .systemLarge:
            let w = width - 2 * pad
            svg.text(primary.name, x: pad, y: 80, size: 16, weight: 600, fill: palette.primaryText, role: "name", fitting: w)
            amount(primary.amount, x: pad, y: 120, preferred: 36, width: w, fill: negativeFill(primary))
            if let number = primary.number { svg.text(number, x: pad, y: 142, size: 12, fill: palette.secondaryText, role: "iban") }
            svg.line(x1: pad, y1: 160, x2: width - pad, y2: 160, stroke: palette.separator)
            for (index, account) in others.prefix(4).enumerated() {
                row(account, left: pad, right: width - pad, top: 166 + Double(index) * 46)
            }
            footerOneLine(y: height - pad, width: w)
        case .systemExtraLarge:
            let column = 340.0
            svg.text(primary.name, x: pad, y: 84, size: 18, weight: 600, fill: palette.primaryText, role: "name", fitting: column)
            amount(primary.amount, x: pad, y: 132, preferred: 44, width: column, fill: negativeFill(primary))
            if let number = primary.number { svg.text(number, x: pad, y: 158, size: 13, fill: palette.secondaryText, role: "iban") }
            svg.text(face.language.text(primary.isMain ? "Main account" : "Account"), x: pad, y: 180, size: 12, fill: palette.secondaryText)
            footerOneLine(y: height - pad, width: column)
            let left = pad + column + 24
            svg.line(x1: left - 12, y1: 52, x2: left - 12, y2: height - pad, stroke: palette.separator)
            for (index, account) in others.prefix(9).enumerated() {
                row(account, left: left, right: width - pad, top: 46 + Double(index) * 35, compact: true)
            }
        default:
            break
        }
    }

    private mutating func drawSpending(symbol: String, spent: String, received: String, categories: [WidgetFace.CategoryLine]) {
        switch face.family {
        case .systemSmall:
            let w = width - 2 * pad
            svg.text(face.title, x: pad, y: 62, size: 12, weight: 600, fill: palette.secondaryText, role: "title", fitting: w)
            amount(spent, x: pad, y: 92, preferred: 26, width: w)
            svg.text(face.language.text("Received") + " " + received, x: pad, y: 110, size: 11, fill: palette.secondaryText, role: "received", fitting: w)
            if let top = categories.first { categoryRow(top, left: pad, right: width - pad, top: 118, size: 11, withAmount: false) }
            footerOneLine(y: height - 12, width: w, short: true)
        case .systemMedium:
            let column = 160.0
            svg.text(face.language.text("Spent"), x: pad, y: 68, size: 11, fill: palette.secondaryText)
            amount(spent, x: pad, y: 100, preferred: 28, width: column)
            svg.text(face.language.text("Received") + " " + received, x: pad, y: 121, size: 11, fill: palette.secondaryText, role: "received", fitting: column)
            footerOneLine(y: height - pad, width: column + 24)
            let left = pad + column + 16
            svg.line(x1: left - 8, y1: 50, x2: left - 8, y2: height - pad - 20, stroke: palette.separator)
            for (index, category) in categories.prefix(3).enumerated() {
                categoryRow(category, left: left, right: width - pad, top: 48 + Double(index) * 36, size: 11.5, withAmount: false)
            }
        case .systemLarge, .systemExtraLarge:
            let wide = face.family == .systemExtraLarge
            let column = wide ? 340.0 : width - 2 * pad
            svg.text(face.language.text("Spent"), x: pad, y: 72, size: 12, fill: palette.secondaryText)
            amount(spent, x: pad, y: wide ? 118 : 110, preferred: wide ? 44 : 36, width: column)
            svg.text(face.language.text("Received") + " " + received, x: pad, y: wide ? 146 : 134, size: 13, fill: palette.secondaryText, role: "received", fitting: column)
            footerOneLine(y: height - pad, width: column)
            let left = wide ? pad + column + 24 : pad
            let top = wide ? 52.0 : 160.0
            if wide {
                svg.line(x1: left - 12, y1: 52, x2: left - 12, y2: height - pad, stroke: palette.separator)
            } else {
                svg.line(x1: pad, y1: 150, x2: width - pad, y2: 150, stroke: palette.separator)
            }
            for (index, category) in categories.prefix(5).enumerated() {
                categoryRow(category, left: left, right: width - pad, top: top + Double(index) * (wide ? 56 : 38), size: 13)
            }
        default:
            break
        }
    }

    private mutating func drawPrompt(text: String, action: String) {
        let (radius, promptSize, maxLines): (Double, Double, Int)
        switch face.family {
        case .systemSmall: (radius, promptSize, maxLines) = (12, 14, 3)
        case .systemMedium: (radius, promptSize, maxLines) = (12, 17, 2)
        case .systemLarge: (radius, promptSize, maxLines) = (14, 22, 3)
        default: (radius, promptSize, maxLines) = (14, 24, 2)
        }
        let center = pad + radius
        svg.circle(cx: center, cy: center, r: radius, fill: palette.badgeBackground)
        lock(cx: center, cy: center, size: radius * 1.1, color: palette.accent)
        if face.family != .systemSmall {
            svg.text("SecureBridge", x: pad + 2 * radius + 8, y: center + 4.5, size: 13, weight: 600, fill: palette.secondaryText, role: "title")
        }
        let textWidth = face.family == .systemExtraLarge ? 480 : width - 2 * pad
        let lines = TextFitting.wrapped(text, toWidth: textWidth, fontSize: promptSize, bold: true, maxLines: maxLines)
        let top = face.family == .systemSmall ? 66.0 : (face.family == .systemMedium ? 76.0 : 100.0)
        for (index, line) in lines.enumerated() {
            svg.text(line, x: pad, y: top + Double(index) * promptSize * 1.25, size: promptSize, weight: 600,
                     fill: palette.primaryText, role: "prompt")
        }
        let buttonSize = face.family == .systemSmall ? 13.0 : 14.0
        let buttonWidth = TextFitting.width(of: action, fontSize: buttonSize, bold: true) + 32
        let buttonHeight = face.family == .systemSmall ? 28.0 : 32.0
        let buttonTop = height - pad - buttonHeight
        svg.rect(x: pad, y: buttonTop, width: buttonWidth, height: buttonHeight, radius: buttonHeight / 2, fill: palette.accent)
        svg.text(action, x: pad + buttonWidth / 2, y: buttonTop + buttonHeight / 2 + buttonSize * 0.36, size: buttonSize,
                 weight: 600, fill: palette.onAccent, anchor: .middle, role: "action")
    }

    // MARK: - Accessory families

    private var accessoryAmount: (symbol: String, name: String, amount: String)? {
        switch face.content {
        case let .accounts(primary, _): return (primary.symbol, primary.name, primary.amount)
        case let .spending(symbol, spent, _, _): return (symbol, face.family == .accessoryInline ? face.language.text("Spent") : face.title, spent)
        case .prompt: return nil
        }
    }

    private mutating func drawCircular() {
        svg.circle(cx: 38, cy: 38, r: 37.5, fill: palette.accessoryBackground, stroke: palette.accessoryOutline)
        guard let shown = accessoryAmount else {
            lock(cx: 38, cy: 30, size: 20, color: palette.accessoryText)
            svg.text(actionLabel, x: 38, y: 57, size: 11, weight: 700, fill: palette.accessoryText, anchor: .middle, role: "action",
                     fitting: 58)
            return
        }
        let symbolSize = shown.symbol.count > 1 ? 15.0 : 24.0
        svg.text(shown.symbol, x: 38, y: 38, size: symbolSize, weight: 700, fill: palette.accessoryText, anchor: .middle, role: "symbol")
        amount(shown.amount, x: 38, y: 57, preferred: 13, width: 56, anchor: .middle, fill: palette.accessoryText)
    }

    private mutating func drawRectangular() {
        svg.rect(x: 0.5, y: 0.5, width: width - 1, height: height - 1, radius: 12, fill: palette.accessoryBackground,
                 stroke: palette.accessoryOutline)
        let w = width - 20
        guard let shown = accessoryAmount else {
            lock(cx: 17, cy: 17, size: 12, color: palette.accessoryText)
            svg.text(actionLabel, x: 28, y: 22, size: 13, weight: 700, fill: palette.accessoryText, role: "action")
            let lines = TextFitting.wrapped(promptText, toWidth: w, fontSize: 11, maxLines: 2)
            for (index, line) in lines.enumerated() {
                svg.text(line, x: 10, y: 43 + Double(index) * 14, size: 11, fill: palette.accessoryText, role: "prompt")
            }
            return
        }
        let head = shown.symbol + " " + shown.name
        svg.text(head, x: 10, y: 21, size: 12, weight: 700, fill: palette.accessoryText, role: "name", fitting: w)
        amount(shown.amount, x: 10, y: 46, preferred: 20, width: w - 20, fill: palette.accessoryText)
        if face.isMasked { lock(cx: width - 18, cy: 39, size: 12, color: palette.accessoryText) }
        let updated = face.updated.map { face.language.text("Updated %@", $0) } ?? ""
        svg.text(updated, x: 10, y: 66, size: 10.5, fill: palette.accessoryText, role: "updated", fitting: w)
    }

    private mutating func drawInline() {
        svg.rect(x: 0.5, y: 0.5, width: width - 1, height: height - 1, radius: height / 2, fill: palette.accessoryBackground,
                 stroke: palette.accessoryOutline)
        let size = 12.5
        guard let shown = accessoryAmount else {
            lock(cx: 14, cy: 11, size: 10, color: palette.accessoryText)
            svg.text(promptText, x: 24, y: 15.5, size: size, weight: 600,
                     fill: palette.accessoryText, role: "prompt", fitting: width - 34)
            return
        }
        // The amount is never cut: the name gives way.
        let tail = " " + shown.amount
        let room = width - 28 - TextFitting.width(of: shown.symbol + " " + tail, fontSize: size, bold: true)
        let name = fit(shown.name, max(0, room), size, bold: true)
        svg.text(shown.symbol + " " + name, x: 10, y: 15.5, size: size, weight: 600, fill: palette.accessoryText, role: "name")
        svg.text(shown.amount, x: width - 10, y: 15.5, size: size, weight: 700, fill: palette.accessoryText, anchor: .end, role: "amount")
    }

    private var actionLabel: String {
        if case let .prompt(_, action) = face.content { return action }
        return ""
    }

    private var promptText: String {
        if case let .prompt(text, _) = face.content { return text }
        return face.title
    }

    // MARK: - Pieces

    /// Shortens a name to `width` at `size`.
    private func fit(_ text: String, _ width: Double, _ size: Double, bold: Bool = false) -> String {
        TextFitting.truncated(text, toWidth: width, fontSize: size, bold: bold)
    }

    /// The largest text: an amount (or the mask), shrunk to fit and squeezed
    /// if even the smallest size is too wide; never cut.
    private mutating func amount(
        _ text: String, x: Double, y: Double, preferred: Double, width: Double,
        anchor: SVGWriter.Anchor = .start, fill: String? = nil
    ) {
        let minimum = max(10, preferred * 0.55)
        let natural = TextFitting.width(of: text, fontSize: preferred, bold: true)
        let size = natural <= width ? preferred : max(minimum, preferred * width / natural)
        let squeeze = TextFitting.width(of: text, fontSize: size, bold: true) > width ? width : nil
        let colour = fill ?? (face.isMasked ? palette.muted : palette.primaryText)
        svg.text(text, x: x, y: y, size: size.rounded(.down), weight: 700, fill: colour, anchor: anchor, role: "amount",
                 fitWidth: squeeze)
    }

    /// The negative colour for a negative balance; `nil` (the usual colour) otherwise.
    private func negativeFill(_ account: WidgetFace.AccountLine) -> String? {
        account.isNegative ? palette.negative : nil
    }

    /// A row in the large lists: badge, name and IBAN on the left, amount on the right.
    private mutating func row(_ account: WidgetFace.AccountLine, left: Double, right: Double, top: Double, compact: Bool = false) {
        let radius = compact ? 10.0 : 11.0
        badge(account.symbol, isMain: account.isMain, cx: left + radius, cy: top + (compact ? 17 : 22), r: radius)
        let textLeft = left + 2 * radius + 10
        let amountSize = compact ? 14.0 : 15.0
        let amountWidth = min(TextFitting.width(of: account.amount, fontSize: amountSize, bold: true), 150)
        let nameWidth = right - textLeft - amountWidth - 12
        if compact {
            svg.text(account.name, x: textLeft, y: top + 22, size: 13, weight: 600,
                     fill: palette.primaryText, role: "name", fitting: nameWidth - 64)
            if let number = account.number {
                svg.text(number, x: right - amountWidth - 12, y: top + 22, size: 10.5, fill: palette.secondaryText,
                         anchor: .end, role: "iban")
            }
        } else {
            svg.text(account.name, x: textLeft, y: top + 19, size: 13, weight: 600,
                     fill: palette.primaryText, role: "name", fitting: nameWidth)
            if let number = account.number { svg.text(number, x: textLeft, y: top + 35, size: 10.5, fill: palette.secondaryText, role: "iban") }
        }
        amount(account.amount, x: right, y: top + (compact ? 22 : 28), preferred: amountSize, width: 150, anchor: .end,
               fill: negativeFill(account))
        if !compact { svg.line(x1: textLeft, y1: top + 45, x2: right, y2: top + 45, stroke: palette.separator) }
    }

    /// A row in the medium widget's right column: name over amount.
    private mutating func compactRow(_ account: WidgetFace.AccountLine, left: Double, right: Double, top: Double) {
        badge(account.symbol, isMain: account.isMain, cx: left + 9, cy: top + 10, r: 9)
        svg.text(account.name, x: left + 24, y: top + 14, size: 12, weight: 600,
                 fill: palette.secondaryText, role: "name", fitting: right - left - 24)
        amount(account.amount, x: left, y: top + 38, preferred: 17, width: right - left, fill: negativeFill(account))
    }

    /// A spending category: name, amount and share, and a bar.
    private mutating func categoryRow(
        _ category: WidgetFace.CategoryLine, left: Double, right: Double, top: Double, size: Double, withAmount: Bool = true
    ) {
        // Masked: the mask alone. Narrow widgets show the share, wide ones the amount too.
        let value = category.percent.map { withAmount ? "\(category.amount) · \($0)" : $0 } ?? category.amount
        let valueWidth = min(TextFitting.width(of: value, fontSize: size, bold: true), (right - left) * 0.6)
        svg.text(category.name, x: left, y: top + size, size: size,
                 fill: palette.primaryText, role: "category", fitting: right - left - valueWidth - 8)
        svg.text(value, x: right, y: top + size, size: size, weight: 600,
                 fill: face.isMasked ? palette.muted : palette.primaryText, anchor: .end, role: "amount",
                 fitWidth: TextFitting.width(of: value, fontSize: size, bold: true) > valueWidth ? valueWidth : nil)
        let barTop = top + size + 5
        svg.rect(x: left, y: barTop, width: right - left, height: 6, radius: 3, fill: palette.separator)
        if let fraction = category.fraction, fraction > 0 {
            svg.rect(x: left, y: barTop, width: max(6, (right - left) * fraction), height: 6, radius: 3, fill: palette.accent)
        }
    }

    /// "Last updated" over the relative time, for the small widget.
    private mutating func footerTwoLines(y: Double) {
        guard let updated = face.updated else { return }
        let colour = face.isStale ? palette.warning : palette.secondaryText
        svg.text(face.language.text(face.isSample ? "Sample · last updated" : "Last updated"), x: pad, y: y, size: 10.5, fill: colour, role: "updated")
        svg.text(updated, x: pad, y: y + 15, size: 11.5, weight: 600, fill: colour, role: "updated")
    }

    /// "Last updated 5 min ago" on one line.
    private mutating func footerOneLine(y: Double, width: Double, short: Bool = false) {
        guard let updated = face.updated else { return }
        let colour = face.isStale ? palette.warning : palette.secondaryText
        var text = face.language.text(short ? "Updated %@" : "Last updated %@", updated)
        if face.isSample { text += " · " + face.language.text("sample") }
        svg.text(text, x: pad, y: y, size: 11, weight: face.isStale ? 600 : 400, fill: colour, role: "updated", fitting: width)
    }

    /// The flag pill, right-aligned at `right`; returns its left edge.
    @discardableResult
    private mutating func drawFlag(_ flag: WidgetFace.Flag, right: Double, centerY: Double) -> Double {
        let size = 10.5
        let textWidth = TextFitting.width(of: flag.label, fontSize: size, bold: true)
        let pillWidth = textWidth + 28
        let left = right - pillWidth
        let (fill, ink) = flag.tone == .warning ? (palette.warningBackground, palette.warning) : (palette.mutedBackground, palette.muted)
        svg.rect(x: left, y: centerY - 10, width: pillWidth, height: 20, radius: 10, fill: fill)
        icon(flag.icon, cx: left + 12, cy: centerY, size: 9, color: ink)
        svg.text(flag.label, x: left + 20, y: centerY + 3.8, size: size, weight: 700, fill: ink, role: "flag")
        return left
    }

    /// A flag's picture, about `size` high, centred on `(cx, cy)`.
    private mutating func icon(_ icon: WidgetFace.Flag.Icon, cx: Double, cy: Double, size: Double, color: String) {
        let n = Markup.number
        let r = size / 2
        let stroke = max(1.2, size * 0.13)
        switch icon {
        case .lock:
            lock(cx: cx, cy: cy, size: size, color: color)
        case .clock:
            svg.circle(cx: cx, cy: cy, r: r, fill: "none", stroke: color, strokeWidth: stroke)
            svg.path("M\(n(cx)) \(n(cy - r * 0.6))V\(n(cy))H\(n(cx + r * 0.5))", fill: "none", stroke: color, strokeWidth: stroke)
        case .hourglass:
            svg.path(
                "M\(n(cx - r * 0.8)) \(n(cy - r))H\(n(cx + r * 0.8))L\(n(cx - r * 0.8)) \(n(cy + r))H\(n(cx + r * 0.8))Z",
                fill: "none", stroke: color, strokeWidth: stroke)
        case .eyeSlash:
            svg.path(
                "M\(n(cx - r)) \(n(cy))Q\(n(cx)) \(n(cy - r * 1.2)) \(n(cx + r)) \(n(cy))Q\(n(cx)) \(n(cy + r * 1.2)) \(n(cx - r)) \(n(cy))Z",
                fill: "none", stroke: color, strokeWidth: stroke)
            svg.circle(cx: cx, cy: cy, r: r * 0.3, fill: color)
            svg.line(x1: cx - r, y1: cy + r, x2: cx + r, y2: cy - r, stroke: color, width: stroke)
        case .shield:
            svg.path(
                "M\(n(cx)) \(n(cy - r))L\(n(cx + r * 0.85)) \(n(cy - r * 0.6))V\(n(cy))Q\(n(cx + r * 0.85)) \(n(cy + r * 0.7)) \(n(cx)) \(n(cy + r))Q\(n(cx - r * 0.85)) \(n(cy + r * 0.7)) \(n(cx - r * 0.85)) \(n(cy))V\(n(cy - r * 0.6))Z",
                fill: color)
        }
    }

    /// A round badge with the currency sign: filled for the main account.
    private mutating func badge(_ symbol: String, isMain: Bool, cx: Double, cy: Double, r: Double) {
        svg.circle(cx: cx, cy: cy, r: r, fill: isMain ? palette.accent : palette.badgeBackground)
        // One sign fills the badge; a code (CHF) is as large as still fits.
        let size = symbol.count > 1 ? min(r * 1.05, 1.75 * r / (Double(symbol.count) * 0.74 * 1.08)) : r * 1.05
        svg.text(symbol, x: cx, y: cy + size * 0.36, size: size.rounded(), weight: 700,
                 fill: isMain ? palette.onAccent : palette.accent, anchor: .middle, role: "symbol")
    }

    /// A round badge with three bars: the spending widget's symbol.
    private mutating func chartBadge(cx: Double, cy: Double, r: Double) {
        svg.circle(cx: cx, cy: cy, r: r, fill: palette.accent)
        let bar = r * 0.22
        for (index, fraction) in [0.45, 0.8, 0.6].enumerated() {
            let h = r * 1.1 * fraction
            svg.rect(x: cx - r * 0.5 + Double(index) * bar * 1.6, y: cy + r * 0.5 - h, width: bar, height: h, radius: 1,
                     fill: palette.onAccent)
        }
    }

    /// A padlock of height about `size`, centred on `(cx, cy)`.
    private mutating func lock(cx: Double, cy: Double, size: Double, color: String) {
        let bodyWidth = size * 0.8
        let bodyHeight = size * 0.55
        let bodyTop = cy - size * 0.05
        svg.rect(x: cx - bodyWidth / 2, y: bodyTop, width: bodyWidth, height: bodyHeight, radius: size * 0.1, fill: color)
        let arc = size * 0.26
        let n = Markup.number
        svg.path("M\(n(cx - arc)) \(n(bodyTop))V\(n(bodyTop - size * 0.15))A\(n(arc)) \(n(arc)) 0 0 1 \(n(cx + arc)) \(n(bodyTop - size * 0.15))V\(n(bodyTop))",
                 fill: "none", stroke: color, strokeWidth: max(1.2, size * 0.12))
    }
}
