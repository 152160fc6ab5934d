/// The fast path of JSON string output: a string with nothing to escape (most
/// names, amounts and dates) is appended whole instead of scalar by scalar.
///
/// It duplicates a decision of the general path, `JSONOutput.appendEscaped`:
/// `needsEscaping` is true exactly when that path would change the string.
/// `JSONOutputFastPathTests` holds the two to that over seeded random and edge
/// strings. There is no table to regenerate: the bytes below are the UTF-8 of
/// the scalars `appendEscaped` escapes (RFC 8259 §7, and U+2028/U+2029 for
/// JavaScript), so a new escape there needs its bytes here too.
extension JSONOutput {
    /// Whether `text` holds anything `appendEscaped` escapes: a control
    /// character, `"`, `\\`, DEL, U+2028 or U+2029 (UTF-8 `E2 80 A8`/`A9`;
    /// `E2` only ever starts a scalar, so the three bytes are that scalar).
    static func needsEscaping(_ text: String) -> Bool {
        var last: UInt8 = 0
        var beforeLast: UInt8 = 0
        for byte in text.utf8 {
            if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0x7F {
                return true
            }
            if beforeLast == 0xE2, last == 0x80, byte == 0xA8 || byte == 0xA9 { return true }
            beforeLast = last
            last = byte
        }
        return false
    }
}
