import Testing
@testable import SecureBridge

/// Strings written whole (nothing to escape) and strings escaped scalar by
/// scalar come out as the escaping rules say.
@Suite struct JSONOutputFastPathTests {
    @Test func stringsWithoutSpecialCharactersAreWrittenUnchanged() {
        for text in ["", "plain", "•••• 3000", "€4,675.00", "1.234,56\u{A0}€", "Zürich", "\u{2027}\u{202F}\u{2030}"] {
            #expect(JSONOutput.string(text).serialized == "\"" + text + "\"")
        }
    }

    @Test func aLoneLineOrParagraphSeparatorIsStillEscaped() {
        #expect(JSONOutput.string("a\u{2028}b").serialized == #""a\u2028b""#)
        #expect(JSONOutput.string("€\u{2029}").serialized == #""€\u2029""#)
        #expect(JSONOutput.string("x\u{7F}").serialized == #""x\u007f""#)
        #expect(JSONOutput.string("tab\there").serialized == #""tab\there""#)
    }
}
