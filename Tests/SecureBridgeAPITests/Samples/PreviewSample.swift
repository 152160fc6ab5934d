// Previews from Swift, as docs/PREVIEW.md shows them.

// snippet preview
import Foundation
import SecureBridge
import SecureBridgePreview

/// A balance widget in every size as terminal text, the large one as dark SVG, and the gallery page.
func previews(home: BridgeHome) -> (text: String, svg: String, gallery: String) {
    let preview = WidgetPreview(
        reader: WidgetReader(home: home), request: WidgetRequest(kind: .balance, family: .systemMedium),
        now: Date(), whatIf: false)
    let text = preview.text(families: BridgeFamily.allCases, color: false)
    let svg = preview.svg(families: [.systemLarge], appearances: [.dark])
    return (text, svg, preview.galleryHTML(timelineFamily: .systemMedium))
}
// end snippet
