// The one codec of the binary formats: fields in order, integers big-endian, lengths first.

package protocol ByteWriterOutput {
    mutating func write(_ bytes: UnsafeRawBufferPointer)
}

extension Array: ByteWriterOutput where Element == UInt8 {
    package mutating func write(_ bytes: UnsafeRawBufferPointer) {
        append(contentsOf: bytes)
    }
}

/// A fixed-size buffer filled front to back: the wiped memory of
/// `SecureBytes(exactly:writing:)`, so a stored key never passes through an array.
struct FixedByteBuffer: ByteWriterOutput {
    let buffer: UnsafeMutableRawBufferPointer
    private(set) var count = 0

    init(_ buffer: UnsafeMutableRawBufferPointer) {
        self.buffer = buffer
    }

    package mutating func write(_ bytes: UnsafeRawBufferPointer) {
        precondition(bytes.count <= buffer.count - count, "a stored form outgrew its fixed size")
        guard !bytes.isEmpty else { return }
        UnsafeMutableRawBufferPointer(rebasing: buffer[count..<(count + bytes.count)]).copyMemory(from: bytes)
        count += bytes.count
    }
}

/// Appends a format's fields. One `append` per integer type, so an untyped
/// literal does not compile rather than silently taking 8 bytes.
package struct ByteWriter<Output: ByteWriterOutput> {
    package private(set) var output: Output

    package init(into output: Output) {
        self.output = output
    }

    package mutating func append(_ value: UInt8) { appendBigEndian(value) }
    package mutating func append(_ value: UInt16) { appendBigEndian(value) }
    package mutating func append(_ value: UInt32) { appendBigEndian(value) }
    package mutating func append(_ value: UInt64) { appendBigEndian(value) }
    package mutating func append(_ value: Int64) { appendBigEndian(value) }

    package mutating func append(_ bytes: some Collection<UInt8>) {
        Bytes.withContiguous(bytes) { output.write($0) }
    }

    /// Appends `bytes` after their count as a `Length`; the caller has checked that it fits.
    package mutating func append<Length: FixedWidthInteger & UnsignedInteger>(
        _ bytes: some Collection<UInt8>, lengthPrefix: Length.Type
    ) {
        appendBigEndian(Length(bytes.count))
        append(bytes)
    }

    private mutating func appendBigEndian(_ value: some FixedWidthInteger) {
        withUnsafeBytes(of: value.bigEndian) { output.write($0) }
    }
}

extension ByteWriter where Output == [UInt8] {
    package init(capacity: Int = 0) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(capacity)
        self.init(into: bytes)
    }

    package var bytes: [UInt8] { output }
}

/// Reads a format's fields front to back, never past the end: each read names its error.
struct ByteReader {
    let bytes: UnsafeRawBufferPointer
    private(set) var offset = 0

    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    var remaining: Int { bytes.count - offset }

    /// The next `count` bytes, valid as long as the caller's bytes are.
    mutating func take(_ count: Int, or error: @autoclosure () -> some Error) throws -> UnsafeRawBufferPointer {
        guard count >= 0, remaining >= count else { throw error() }
        defer { offset += count }
        return UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + count)])
    }

    mutating func read<T: FixedWidthInteger>(_: T.Type, or error: @autoclosure () -> some Error) throws -> T {
        let raw = try take(MemoryLayout<T>.size, or: error())
        return T(bigEndian: raw.loadUnaligned(as: T.self))
    }
}

extension ByteReader {
    /// Runs `body` with a reader over `bytes`; neither may escape `body`.
    static func read<R>(_ bytes: some Collection<UInt8>, _ body: (inout ByteReader) throws -> R) rethrows -> R {
        try Bytes.withContiguous(bytes) { raw in
            var reader = ByteReader(raw)
            return try body(&reader)
        }
    }
}
