/// Why a document is not strict JSON; line and column are 1-based, columns in Unicode scalars.
package enum JSONError: Error, Equatable, Sendable, CustomStringConvertible {
    case invalid(Problem, line: Int, column: Int)

    /// The rule that was broken, phrased as what the parser expected.
    public enum Problem: Equatable, Sendable, CustomStringConvertible {
        case expectedValue
        case expectedValueOrEndOfArray
        case expectedKeyOrEndOfObject
        case expectedKey
        case trailingComma
        case expectedColon
        case expectedCommaOrEndOfObject
        case expectedCommaOrEndOfArray
        case expectedEndOfInput
        case leadingZero
        case expectedDigitAfterMinus
        case expectedFractionDigit
        case expectedExponentDigit
        case unterminatedString
        case controlCharacterInString(UInt8)
        case invalidEscape
        case expectedHexDigits
        case loneSurrogate
        case invalidUTF8
        case byteOrderMark
        case nestingTooDeep(limit: Int)
        case duplicateKey(String)

        public var description: String {
            switch self {
            case .expectedValue:
                return "expected a value (an object, array, string, number, true, false or null)"
            case .expectedValueOrEndOfArray:
                return "expected a value or ']' after '['"
            case .expectedKeyOrEndOfObject:
                return "expected a string key or '}' after '{'"
            case .expectedKey:
                return "expected a string key after ','"
            case .trailingComma:
                return "expected another member or element after ','; trailing commas are not allowed"
            case .expectedColon:
                return "expected ':' after an object key"
            case .expectedCommaOrEndOfObject:
                return "expected ',' or '}' after an object member"
            case .expectedCommaOrEndOfArray:
                return "expected ',' or ']' after an array element"
            case .expectedEndOfInput:
                return "expected the end of the input after the top-level value"
            case .leadingZero:
                return "a number must not have a leading zero"
            case .expectedDigitAfterMinus:
                return "expected a digit after '-'"
            case .expectedFractionDigit:
                return "expected a digit after the decimal point"
            case .expectedExponentDigit:
                return "expected a digit in the exponent"
            case .unterminatedString:
                return "expected '\"' to close the string before the end of the input"
            case let .controlCharacterInString(byte):
                return "a string must not contain the control character \(UnicodeText.codePoint(UInt32(byte))) unescaped"
            case .invalidEscape:
                return "expected one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\u after a backslash"
            case .expectedHexDigits:
                return "expected four hexadecimal digits after \\u"
            case .loneSurrogate:
                return "a \\u escape encodes an unpaired surrogate"
            case .invalidUTF8:
                return "the bytes are not valid UTF-8"
            case .byteOrderMark:
                return "a byte order mark is not allowed"
            case let .nestingTooDeep(limit):
                return "arrays and objects are nested more than \(limit) levels deep"
            case let .duplicateKey(key):
                return "the key \(UnicodeText.quoted(key)) appears twice in the same object"
            }
        }
    }

    /// The broken rule.
    public var problem: Problem {
        switch self { case let .invalid(problem, _, _): return problem }
    }

    /// The 1-based line of the offending character.
    public var line: Int {
        switch self { case let .invalid(_, line, _): return line }
    }

    /// The 1-based column (in Unicode scalars) of the offending character.
    public var column: Int {
        switch self { case let .invalid(_, _, column): return column }
    }

    public var description: String {
        "The input is not valid JSON: line \(line), column \(column): \(problem)."
    }
}
