/// Why a document is not the strict JSON SecureBridge accepts.
///
/// The position is 1-based. Lines are separated by LF, CR or CR LF; columns
/// count Unicode scalars from the start of the line, so a column points at
/// the character an editor shows, not at a byte.
package enum JSONError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The document breaks a rule at `line`, `column`.
    case invalid(Problem, line: Int, column: Int)

    /// The rule that was broken, phrased as what the parser expected.
    public enum Problem: Equatable, Sendable, CustomStringConvertible {
        /// A value (object, array, string, number, `true`, `false`, `null`) was expected.
        case expectedValue
        /// After `[`, a value or `]` was expected.
        case expectedValueOrEndOfArray
        /// After `{`, a string key or `}` was expected.
        case expectedKeyOrEndOfObject
        /// After `,` in an object, a string key was expected.
        case expectedKey
        /// A `,` was followed directly by `}` or `]`.
        case trailingComma
        /// After an object key, `:` was expected.
        case expectedColon
        /// After an object member, `,` or `}` was expected.
        case expectedCommaOrEndOfObject
        /// After an array element, `,` or `]` was expected.
        case expectedCommaOrEndOfArray
        /// Something other than whitespace follows the top-level value.
        case expectedEndOfInput
        /// A number starts with `0` followed by another digit.
        case leadingZero
        /// A `-` is not followed by a digit.
        case expectedDigitAfterMinus
        /// A `.` in a number is not followed by a digit.
        case expectedFractionDigit
        /// An exponent has no digits.
        case expectedExponentDigit
        /// The input ends inside a string.
        case unterminatedString
        /// A string holds an unescaped control character (U+0000 to U+001F).
        case controlCharacterInString(UInt8)
        /// A backslash is followed by something other than `" \ / b f n r t u`.
        case invalidEscape
        /// `\u` is not followed by four hexadecimal digits.
        case expectedHexDigits
        /// A `\u` escape encodes half of a surrogate pair without the other half.
        case loneSurrogate
        /// The bytes are not well-formed UTF-8.
        case invalidUTF8
        /// The document starts with a byte order mark.
        case byteOrderMark
        /// Arrays and objects are nested deeper than `limit`.
        case nestingTooDeep(limit: Int)
        /// An object has two members with this key.
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
