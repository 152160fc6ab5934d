import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp
@testable import SecureBridgeTestSupport

/// Strings written whole (the fast path: nothing to escape) and strings
/// escaped scalar by scalar (the general path) come out as the escaping rules
/// say, and the fast path is taken exactly when the general one would change nothing.
@Suite struct JSONOutputFastPathTests {
    /// What the general path alone makes of `text`.
    private static func generalPath(_ text: String) -> String {
        var out = ""
        JSONOutput.appendEscaped(text, to: &out)
        return out
    }

    /// Scalars around every escape and every byte `needsEscaping` looks at:
    /// controls, quote, backslash, DEL, U+2028/U+2029 and their UTF-8
    /// neighbours (U+2027, U+202A, U+2000, U+2080…), and plain text.
    private static let edgeScalars: [Unicode.Scalar] = [
        "\u{0}", "\u{1}", "\u{8}", "\u{9}", "\u{A}", "\u{C}", "\u{D}", "\u{1F}", " ", "\"", "\\", "/", "a", "Z", "~",
        "\u{7F}", "\u{80}", "\u{A0}", "\u{E9}", "\u{2000}", "\u{2027}", "\u{2028}", "\u{2029}", "\u{202A}", "\u{202F}",
        "\u{2080}", "\u{20AC}", "\u{2022}", "\u{E000}", "\u{FEFF}", "\u{FFFD}", "\u{1F600}", "\u{10FFFF}",
    ]

    @Test func theFastPathIsTakenExactlyWhenTheGeneralPathChangesNothing() {
        var generator = SeededGenerator(seed: 8259)
        var strings = Self.edgeScalars.map { String(Character($0)) } + ["", "plain", "€4,675.00", "1.234,56\u{A0}€"]
        for first in Self.edgeScalars {
            for second in Self.edgeScalars { strings.append(String(String.UnicodeScalarView([first, second]))) }
        }
        for _ in 0..<5_000 {
            var scalars = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...12, using: &generator) {
                let scalar = Int.random(in: 0..<3, using: &generator) == 0
                    ? Self.edgeScalars.randomElement(using: &generator)!
                    : Unicode.Scalar(UInt32.random(in: 0...0x10FFFF, using: &generator)) ?? "\u{FFFD}"
                scalars.append(scalar)
            }
            strings.append(String(scalars))
        }
        var differing: [String] = []
        for text in strings {
            let general = Self.generalPath(text)
            if JSONOutput.needsEscaping(text) != (general != text)
                || JSONOutput.string(text).serialized != "\"" + general + "\"" {
                differing.append(text.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " "))
            }
        }
        #expect(differing.isEmpty, "\(differing.count) differ, first scalars: \(differing.prefix(5))")
    }

    @Test func stringsWithoutSpecialCharactersAreWrittenUnchanged() {
        for text in ["", "plain", "•••• 3000", "€4,675.00", "1.234,56\u{A0}€", "Zürich", "\u{2027}\u{202F}\u{2030}"] {
            #expect(!JSONOutput.needsEscaping(text))
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
