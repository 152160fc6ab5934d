import Foundation
import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp
@testable import SecureBridgeTestSupport

/// `read --format text` in a right-to-left language: each amount, share and
/// instant isolated left to right, names untouched and still sanitised, and
/// a left-to-right language without any bidirectional control.
@Suite struct RightToLeftTextTests {
    private static func text(_ kind: WidgetKind, _ locale: String, _ family: BridgeFamily = .systemLarge) -> String {
        let request = TimelineFixtures.request(kind, family, locale: locale)
        let timeline = WidgetTimeline.timeline(for: .content(TimelineFixtures.content()), request: request, now: TimelineFixtures.now)
        return TimelineText.render(timeline, timeZone: .gmt)
    }

    private static func lines(_ text: String) -> [String] {
        text.split(separator: "\n").map(String.init)
    }

    @Test func anArabicNegativeAmountIsIsolatedWithItsSignBeforeItsDigits() {
        let lines = Self.lines(Self.text(.balance, "ar_EG"))
        #expect(lines.contains("  Joint  \u{2066}-١٢٫٥٠\u{A0}€\u{2069}  •••• 2606"), "\(lines)")
        #expect(lines[1].hasPrefix("\u{2066}2026-11-21T16:00:00Z\u{2069}  full  "), "\(lines[1])")
        #expect(lines.contains("  آخر تحديث \u{2066}2026-11-21T15:55:00Z\u{2069} (قبل ٥ د)"), "\(lines)")
        #expect(lines.last?.hasPrefix("reload: after \u{2066}2026-11-21T") == true, "\(lines.last ?? "")")
    }

    @Test func arabicSharesAndTotalsAreIsolated() {
        let lines = Self.lines(Self.text(.spending, "ar_EG"))
        #expect(lines.contains("  Rent  \u{2066}٩٠٠٫٠٠\u{A0}€\u{2069}  \u{2066}٥٠٫٠٪\u{2069}"), "\(lines)")
    }

    @Test func aLeftToRightLanguageGetsNoBidirectionalControl() {
        for locale in ["en_US", "de_DE", "ja_JP"] {
            let text = Self.text(.balance, locale) + Self.text(.spending, locale)
            #expect(!text.unicodeScalars.contains { (0x2066...0x2069).contains($0.value) }, "\(locale)")
        }
        #expect(Self.lines(Self.text(.balance, "en_US")).contains("  Joint  -€12.50  •••• 2606"))
    }

    @Test func anIsolateInANameIsStillReplacedInArabic() {
        var portfolio = TimelineFixtures.portfolio
        portfolio = Portfolio(
            uncheckedAccounts: [Account(
                uncheckedID: "x", name: "A\u{2066}B\u{2069}", balance: TimelineFixtures.main.balance,
                identifier: TimelineFixtures.main.identifier, type: .main)],
            analytics: nil)
        let request = TimelineFixtures.request(.balance, .systemMedium, locale: "ar_EG")
        let timeline = WidgetTimeline.timeline(
            for: .content(TimelineFixtures.content(portfolio: portfolio)), request: request, now: TimelineFixtures.now)
        #expect(TimelineText.render(timeline).contains("  A\u{FFFD}B\u{FFFD}  \u{2066}"))
    }
}
