import Foundation
import SystemPackage
import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp
@testable import SecureBridgePreview
@testable import SecureBridgeTestSupport

@Suite struct PreviewTextTests {
    @Test func markupEscapesTheFiveCharactersAndReplacesUnsafeOnes() {
        #expect(Markup.escaped("<a href=\"x\">'&'</a>") == "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;")
        #expect(Markup.escaped("a\u{0}b\u{1B}c\u{202E}d\u{2028}e\u{FFFE}") == "a\u{FFFD}b\u{FFFD}c\u{FFFD}d\u{FFFD}e\u{FFFD}")
        #expect(Markup.escaped("Zürich €5 حساب 日本") == "Zürich €5 حساب 日本")
        #expect(Markup.number(12) == "12" && Markup.number(12.25) == "12.3" && Markup.number(0.04) == "0")
    }

    @Test func truncationCutsWholeCharactersAndEndsInAnEllipsis() {
        let cut = TextFitting.truncated("Everyday Account for the family", toWidth: 100, fontSize: 14)
        #expect(cut.hasSuffix("…") && !cut.hasSuffix(" …"))
        #expect(TextFitting.width(of: cut, fontSize: 14) <= 100)
        #expect(TextFitting.truncated("Short", toWidth: 100, fontSize: 14) == "Short")
        let flags = TextFitting.truncated("🇩🇪🇩🇪🇩🇪🇩🇪🇩🇪🇩🇪🇩🇪", toWidth: 40, fontSize: 14)
        #expect(flags.dropLast().allSatisfy { $0 == "🇩🇪" })
    }

    @Test func wrappingKeepsWordsAndMarksWhatIsLeftOut() {
        let lines = TextFitting.wrapped("Log in to see your accounts", toWidth: 90, fontSize: 14, bold: true, maxLines: 3)
        #expect(lines.joined(separator: " ") == "Log in to see your accounts")
        #expect(lines.count > 1)
        let short = TextFitting.wrapped("Log in to see your accounts and much more text", toWidth: 90, fontSize: 14, maxLines: 2)
        #expect(short.count == 2 && short[1].hasSuffix("…"))
    }

    @Test func terminalWidthCountsWideAndCombiningCharacters() {
        #expect(TerminalWidth.of("abc") == 3)
        #expect(TerminalWidth.of("日本") == 4)
        #expect(TerminalWidth.of("e\u{301}") == 1)
        #expect(TerminalWidth.truncated("日本円トラベル", toColumns: 7) == "日本円…")
        #expect(TerminalWidth.padded("ab", toColumns: 4) == "ab  ")
    }

    @Test func currencySignsComeFromTheMoneyFormatter() {
        #expect(CurrencySign.symbol(forCode: "EUR", localeIdentifier: "en_US") == "€")
        #expect(CurrencySign.symbol(forCode: "USD", localeIdentifier: "en_US") == "$")
        #expect(CurrencySign.symbol(forCode: "CHF", localeIdentifier: "en_US") == "CHF")
        #expect(CurrencySign.symbol(forCode: "<b>", localeIdentifier: "en_US") == "¤")
    }
}
