/// Unicode helpers: strict UTF-8, the characters a widget must never show, safe quoting in errors.
enum UnicodeText {
    /// The length (1–4) of the well-formed UTF-8 sequence at `offset`, or `nil` (Unicode Table 3-7).
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

    static func isValidUTF8(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        while offset < bytes.count {
            guard let length = sequenceLength(in: bytes, at: offset) else { return false }
            offset += length
        }
        return true
    }

    /// Controls, line and paragraph separators, bidi controls and U+FEFF: each
    /// Controls, separators, bidi controls and U+FEFF, which could hide or reorder text to impersonate an account.
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

    /// Invisible or format characters (Cf, default-ignorable, fillers, blank Braille, private use) that
    /// could pass for another name, an amount or a mask; ZWNJ, ZWJ and VS15/VS16 stay allowed for real names.
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

    /// The mask's bullet or a dot that passes for it; U+00B7 stays allowed (Catalan `l·l`).
    static func looksLikeMask(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x2022, 0x2024, 0x2027, 0x2043, 0x2219, 0x22C5, 0x25CF, 0x25E6, 0x26AB, 0x2981, 0x2B24, 0x30FB, 0xFF65:
            return true
        default:
            return false
        }
    }

    static func codePoint(_ value: UInt32) -> String {
        let hex = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// `text` quoted and safe to print: at most 32 scalars, invisible ones, quotes and backslashes escaped.
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
