/// Writes one JSON object with keys in insertion order; strings are escaped
/// per RFC 8259 (plus U+2028/U+2029 for JavaScript consumers).
struct JSONObjectWriter {
    private var members: [String] = []

    mutating func add(_ key: String, _ value: String?) {
        addRaw(key, value.map(JSONObjectWriter.quoted) ?? "null")
    }

    mutating func add(_ key: String, _ value: Bool) { addRaw(key, value ? "true" : "false") }
    mutating func add(_ key: String, _ value: Int64) { addRaw(key, String(value)) }

    /// Adds an already-encoded JSON value (object, array, number, null).
    mutating func addRaw(_ key: String, _ json: String) {
        members.append("\(JSONObjectWriter.quoted(key)):\(json)")
    }

    var text: String { "{" + members.joined(separator: ",") + "}" }

    /// A JSON array from encoded values.
    static func array(_ values: [String]) -> String { "[" + values.joined(separator: ",") + "]" }

    /// A JSON string literal.
    static func quoted(_ text: String) -> String {
        var out = "\""
        out.unicodeScalars.reserveCapacity(text.unicodeScalars.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            case let c where c.value < 0x20 || c.value == 0x7f:
                let hex = String(c.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
