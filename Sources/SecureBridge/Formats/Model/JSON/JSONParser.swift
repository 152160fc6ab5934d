/// A strict RFC 8259 parser: UTF-8, no BOM, lone surrogates or trailing commas, unique keys, a nesting limit.
package enum JSONParser {
    package static let maximumDepth = 32

    /// Parses a complete JSON document.
    /// - Throws: `JSONError` naming the line, column and broken rule.
    package static func parse(_ bytes: [UInt8], maximumDepth: Int = maximumDepth) throws -> JSONValue {
        try bytes.withUnsafeBytes { try parse($0, maximumDepth: maximumDepth) }
    }

    static func parse(_ bytes: UnsafeRawBufferPointer, maximumDepth: Int = maximumDepth) throws -> JSONValue {
        var parser = Parser(bytes: bytes, maximumDepth: maximumDepth)
        return try parser.parseDocument()
    }
}

extension JSONParser {
    /// Tracks only a byte offset; line and column are computed when an error is thrown.
    fileprivate struct Parser {
        let bytes: UnsafeRawBufferPointer
        let maximumDepth: Int
        var offset = 0

        init(bytes: UnsafeRawBufferPointer, maximumDepth: Int) {
            self.bytes = bytes
            self.maximumDepth = maximumDepth
        }

        mutating func parseDocument() throws -> JSONValue {
            if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
                throw failure(.byteOrderMark, at: 0)
            }
            skipWhitespace()
            let value = try parseValue(depth: 0, otherwise: .expectedValue)
            skipWhitespace()
            guard offset == bytes.count else { throw failure(.expectedEndOfInput, at: offset) }
            return value
        }

        // MARK: Values

        private mutating func parseValue(depth: Int, otherwise problem: JSONError.Problem) throws -> JSONValue {
            guard offset < bytes.count else { throw failure(problem, at: offset) }
            switch bytes[offset] {
            case UInt8(ascii: "{"):
                return try parseObject(depth: depth + 1)
            case UInt8(ascii: "["):
                return try parseArray(depth: depth + 1)
            case UInt8(ascii: "\""):
                return .string(try parseString())
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                return .number(try parseNumber())
            case UInt8(ascii: "t"):
                try expectLiteral("true", otherwise: problem)
                return .bool(true)
            case UInt8(ascii: "f"):
                try expectLiteral("false", otherwise: problem)
                return .bool(false)
            case UInt8(ascii: "n"):
                try expectLiteral("null", otherwise: problem)
                return .null
            default:
                throw failure(problem, at: offset)
            }
        }

        private mutating func expectLiteral(_ literal: StaticString, otherwise problem: JSONError.Problem) throws {
            let count = literal.utf8CodeUnitCount
            guard bytes.count - offset >= count else { throw failure(problem, at: offset) }
            let matches = literal.withUTF8Buffer { expected in
                (0..<count).allSatisfy { bytes[offset + $0] == expected[$0] }
            }
            guard matches else { throw failure(problem, at: offset) }
            offset += count
        }

        static let linearKeyLimit = 16

        private mutating func parseObject(depth: Int) throws -> JSONValue {
            guard depth <= maximumDepth else { throw failure(.nestingTooDeep(limit: maximumDepth), at: offset) }
            offset += 1  // {
            var members: [(key: String, value: JSONValue)] = []
            // Duplicate keys: searched in order up to `linearKeyLimit`, then in a set, so a huge object stays linear.
            var keys: Set<String>?
            skipWhitespace()
            if peek(UInt8(ascii: "}")) {
                offset += 1
                return .object(members)
            }
            var problem = JSONError.Problem.expectedKeyOrEndOfObject
            while true {
                guard peek(UInt8(ascii: "\"")) else { throw failure(problem, at: offset) }
                let keyOffset = offset
                let key = try parseString()
                let isDuplicate: Bool
                if members.count < Self.linearKeyLimit {
                    isDuplicate = members.contains { $0.key == key }
                } else {
                    if keys == nil { keys = Set(members.lazy.map(\.key)) }
                    isDuplicate = !keys!.insert(key).inserted
                }
                guard !isDuplicate else { throw failure(.duplicateKey(key), at: keyOffset) }
                skipWhitespace()
                guard peek(UInt8(ascii: ":")) else { throw failure(.expectedColon, at: offset) }
                offset += 1
                skipWhitespace()
                let value = try parseValue(depth: depth, otherwise: .expectedValue)
                members.append((key: key, value: value))
                skipWhitespace()
                if peek(UInt8(ascii: "}")) {
                    offset += 1
                    return .object(members)
                }
                guard peek(UInt8(ascii: ",")) else { throw failure(.expectedCommaOrEndOfObject, at: offset) }
                offset += 1
                skipWhitespace()
                if peek(UInt8(ascii: "}")) { throw failure(.trailingComma, at: offset) }
                problem = .expectedKey
            }
        }

        private mutating func parseArray(depth: Int) throws -> JSONValue {
            guard depth <= maximumDepth else { throw failure(.nestingTooDeep(limit: maximumDepth), at: offset) }
            offset += 1  // [
            var elements: [JSONValue] = []
            skipWhitespace()
            if peek(UInt8(ascii: "]")) {
                offset += 1
                return .array(elements)
            }
            var problem = JSONError.Problem.expectedValueOrEndOfArray
            while true {
                elements.append(try parseValue(depth: depth, otherwise: problem))
                skipWhitespace()
                if peek(UInt8(ascii: "]")) {
                    offset += 1
                    return .array(elements)
                }
                guard peek(UInt8(ascii: ",")) else { throw failure(.expectedCommaOrEndOfArray, at: offset) }
                offset += 1
                skipWhitespace()
                if peek(UInt8(ascii: "]")) { throw failure(.trailingComma, at: offset) }
                problem = .expectedValue
            }
        }

        // MARK: Numbers

        /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, returned as text.
        private mutating func parseNumber() throws -> String {
            let start = offset
            if peek(UInt8(ascii: "-")) {
                offset += 1
                guard peekDigit() else { throw failure(.expectedDigitAfterMinus, at: offset) }
            }
            if peek(UInt8(ascii: "0")) {
                offset += 1
                if peekDigit() { throw failure(.leadingZero, at: offset - 1) }
            } else {
                skipDigits()
            }
            if peek(UInt8(ascii: ".")) {
                offset += 1
                guard peekDigit() else { throw failure(.expectedFractionDigit, at: offset) }
                skipDigits()
            }
            if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
                offset += 1
                if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { offset += 1 }
                guard peekDigit() else { throw failure(.expectedExponentDigit, at: offset) }
                skipDigits()
            }
            return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
        }

        // MARK: Strings

        private mutating func parseString() throws -> String {
            offset += 1  // "
            var runStart = offset
            var decoded: [UInt8]? = nil
            while offset < bytes.count {
                let byte = bytes[offset]
                switch byte {
                case UInt8(ascii: "\""):
                    let run = UnsafeRawBufferPointer(rebasing: bytes[runStart..<offset])
                    offset += 1
                    guard var decoded else { return String(decoding: run, as: UTF8.self) }
                    decoded.append(contentsOf: run)
                    return String(decoding: decoded, as: UTF8.self)
                case UInt8(ascii: "\\"):
                    var buffer = decoded ?? []
                    buffer.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[runStart..<offset]))
                    try parseEscape(into: &buffer)
                    decoded = buffer
                    runStart = offset
                case 0x00..<0x20:
                    throw failure(.controlCharacterInString(byte), at: offset)
                case 0x80...:
                    guard let length = UnicodeText.sequenceLength(in: bytes, at: offset) else {
                        throw failure(.invalidUTF8, at: offset)
                    }
                    offset += length
                default:
                    offset += 1
                }
            }
            throw failure(.unterminatedString, at: offset)
        }

        private mutating func parseEscape(into buffer: inout [UInt8]) throws {
            let escapeStart = offset
            offset += 1  // backslash
            guard offset < bytes.count else { throw failure(.unterminatedString, at: offset) }
            let byte = bytes[offset]
            offset += 1
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(byte)
            case UInt8(ascii: "b"): buffer.append(0x08)
            case UInt8(ascii: "f"): buffer.append(0x0C)
            case UInt8(ascii: "n"): buffer.append(0x0A)
            case UInt8(ascii: "r"): buffer.append(0x0D)
            case UInt8(ascii: "t"): buffer.append(0x09)
            case UInt8(ascii: "u"):
                let unit = try parseHexQuad()
                var value = UInt32(unit)
                switch unit {
                case 0xD800...0xDBFF:
                    // A high surrogate must be followed by an escaped low surrogate.
                    guard peek(UInt8(ascii: "\\")), offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "u")
                    else { throw failure(.loneSurrogate, at: escapeStart) }
                    offset += 2
                    let low = try parseHexQuad()
                    guard (0xDC00...0xDFFF).contains(low) else { throw failure(.loneSurrogate, at: escapeStart) }
                    value = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
                case 0xDC00...0xDFFF:
                    throw failure(.loneSurrogate, at: escapeStart)
                default:
                    break
                }
                // Not a surrogate, so the scalar always exists.
                buffer.append(contentsOf: UTF8.encode(Unicode.Scalar(value)!)!)
            default:
                throw failure(.invalidEscape, at: escapeStart)
            }
        }

        private mutating func parseHexQuad() throws -> UInt16 {
            guard bytes.count - offset >= 4 else { throw failure(.expectedHexDigits, at: offset) }
            var value: UInt16 = 0
            for index in 0..<4 {
                let byte = bytes[offset + index]
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                default: throw failure(.expectedHexDigits, at: offset)
                }
                value = value << 4 | UInt16(digit)
            }
            offset += 4
            return value
        }

        // MARK: Scanning

        @inline(__always)
        private func peek(_ byte: UInt8) -> Bool {
            offset < bytes.count && bytes[offset] == byte
        }

        @inline(__always)
        private func peekDigit() -> Bool {
            offset < bytes.count && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[offset])
        }

        private mutating func skipDigits() {
            while peekDigit() { offset += 1 }
        }

        private mutating func skipWhitespace() {
            while offset < bytes.count {
                switch bytes[offset] {
                case 0x20, 0x09, 0x0A, 0x0D: offset += 1
                default: return
                }
            }
        }

        // MARK: Errors

        private func failure(_ problem: JSONError.Problem, at errorOffset: Int) -> JSONError {
            var line = 1
            var column = 1
            var index = 0
            while index < errorOffset {
                let byte = bytes[index]
                if byte == 0x0A || (byte == 0x0D && !(index + 1 < bytes.count && bytes[index + 1] == 0x0A)) {
                    line += 1
                    column = 1
                } else if byte & 0xC0 != 0x80 && byte != 0x0D {
                    column += 1  // the first byte of a scalar (continuation bytes are 10xxxxxx)
                }
                index += 1
            }
            return .invalid(problem, line: line, column: column)
        }
    }
}
