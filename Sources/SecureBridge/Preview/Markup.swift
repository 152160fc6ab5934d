import SecureBridge

/// Text made safe to stand in XML, SVG and HTML.
///
/// Every string that reaches markup goes through `escaped(_:)`: the five
/// XML special characters become references, and characters XML 1.0 does
/// not allow or that could reorder the surrounding markup when displayed
/// (C0 and C1 controls, bidirectional controls, line separators,
/// noncharacters) become U+FFFD. Names are validated before they are
/// published; this is the second line of defence.
enum Markup {
    /// `text` as XML character data or an attribute value (either quote).
    static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default:
                result.unicodeScalars.append(isUnsafe(scalar) ? "\u{FFFD}" : scalar)
            }
        }
        return result
    }

    /// Whether `scalar` must not appear in markup as it is.
    static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return true  // C0 (tab and newlines too: text is one line), DEL, C1
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true  // bidi controls
        case 0x2028, 0x2029: return true  // line and paragraph separators
        case 0xFDD0...0xFDEF: return true  // noncharacters
        default: return scalar.value & 0xFFFE == 0xFFFE  // U+xFFFE and U+xFFFF in every plane
        }
    }

    /// A coordinate or length: whole numbers plainly, others to one decimal.
    static func number(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        let sign = tenths < 0 ? "-" : ""
        let magnitude = tenths.magnitude
        return magnitude % 10 == 0 ? "\(sign)\(magnitude / 10)" : "\(sign)\(magnitude / 10).\(magnitude % 10)"
    }
}
