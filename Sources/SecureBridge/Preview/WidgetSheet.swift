/// Several widgets in one SVG: families side by side, one row per appearance.
enum WidgetSheet {
    static let gap = 24.0
    static let margin = 24.0
    static let labelHeight = 34.0

    /// The first entry of each timeline, drawn in each appearance and labelled.
    static func document(_ timelines: [Timeline], appearances: [PreviewAppearance], localeIdentifier: String) -> String {
        let shown = timelines.compactMap { timeline in
            timeline.entries.first.map { WidgetFace($0, family: timeline.family, localeIdentifier: localeIdentifier) }
        }
        let rowHeight = (shown.map { Double($0.family.previewSize.height) }.max() ?? 0) + labelHeight
        let width = margin * 2 + shown.reduce(0) { $0 + Double($1.family.previewSize.width) } + gap * Double(max(0, shown.count - 1))
        let height = Double(appearances.count) * (rowHeight + margin)
        var svg = SVGWriter()
        for (row, appearance) in appearances.enumerated() {
            let top = margin / 2 + Double(row) * (rowHeight + margin)
            let backdrop = appearance == .light ? "#E5E5EA" : "#000000"
            let ink = appearance == .light ? "#3A3A3C" : "#D1D1D6"
            svg.rect(x: 0, y: top - margin / 2, width: width, height: rowHeight + margin, fill: backdrop)
            var x = margin
            for face in shown {
                let size = face.family.previewSize
                svg.appendMarkup(WidgetSVG.element(face, appearance: appearance, x: x, y: top))
                svg.text("\(face.family.rawValue) \(size) · \(appearance.rawValue)", x: x, y: top + Double(size.height) + 15,
                         size: 11, weight: 600, fill: ink, role: "label")
                svg.text(TerminalPreview.describe(face.state, face.reason), x: x, y: top + Double(size.height) + 29,
                         size: 11, fill: ink, role: "label")
                x += Double(size.width) + gap
            }
        }
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Markup.number(width))\""
            + " height=\"\(Markup.number(height))\" viewBox=\"0 0 \(Markup.number(width)) \(Markup.number(height))\""
            + " font-family=\"\(Markup.escaped(WidgetSVG.fontFamily))\">" + svg.markup + "</svg>\n"
    }
}
