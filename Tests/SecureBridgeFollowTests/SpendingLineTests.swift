import Foundation
import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp
@testable import SecureBridgeFollow
@testable import SecureBridgeTestSupport

/// `read --format line` of a spending widget: the word for spending and the
/// month as the locale writes them, then the total; in Arabic the amounts
/// isolated left to right so a right-to-left line keeps their sign in place.
@Suite struct SpendingLineTests {
    private static func line(_ kind: WidgetKind, _ locale: String, _ content: VerifiedContent = TimelineFixtures.content()) -> String {
        let request = TimelineFixtures.request(kind, .systemMedium, locale: locale)
        return StatusBarText.line(WidgetTimeline.timeline(for: .content(content), request: request, now: TimelineFixtures.now))
    }

    @Test(arguments: [
        ("en_US", "Spending November 2026 €1,800.00"),
        ("de_DE", "Ausgaben November 2026 1.800,00\u{A0}€"),
        ("ja_JP", "2026年11月の支出 €1,800.00"),
        ("ar_EG", "الإنفاق نوفمبر ٢٠٢٦ \u{2066}١٬٨٠٠٫٠٠\u{A0}€\u{2069}"),
    ])
    func theSpendingLineNamesWhatAndWhichMonthInTheLocalesWords(locale: String, expected: String) {
        #expect(Array(Self.line(.spending, locale).unicodeScalars) == Array(expected.unicodeScalars), "\(Self.line(.spending, locale))")
        #expect(!Self.line(.spending, locale).contains("2026-11"), "never the raw period")
    }

    @Test func anArabicBalanceLineIsolatesTheAmountAndOnlyTheAmount() {
        let arabic = Self.line(.balance, "ar_EG")
        #expect(Array(arabic.unicodeScalars) == Array("Main Account \u{2066}٤٬٦٧٥٫٠٠\u{A0}€\u{2069}".unicodeScalars), "\(arabic)")
        #expect(!Self.line(.balance, "en_US").unicodeScalars.contains { (0x2066...0x2069).contains($0.value) })
    }

    @Test func aMaskedSpendingLineStillNamesTheMonthAndShowsNoDigitOfAnAmount() {
        let masked = Self.line(.spending, "de_DE", TimelineFixtures.content(isLocked: true))
        #expect(masked.hasPrefix("Ausgaben November 2026 "), "\(masked)")
        #expect(!masked.contains("1.800"), "\(masked)")
    }
}
