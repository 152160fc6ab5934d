import Foundation
import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp
@testable import SecureBridgePreview
@testable import SecureBridgeTestSupport

/// One minus rule per output: a preview typesets every negative amount with
/// U+2212, while `read` keeps the formatter's hyphen-minus.
@Suite struct PreviewMinusSignTests {
    private static func timeline(_ locale: String) -> BridgeTimeline {
        let request = TimelineFixtures.request(.balance, .systemExtraLarge, locale: locale)
        return WidgetTimeline.timeline(for: .content(TimelineFixtures.content()), request: request, now: TimelineFixtures.now)
    }

    @Test(arguments: [("en_US", "\u{2212}€12.50", "-€12.50"), ("de_DE", "\u{2212}12,50\u{A0}€", "-12,50\u{A0}€")])
    func thePreviewDrawsU2212WhereReadWritesAHyphenMinus(locale: String, preview: String, read: String) {
        let terminal = TerminalPreview.render(Self.timeline(locale), color: false, localeIdentifier: locale)
        let svg = WidgetSVG.document(Self.timeline(locale).entries[0], family: .systemExtraLarge, appearance: .light, localeIdentifier: locale)
        for picture in [terminal, svg] {
            #expect(picture.contains(preview), "\(picture)")
            #expect(!picture.contains(read), "a preview writes a hyphen-minus: \(picture)")
        }
        #expect(TimelineText.render(Self.timeline(locale)).contains("  Joint  \(read)  "))
    }
}
