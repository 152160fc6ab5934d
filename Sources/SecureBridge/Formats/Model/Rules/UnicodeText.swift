/// Unicode helpers shared by the JSON parser, the input rules and the payload
/// codec: strict UTF-8 validation, the characters a widget must never show,
/// and safe quoting of untrusted text inside error messages.
enum UnicodeText {
    /// The length of the well-formed UTF-8 sequence that starts at `offset`,
    /// or `nil` when the bytes there are not one (Unicode Table 3-7: no
    /// overlong forms, no encoded surrogates, nothing above U+10FFFF).
    /// - Parameters:
    ///   - bytes: The buffer.
    ///   - offset: Where the sequence starts; must be a valid index.
    /// - Returns: 1 to 4, or `nil`.
    @inline(__always)
    static func sequenceLength(in bytes: UnsafeRawBufferPointer, at offset: Int) -> Int? {
        let lead = bytes[offset]
        if lead < 0x80 { return 1 }
        let remaining = bytes.count - offset
        @inline(__always) func continuation(_ index: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> Bool {
            index < remaining && range.contains(bytes[offset + index])
        }
        switch lead {
        case 0xC2...0xDF:
            return continuation(1) ? 2 : nil
        case 0xE0:
            return continuation(1, 0xA0...0xBF) && continuation(2) ? 3 : nil
        case 0xE1...0xEC, 0xEE...0xEF:
            return continuation(1) && continuation(2) ? 3 : nil
        case 0xED:
            return continuation(1, 0x80...0x9F) && continuation(2) ? 3 : nil
        case 0xF0:
            return continuation(1, 0x90...0xBF) && continuation(2) && continuation(3) ? 4 : nil
        case 0xF1...0xF3:
            return continuation(1) && continuation(2) && continuation(3) ? 4 : nil
        case 0xF4:
            return continuation(1, 0x80...0x8F) && continuation(2) && continuation(3) ? 4 : nil
        default:
            return nil
        }
    }

    /// Whether every byte sequence in `bytes` is well-formed UTF-8.
    static func isValidUTF8(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        while offset < bytes.count {
            guard let length = sequenceLength(in: bytes, at: offset) else { return false }
            offset += length
        }
        return true
    }

    /// Whether a widget must refuse to show `scalar`: control characters (C0,
    /// DEL, C1), line and paragraph separators, bidirectional formatting
    /// controls (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069) and the
    /// zero-width no-break space U+FEFF. Each can hide or reorder text, so a
    /// name could impersonate another account.
    static func isDisallowed(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x20 || (0x7F...0x9F).contains(value) { return true }
        switch value {
        case 0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069, 0xFEFF:
            return true
        default:
            return false
        }
    }

    /// Whether `scalar` is invisible or a formatting character that a name
    /// could use to look like another name, an amount or a mask: every
    /// default-ignorable code point and every format character (Unicode
    /// category Cf: soft hyphen, zero-width spaces, word joiner, tag
    /// characters, Arabic number signs…), the Hangul fillers, the blank
    /// Braille pattern and private-use characters (whose glyph is anyone's).
    ///
    /// Allowed, because real names need them and they only join what is
    /// around them: the zero-width non-joiner and joiner (U+200C, U+200D:
    /// Persian, Indic scripts, emoji sequences) and the text and emoji
    /// presentation selectors (U+FE0E, U+FE0F).
    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x80 { return false }
        switch value {
        case 0x200C, 0x200D, 0xFE0E, 0xFE0F: return false
        case 0x2800: return true
        default: break
        }
        let properties = scalar.properties
        switch properties.generalCategory {
        case .format, .privateUse: return true
        default: return properties.isDefaultIgnorableCodePoint
        }
    }

    /// Whether `scalar` is the bullet of `Redaction.mask` or a dot that
    /// passes for it (bullet operator, dot operator, black circle…): a name
    /// holding one could pose as a masked amount.
    ///
    /// The middle dot U+00B7 is allowed: Catalan writes it inside words (`l·l`).
    static func looksLikeMask(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x2022, 0x2024, 0x2027, 0x2043, 0x2219, 0x22C5, 0x25CF, 0x25E6, 0x26AB, 0x2981, 0x2B24, 0x30FB, 0xFF65:
            return true
        default:
            return false
        }
    }

    /// `U+XXXX` for a code point, at least four hexadecimal digits.
    static func codePoint(_ value: UInt32) -> String {
        let hex = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// `text` in double quotes, safe to print: at most 32 scalars (then "…"),
    /// and every disallowed or invisible scalar, quote and backslash written as an escape.
    static func quoted(_ text: String) -> String {
        var result = "\""
        var count = 0
        for scalar in text.unicodeScalars {
            if count == 32 {
                result += "…"
                break
            }
            count += 1
            if isDisallowed(scalar) || isInvisible(scalar) {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else if scalar == "\"" || scalar == "\\" {
                result += "\\" + String(scalar)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
