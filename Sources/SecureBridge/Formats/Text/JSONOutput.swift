/// A JSON document with ordered keys, written deterministically: what SecureBridge prints.
package enum JSONOutput: Sendable {
    case string(String)
    case bool(Bool)
    case integer(Int64)
    /// For counters read from disk (epochs, sequences) that may reach 2⁶⁴ − 1.
    case unsigned(UInt64)
    case null
    case array([JSONOutput])
    case object([(String, JSONOutput)])

    package static func string(_ value: String?) -> JSONOutput {
        value.map(JSONOutput.string) ?? .null
    }

    package var serialized: String {
        var out: [UInt8] = []
        out.reserveCapacity(1024)
        write(to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    private func write(to out: inout [UInt8]) {
        switch self {
        case let .string(text):
            Self.writeString(text, to: &out)
        case let .bool(flag):
            out.append(contentsOf: (flag ? "true" : "false").utf8)
        case let .integer(number):
            out.append(contentsOf: String(number).utf8)
        case let .unsigned(number):
            out.append(contentsOf: String(number).utf8)
        case .null:
            out.append(contentsOf: "null".utf8)
        case let .array(items):
            out.append(UInt8(ascii: "["))
            for index in items.indices {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                items[index].write(to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case let .object(members):
            out.append(UInt8(ascii: "{"))
            for index in members.indices {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                Self.writeString(members[index].0, to: &out)
                out.append(UInt8(ascii: ":"))
                members[index].1.write(to: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    /// A JSON string; U+2028 and U+2029 are escaped too, so it is safe in JavaScript.
    private static func writeString(_ text: String, to out: inout [UInt8]) {
        var escaped = ""
        appendEscaped(text, to: &escaped)
        out.append(UInt8(ascii: "\""))
        out.append(contentsOf: escaped.utf8)
        out.append(UInt8(ascii: "\""))
    }

    private static func appendEscaped(_ text: String, to out: inout String) {
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    out += "\\u00" + hexByte(UInt8(scalar.value))
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
    }

    private static func hexByte(_ byte: UInt8) -> String {
        let digits = Array("0123456789abcdef")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
    }
}
