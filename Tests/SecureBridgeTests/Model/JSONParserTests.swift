import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp

@Suite struct JSONParserTests {
    private func parse(_ text: String) throws -> JSONValue {
        try JSONParser.parse(Array(text.utf8))
    }

    private func failure(_ bytes: [UInt8]) -> JSONError? {
        do {
            _ = try JSONParser.parse(bytes)
            return nil
        } catch {
            return error as? JSONError
        }
    }

    private func failure(_ text: String) -> JSONError? {
        failure(Array(text.utf8))
    }

    // MARK: Valid documents

    @Test func parsesEveryKindOfValue() throws {
        let value = try parse(#" { "s": "x", "n": -12.5e+3, "t": true, "f": false, "z": null, "a": [1, [], {}] } "#)
        #expect(value == .object([
            ("s", .string("x")), ("n", .number("-12.5e+3")), ("t", .bool(true)), ("f", .bool(false)),
            ("z", .null), ("a", .array([.number("1"), .array([]), .object([])])),
        ]))
    }

    @Test func keepsNumberLiteralsAsWritten() throws {
        #expect(try parse("[0, -0, 0.10, 1E2, 4675.00, 12345678901234567890123]") == .array([
            .number("0"), .number("-0"), .number("0.10"), .number("1E2"), .number("4675.00"),
            .number("12345678901234567890123"),
        ]))
    }

    @Test func keepsObjectMembersInDocumentOrder() throws {
        guard case let .object(members) = try parse(#"{"b": 1, "a": 2, "c": 3}"#) else {
            Issue.record("not an object")
            return
        }
        #expect(members.map(\.key) == ["b", "a", "c"])
    }

    @Test func decodesEscapesAndSurrogatePairs() throws {
        let value = try parse(#"["\" \\ \/ \b \f \n \r \t \u00e9 \u20AC \uD83D\uDE00 \u0000"]"#)
        #expect(value == .array([.string("\" \\ / \u{8} \u{C} \n \r \t é € 😀 \u{0}")]))
    }

    @Test func acceptsMultibyteUTF8InStrings() throws {
        #expect(try parse(#"["Zürich €5 中文 😀"]"#) == .array([.string("Zürich €5 中文 😀")]))
    }

    @Test func acceptsTopLevelScalars() throws {
        #expect(try parse(#""x""#) == .string("x"))
        #expect(try parse(" 42 ") == .number("42"))
        #expect(try parse("null") == .null)
    }

    @Test func acceptsNestingUpToTheLimit() throws {
        let depth = JSONParser.maximumDepth
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        #expect(throws: Never.self) { try parse(text) }
    }

    @Test func sameKeyInDifferentObjectsIsNotADuplicate() throws {
        #expect(throws: Never.self) { try parse(#"{"a": {"a": 1}, "b": [{"a": 2}, {"a": 3}]}"#) }
    }

    // MARK: Errors with exact positions

    @Test func reportsLineAndColumnAsInTheSpecification() {
        let error = failure("{\n  \"a\": 1,\n  \"b\": true  \"c\": 2\n}")
        #expect(error == .invalid(.expectedCommaOrEndOfObject, line: 3, column: 14))
        #expect(error?.description
            == "The input is not valid JSON: line 3, column 14: expected ',' or '}' after an object member.")
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let input: String
        let problem: JSONError.Problem
        let line: Int
        let column: Int
        var testDescription: String { input.debugDescription }
    }

    static let cases: [Case] = [
        Case(input: "", problem: .expectedValue, line: 1, column: 1),
        Case(input: "  ", problem: .expectedValue, line: 1, column: 3),
        Case(input: "[", problem: .expectedValueOrEndOfArray, line: 1, column: 2),
        Case(input: "[1 2]", problem: .expectedCommaOrEndOfArray, line: 1, column: 4),
        Case(input: "[1,]", problem: .trailingComma, line: 1, column: 4),
        Case(input: "[1,,2]", problem: .expectedValue, line: 1, column: 4),
        Case(input: #"{"a":1,}"#, problem: .trailingComma, line: 1, column: 8),
        Case(input: #"{"a":1,2}"#, problem: .expectedKey, line: 1, column: 8),
        Case(input: "{1:2}", problem: .expectedKeyOrEndOfObject, line: 1, column: 2),
        Case(input: #"{"a" 1}"#, problem: .expectedColon, line: 1, column: 6),
        Case(input: #"{"a":}"#, problem: .expectedValue, line: 1, column: 6),
        Case(input: #"{"a": 1 "b": 2}"#, problem: .expectedCommaOrEndOfObject, line: 1, column: 9),
        Case(input: "[1] x", problem: .expectedEndOfInput, line: 1, column: 5),
        Case(input: "[1][2]", problem: .expectedEndOfInput, line: 1, column: 4),
        Case(input: "[tru]", problem: .expectedValueOrEndOfArray, line: 1, column: 2),
        Case(input: "[True]", problem: .expectedValueOrEndOfArray, line: 1, column: 2),
        Case(input: "[NaN]", problem: .expectedValueOrEndOfArray, line: 1, column: 2),
        Case(input: "[+1]", problem: .expectedValueOrEndOfArray, line: 1, column: 2),
        Case(input: "[.5]", problem: .expectedValueOrEndOfArray, line: 1, column: 2),
        Case(input: "[01]", problem: .leadingZero, line: 1, column: 2),
        Case(input: "[-01]", problem: .leadingZero, line: 1, column: 3),
        Case(input: "[-]", problem: .expectedDigitAfterMinus, line: 1, column: 3),
        Case(input: "[1.]", problem: .expectedFractionDigit, line: 1, column: 4),
        Case(input: "[1e]", problem: .expectedExponentDigit, line: 1, column: 4),
        Case(input: "[1e+]", problem: .expectedExponentDigit, line: 1, column: 5),
        Case(input: #"["a"#, problem: .unterminatedString, line: 1, column: 4),
        Case(input: "[\"a\nb\"]", problem: .controlCharacterInString(0x0A), line: 1, column: 4),
        Case(input: "[\"\t\"]", problem: .controlCharacterInString(0x09), line: 1, column: 3),
        Case(input: #"["\x"]"#, problem: .invalidEscape, line: 1, column: 3),
        Case(input: #"["\u12G4"]"#, problem: .expectedHexDigits, line: 1, column: 5),
        Case(input: #"["\u12"]"#, problem: .expectedHexDigits, line: 1, column: 5),
        Case(input: #"["\uD800"]"#, problem: .loneSurrogate, line: 1, column: 3),
        Case(input: #"["\uDC00"]"#, problem: .loneSurrogate, line: 1, column: 3),
        Case(input: #"["\uD800\u0041"]"#, problem: .loneSurrogate, line: 1, column: 3),
        Case(input: #"["ab\uD83Dx"]"#, problem: .loneSurrogate, line: 1, column: 5),
        Case(input: #"["\uDE00\uD83D"]"#, problem: .loneSurrogate, line: 1, column: 3),
        Case(input: #"{"a": 1, "a": 2}"#, problem: .duplicateKey("a"), line: 1, column: 10),
        Case(input: "[é]", problem: .expectedValueOrEndOfArray, line: 1, column: 2),
        Case(input: "[1, tru]", problem: .expectedValue, line: 1, column: 5),
        Case(input: "[\"é\", x]", problem: .expectedValue, line: 1, column: 7),
        Case(input: "[1,\r\n2,\r\n]", problem: .trailingComma, line: 3, column: 1),
        Case(input: "[1,\r2 3]", problem: .expectedCommaOrEndOfArray, line: 2, column: 3),
        Case(input: "\n\n   {\"k\": [1, 2,]}", problem: .trailingComma, line: 3, column: 16),
    ]

    @Test(arguments: cases)
    func rejectsMalformedDocumentsAtTheRightPlace(_ testCase: Case) {
        #expect(failure(testCase.input) == .invalid(testCase.problem, line: testCase.line, column: testCase.column))
    }

    @Test func rejectsNestingDeeperThanTheLimit() {
        let depth = JSONParser.maximumDepth + 1
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        #expect(failure(text) == .invalid(.nestingTooDeep(limit: 32), line: 1, column: 33))
        let objects = String(repeating: #"{"a":"#, count: depth) + "1" + String(repeating: "}", count: depth)
        #expect(failure(objects)?.problem == .nestingTooDeep(limit: 32))
    }

    @Test func honoursACustomDepthLimit() throws {
        #expect(throws: Never.self) { try JSONParser.parse(Array("[[1]]".utf8), maximumDepth: 2) }
        #expect(throws: JSONError.invalid(.nestingTooDeep(limit: 1), line: 1, column: 2)) {
            try JSONParser.parse(Array("[[1]]".utf8), maximumDepth: 1)
        }
    }

    @Test func rejectsAByteOrderMark() {
        #expect(failure([0xEF, 0xBB, 0xBF] + Array("[]".utf8)) == .invalid(.byteOrderMark, line: 1, column: 1))
    }

    @Test(arguments: [
        [0xC3, 0x28],  // a lead byte followed by ASCII
        [0x80],  // a lone continuation byte
        [0xC0, 0xAF],  // overlong '/'
        [0xE0, 0x80, 0xAF],  // overlong, three bytes
        [0xED, 0xA0, 0x80],  // an encoded surrogate (U+D800)
        [0xF4, 0x90, 0x80, 0x80],  // beyond U+10FFFF
        [0xF5, 0x80, 0x80, 0x80],  // never a lead byte
        [0xFF],
        [0xE2, 0x82],  // a sequence cut short
    ] as [[UInt8]])
    func rejectsInvalidUTF8InStrings(_ sequence: [UInt8]) {
        let bytes = Array(#"["ab"#.utf8) + sequence + Array(#""]"#.utf8)
        #expect(failure(bytes) == .invalid(.invalidUTF8, line: 1, column: 5))
    }

    @Test func rejectsInvalidUTF8AtTheEndOfTheInput() {
        #expect(failure(Array(#"["a"#.utf8) + [0xF0, 0x9F]) == .invalid(.invalidUTF8, line: 1, column: 4))
    }

    @Test func countsColumnsInUnicodeScalarsNotBytes() {
        // "😀" is four bytes but one column; "é" two bytes, one column.
        #expect(failure(#"["😀é", ]"#) == .invalid(.trailingComma, line: 1, column: 8))
    }

    @Test func duplicateKeyDescriptionQuotesTheKeySafely() {
        let error = failure("{\"a\\u202Eb\": 1, \"a\\u202Eb\": 2}")
        #expect(error?.problem == .duplicateKey("a\u{202E}b"))
        #expect(error?.description.contains("\"a\\u{202E}b\"") == true)
        #expect(error?.description.unicodeScalars.contains("\u{202E}") == false)
    }

    @Test func duplicateKeysAreFoundInSmallAndLargeObjects() throws {
        func object(_ keys: [String]) -> String {
            "{" + keys.enumerated().map { "\"\($0.element)\": \($0.offset)" }.joined(separator: ", ") + "}"
        }
        let distinct = (0..<40).map { "k\($0)" }
        #expect(try parse(object(distinct))["k39"] == .number("39"))
        // Repeats found by the search in order (below 16 members) and by the set (past it),
        // of keys seen before and after the switch.
        for (repeated, at) in [("k3", 10), ("k0", 16), ("k0", 30), ("k20", 35), ("k39", 40)] {
            var keys = distinct
            keys.insert(repeated, at: at)
            #expect(failure(object(keys))?.problem == .duplicateKey(repeated), "\(repeated) at \(at)")
        }
    }

    @Test func subscriptFindsObjectMembers() throws {
        let value = try parse(#"{"a": 1, "b": "x"}"#)
        #expect(value["b"] == .string("x"))
        #expect(value["c"] == nil)
        #expect(JSONValue.array([])["a"] == nil)
    }
}
