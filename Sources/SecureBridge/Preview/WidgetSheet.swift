import SecureBridge

/// Several widgets in one SVG: families side by side, one row per appearance,
/// each with its family, size and state beneath it.
enum WidgetSheet {
    static let gap = 24.0
    static let margin = 24.0
    static let labelHeight = 50.0
    static let labelSize = 11.0

    /// The first entry of each timeline, drawn in each appearance and labelled.
    static func document(_ timelines: [BridgeTimeline], appearances: [PreviewAppearance], localeIdentifier: String) -> String {
        let shown = timelines.compactMap { timeline in
            timeline.entries.first.map { WidgetFace($0, family: timeline.family, localeIdentifier: localeIdentifier) }
        }
        // A column is as wide as its widget or its longest label, whichever is wider.
        let columns = shown.map { face in
            max(Double(face.family.previewSize.width),
                labels(face, appearance: .light).map { TextFitting.width(of: $0, fontSize: labelSize, bold: true) }.max() ?? 0)
        }
        let rowHeight = (shown.map { Double($0.family.previewSize.height) }.max() ?? 0) + labelHeight
        let width = (margin * 2 + columns.reduce(0, +) + gap * Double(max(0, shown.count - 1))).rounded(.up)
        let height = Double(appearances.count) * (rowHeight + margin)
        var svg = SVGWriter()
        for (row, appearance) in appearances.enumerated() {
            let top = margin / 2 + Double(row) * (rowHeight + margin)
            let ink = appearance == .light ? "#3A3A3C" : "#D1D1D6"
            svg.rect(x: 0, y: top - margin / 2, width: width, height: rowHeight + margin,
                     fill: appearance == .light ? "#E5E5EA" : "#000000")
            var x = margin
            for (face, column) in zip(shown, columns) {
                let size = face.family.previewSize
                svg.appendMarkup(WidgetSVG.element(face, appearance: appearance, x: x, y: top))
                for (line, text) in labels(face, appearance: appearance).enumerated() {
                    svg.text(text, x: x, y: top + Double(size.height) + 15 + Double(line) * 14, size: labelSize,
                             weight: line == 0 ? 600 : 400, fill: ink, role: "label")
                }
                x += column + gap
            }
        }
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Markup.number(width))\""
            + " height=\"\(Markup.number(height))\" viewBox=\"0 0 \(Markup.number(width)) \(Markup.number(height))\""
            + " font-family=\"\(Markup.escaped(WidgetSVG.fontFamily))\">" + svg.markup + "</svg>\n"
    }

    /// `systemSmall`, `170×170 pt · light`, `full`.
    private static func labels(_ face: WidgetFace, appearance: PreviewAppearance) -> [String] {
        [face.family.rawValue, "\(face.family.previewSize) pt · \(appearance.rawValue)",
         TerminalPreview.describe(face.state, face.reason)]
    }
}
