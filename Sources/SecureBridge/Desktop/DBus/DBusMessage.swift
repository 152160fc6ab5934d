#if os(Linux)
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
/// One D-Bus message, as much of it as SecureBridge uses: method calls it
/// sends, and the replies, errors and signals it reads (the D-Bus
/// specification's wire format, little-endian, version 1).
package struct DBusMessage: Sendable, Equatable {
    package enum Kind: UInt8, Sendable {
        case methodCall = 1
        case methodReturn = 2
        case error = 3
        case signal = 4
    }

    package var kind: Kind
    package var serial: UInt32
    package var replySerial: UInt32?
    package var path: String?
    package var interface: String?
    package var member: String?
    package var destination: String?
    /// The unique name of the connection that sent it, as the bus daemon
    /// sets it (a client cannot forge it): `:1.42`.
    package var sender: String?
    package var errorName: String?
    /// The body's type signature, e.g. `sa{sv}as`.
    package var signature = ""
    package var body: [UInt8] = []

    /// The longest message read: far more than any signal or reply SecureBridge asks for.
    package static let maximumLength = 1 << 20

    /// A method call to `destination`.
    package static func call(
        _ member: String, on interface: String, at path: String, of destination: String, serial: UInt32,
        arguments: DBusWriter = DBusWriter(), signature: String = ""
    ) -> DBusMessage {
        DBusMessage(
            kind: .methodCall, serial: serial, path: path, interface: interface, member: member, destination: destination,
            signature: signature, body: arguments.bytes)
    }

    /// The message on the wire.
    package var bytes: [UInt8] {
        var writer = DBusWriter()
        writer.byte(UInt8(ascii: "l"))
        writer.byte(kind.rawValue)
        writer.byte(0)  // flags
        writer.byte(1)  // protocol version
        writer.uint32(UInt32(body.count))
        writer.uint32(serial)
        writer.array(elementAlignment: 8) { fields in
            func field(_ code: UInt8, _ type: String, _ value: String?) {
                guard let value else { return }
                fields.align(8)
                fields.byte(code)
                fields.signature(type)
                if type == "g" { fields.signature(value) } else { fields.string(value) }
            }
            field(1, "o", path)
            field(2, "s", interface)
            field(3, "s", member)
            field(4, "s", errorName)
            field(6, "s", destination)
            field(7, "s", sender)
            if let replySerial {
                fields.align(8)
                fields.byte(5)
                fields.signature("u")
                fields.uint32(replySerial)
            }
            field(8, "g", signature.isEmpty ? nil : signature)
        }
        writer.align(8)
        return writer.bytes + body
    }

    /// The whole length of the message that starts `bytes`, once its fixed
    /// header is there (16 bytes); `nil` before.
    /// - Throws: `DBusError.malformed` for a big-endian or oversized message.
    package static func length(ofMessageStarting bytes: ArraySlice<UInt8>) throws -> Int? {
        guard bytes.count >= 16 else { return nil }
        guard bytes.first == UInt8(ascii: "l") else { throw DBusError.malformed(.bigEndian) }
        var reader = DBusReader(Array(bytes.prefix(16)), at: 4)
        let bodyLength = Int(try reader.uint32())
        _ = try reader.uint32()
        let fieldsLength = Int(try reader.uint32())
        let total = (16 + fieldsLength + 7) / 8 * 8 + bodyLength
        guard total <= maximumLength else { throw DBusError.malformed(.tooLong(byteCount: total)) }
        return total
    }
}

extension DBusMessage {
    /// Parses one whole message.
    /// - Throws: `DBusError.malformed` for anything that is not one.
    package init(bytes: [UInt8]) throws {
        guard bytes.count >= 16, bytes[0] == UInt8(ascii: "l"), let kind = Kind(rawValue: bytes[1]) else {
            throw DBusError.malformed(.unknownMessage)
        }
        var reader = DBusReader(bytes, at: 4)
        let bodyLength = Int(try reader.uint32())
        self.kind = kind
        serial = try reader.uint32()
        let fieldsLength = Int(try reader.uint32())
        let fieldsEnd = reader.offset + fieldsLength
        while reader.offset < fieldsEnd {
            reader.align(8)
            let code = try reader.byte()
            let type = try reader.signature()
            switch (code, type) {
            case (1, "o"): path = try reader.string()
            case (2, "s"): interface = try reader.string()
            case (3, "s"): member = try reader.string()
            case (4, "s"): errorName = try reader.string()
            case (5, "u"): replySerial = try reader.uint32()
            case (6, "s"): destination = try reader.string()
            case (7, "s"): sender = try reader.string()
            case (8, "g"): signature = try reader.signature()
            case (_, "s"), (_, "o"): _ = try reader.string()
            case (_, "g"): _ = try reader.signature()
            case (_, "u"): _ = try reader.uint32()
            default: throw DBusError.malformed(.headerField(type: type))
            }
        }
        reader.align(8)
        guard reader.offset + bodyLength == bytes.count else { throw DBusError.malformed(.bodyLength) }
        body = Array(bytes[reader.offset...])
    }
}

/// Why the bus could not be used; each says which in a few words.
public enum DBusError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The environment variable that holds the bus's address is not set.
    case noAddress(variable: String)
    /// The bus's address has no `unix:path=` or `unix:abstract=` entry, the only ones this client connects to.
    case noUnixSocket(address: String)
    /// The socket's path does not fit a Unix socket address.
    case socketPathTooLong(path: String)
    /// A call that sets the socket up failed (`socket`, `setsockopt`).
    case socketSetup(call: String, errno: Int32)
    /// Nothing answers at the socket (`connect` failed).
    case cannotConnect(path: String, errno: Int32)
    /// The bus refused the authentication; its answer.
    case refused(answer: String)
    /// The peer sent something that is not D-Bus.
    case malformed(Malformation)
    /// A method call was answered with the error `name`.
    case failed(name: String)
    /// The connection closed.
    case closed
    /// The peer did not read or answer within the connection's timeout.
    case noAnswer

    /// What was wrong with the bytes a peer sent.
    public enum Malformation: Equatable, Sendable, CustomStringConvertible {
        /// A message in big-endian order, which this client does not read.
        case bigEndian
        /// A message longer than `DBusMessage.maximumLength`.
        case tooLong(byteCount: Int)
        /// Not a little-endian message of one of the four kinds.
        case unknownMessage
        /// A header field of a type no header field has.
        case headerField(type: String)
        /// A body whose length is not the one the header gives.
        case bodyLength
        /// A value that runs past the end of the message.
        case valuePastTheEnd
        /// A boolean other than 0 or 1.
        case boolean
        /// A string without its terminating zero.
        case unterminatedString
        /// A signature without its terminating zero.
        case unterminatedSignature
        /// A variant whose signature holds more than one complete type.
        case variantOfSeveralTypes(String)
        /// A signature that ends where a type should be.
        case emptyType
        /// A structure or dictionary entry opened by `code` and never closed.
        case unclosed(Character)
        /// A value of a type code D-Bus does not have.
        case unknownType(Character)
        /// A container type without its element type.
        case incompleteType
        /// Values nested deeper than `DBusReader.maximumDepth`.
        case nestedTooDeep
        /// A byte array longer than the caller allows.
        case byteArrayTooLong(byteCount: Int)
        /// An array that runs past the end of the message.
        case arrayPastTheEnd
        /// A line of the authentication over 4 KiB.
        case authenticationLineTooLong

        public var description: String {
            switch self {
            case .bigEndian: "a big-endian message"
            case let .tooLong(count): "a message of \(count) bytes"
            case .unknownMessage: "not a little-endian message of a known type"
            case let .headerField(type): "a header field of type \(DBusError.shown(type))"
            case .bodyLength: "a body of the wrong length"
            case .valuePastTheEnd: "a value past the end"
            case .boolean: "a boolean other than 0 or 1"
            case .unterminatedString: "a string without its terminator"
            case .unterminatedSignature: "a signature without its terminator"
            case let .variantOfSeveralTypes(type): "a variant of several types (\(DBusError.shown(type)))"
            case .emptyType: "an empty type"
            case let .unclosed(code): "an unclosed \(DBusError.shown(String(code)))"
            case let .unknownType(code): "a value of type \(DBusError.shown(String(code)))"
            case .incompleteType: "an incomplete type"
            case .nestedTooDeep: "values nested over \(DBusReader.maximumDepth) deep"
            case let .byteArrayTooLong(count): "a byte array of \(count) bytes"
            case .arrayPastTheEnd: "an array past the end"
            case .authenticationLineTooLong: "an authentication line over 4 KiB"
            }
        }
    }

    public var description: String {
        switch self {
        case let .noAddress(variable): "no bus: \(variable) is not set"
        case .noUnixSocket: "no bus: no unix:path or unix:abstract in the address"
        case .socketPathTooLong: "no bus: the socket path is too long"
        case let .socketSetup(call, errno): "no bus: \(call): errno \(errno)"
        case let .cannotConnect(path, errno): "no bus: \(path): \(String(cString: strerror(errno)))"
        case let .refused(answer): "the bus refused: \(Self.shown(answer))"
        case let .malformed(what): "the bus sent \(what)"
        case let .failed(name): "the call failed: \(Self.shown(name))"
        case .closed: "the bus closed the connection"
        case .noAnswer: "the bus did not answer in time"
        }
    }

    /// Text a peer sent, fit for a one-line message: every character but
    /// printable ASCII shown as `?`, so bytes from another process cannot
    /// break a line or hide text in a log. D-Bus names and type codes are ASCII.
    package static func shown(_ text: String) -> String {
        String(decoding: text.utf8.map { (0x20...0x7E).contains($0) ? $0 : UInt8(ascii: "?") }, as: UTF8.self)
    }
}

/// Appends D-Bus values, aligned as the wire format asks (from the message's start).
package struct DBusWriter: Sendable {
    package private(set) var bytes: [UInt8] = []

    package init() {}

    package mutating func align(_ boundary: Int) {
        while bytes.count % boundary != 0 { bytes.append(0) }
    }

    package mutating func byte(_ value: UInt8) { bytes.append(value) }

    package mutating func uint32(_ value: UInt32) {
        align(4)
        bytes += [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24)]
    }

    package mutating func boolean(_ value: Bool) { uint32(value ? 1 : 0) }

    /// A string or an object path.
    package mutating func string(_ value: String) {
        uint32(UInt32(value.utf8.count))
        bytes += value.utf8
        bytes.append(0)
    }

    package mutating func signature(_ value: String) {
        bytes.append(UInt8(value.utf8.count))
        bytes += value.utf8
        bytes.append(0)
    }

    /// A variant holding a boolean.
    package mutating func variant(boolean value: Bool) {
        signature("b")
        boolean(value)
    }

    /// A variant holding a string.
    package mutating func variant(string value: String) {
        signature("s")
        string(value)
    }

    /// `ay`: a length, then the bytes.
    package mutating func byteArray(_ value: some Collection<UInt8>) {
        uint32(UInt32(value.count))
        bytes += value
    }

    /// `ao`.
    package mutating func objectPaths(_ paths: [String]) {
        array(elementAlignment: 4) { for path in paths { $0.string(path) } }
    }

    /// `a{ss}`, in the order given.
    package mutating func stringDictionary(_ pairs: [(String, String)]) {
        array(elementAlignment: 8) { entries in
            for (key, value) in pairs {
                entries.align(8)
                entries.string(key)
                entries.string(value)
            }
        }
    }

    /// Makes room for `count` bytes at once: a message that will carry a
    /// secret is then never moved, so no copy is left in freed memory.
    package mutating func reserveCapacity(_ count: Int) { bytes.reserveCapacity(count) }

    /// An array: its length, then the elements `body` writes, aligned to `elementAlignment`.
    package mutating func array(elementAlignment: Int, _ body: (inout DBusWriter) -> Void) {
        uint32(0)
        let lengthAt = bytes.count - 4
        align(elementAlignment)
        let start = bytes.count
        body(&self)
        let length = UInt32(bytes.count - start)
        bytes[lengthAt..<lengthAt + 4] = [UInt8(length & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length >> 16 & 0xFF), UInt8(length >> 24)]
    }
}

/// Reads D-Bus values from a message or its body, every read bounded.
package struct DBusReader: Sendable {
    package let bytes: [UInt8]
    private(set) var offset: Int

    package init(_ bytes: [UInt8], at offset: Int = 0) {
        self.bytes = bytes
        self.offset = offset
    }

    package var isAtEnd: Bool { offset >= bytes.count }

    package mutating func align(_ boundary: Int) {
        offset = (offset + boundary - 1) / boundary * boundary
    }

    private mutating func take(_ count: Int) throws -> ArraySlice<UInt8> {
        guard count >= 0, offset + count <= bytes.count else { throw DBusError.malformed(.valuePastTheEnd) }
        defer { offset += count }
        return bytes[offset..<offset + count]
    }

    package mutating func byte() throws -> UInt8 { try take(1).first! }

    package mutating func uint32() throws -> UInt32 {
        align(4)
        return try take(4).reversed().reduce(0) { $0 << 8 | UInt32($1) }
    }

    package mutating func boolean() throws -> Bool {
        switch try uint32() {
        case 0: return false
        case 1: return true
        default: throw DBusError.malformed(.boolean)
        }
    }

    /// A string or an object path.
    package mutating func string() throws -> String {
        let count = Int(try uint32())
        let text = try take(count)
        guard try byte() == 0 else { throw DBusError.malformed(.unterminatedString) }
        return String(decoding: text, as: UTF8.self)
    }

    package mutating func signature() throws -> String {
        let count = Int(try byte())
        let text = try take(count)
        guard try byte() == 0 else { throw DBusError.malformed(.unterminatedSignature) }
        return String(decoding: text, as: UTF8.self)
    }

    /// A variant's value when it holds a boolean, `nil` when it holds
    /// anything else (which is skipped).
    package mutating func variantBoolean() throws -> Bool? {
        let type = try signature()
        if type == "b" { return try boolean() }
        var types = Substring(type)
        try skip(&types)
        guard types.isEmpty else { throw DBusError.malformed(.variantOfSeveralTypes(type)) }
        return nil
    }

    /// Skips one value of the first complete type in `types`, and that type.
    /// - Parameter depth: How deep in containers the value is: past
    ///   `maximumDepth` (a variant in a variant in …, which the bytes alone
    ///   could nest a hundred thousand deep) it is malformed, not a deep recursion.
    package mutating func skip(_ types: inout Substring, depth: Int = 0) throws {
        guard depth <= Self.maximumDepth else { throw DBusError.malformed(.nestedTooDeep) }
        guard let code = types.popFirst() else { throw DBusError.malformed(.emptyType) }
        switch code {
        case "y": _ = try byte()
        case "b", "u", "i", "h": _ = try uint32()
        case "n", "q":
            align(2)
            _ = try take(2)
        case "t", "x", "d":
            align(8)
            _ = try take(8)
        case "s", "o": _ = try string()
        case "g": _ = try signature()
        case "v":
            var inner = Substring(try signature())
            try skip(&inner, depth: depth + 1)
        case "a":
            let length = Int(try uint32())
            let element = try Self.completeType(&types)
            align(Self.alignment(of: element))
            _ = try take(length)
        case "(", "{":
            align(8)
            let close: Character = code == "(" ? ")" : "}"
            while types.first != close {
                guard !types.isEmpty else { throw DBusError.malformed(.unclosed(code)) }
                try skip(&types, depth: depth + 1)
            }
            types.removeFirst()
        default: throw DBusError.malformed(.unknownType(code))
        }
    }

    /// The deepest a value may nest: the D-Bus specification's 32 arrays and 32 structures.
    package static let maximumDepth = 64

    /// Removes and returns the first complete type of `types`.
    private static func completeType(_ types: inout Substring) throws -> Substring {
        let start = types
        var depth = 0
        repeat {
            guard let code = types.popFirst() else { throw DBusError.malformed(.incompleteType) }
            switch code {
            case "(", "{": depth += 1
            case ")", "}": depth -= 1
            case "a": continue
            default: break
            }
        } while depth > 0
        return start[start.startIndex..<types.startIndex]
    }

    /// How an element of `type` is aligned.
    private static func alignment(of type: Substring) -> Int {
        switch type.first {
        case "n", "q": 2
        case "b", "u", "i", "h", "s", "o", "a": 4
        case "t", "x", "d", "(", "{": 8
        default: 1
        }
    }

    /// `ay`, at most `limit` bytes.
    package mutating func byteArray(limit: Int) throws -> [UInt8] {
        Array(bytes[try byteArrayRange(limit: limit)])
    }

    /// Where the bytes of an `ay` of at most `limit` bytes lie: for a secret,
    /// which is then copied once, into memory that is wiped.
    package mutating func byteArrayRange(limit: Int) throws -> Range<Int> {
        let count = Int(try uint32())
        guard count <= limit else { throw DBusError.malformed(.byteArrayTooLong(byteCount: count)) }
        let start = offset
        _ = try take(count)
        return start..<offset
    }

    /// `ao`.
    package mutating func objectPaths() throws -> [String] {
        let length = Int(try uint32())
        let end = offset + length
        guard end <= bytes.count else { throw DBusError.malformed(.arrayPastTheEnd) }
        var paths: [String] = []
        while offset < end { paths.append(try string()) }
        return paths
    }

    /// `a{sv}`, the booleans of it (other values skipped).
    package mutating func booleanProperties() throws -> [(String, Bool)] {
        let length = Int(try uint32())
        align(8)
        let end = offset + length
        guard end <= bytes.count else { throw DBusError.malformed(.arrayPastTheEnd) }
        var properties: [(String, Bool)] = []
        while offset < end {
            align(8)
            let name = try string()
            if let value = try variantBoolean() { properties.append((name, value)) }
        }
        return properties
    }
}
#endif
