/// The one codec of SecureBridge's binary formats (the snapshot envelope and
/// its payload, the signed records and their payloads, the keyset, the marks
/// and the passcode verifier): fields in the order a format lists them,
/// integers big-endian, lengths before what they measure.

/// Where a `ByteWriter` puts its bytes.
package protocol ByteWriterOutput {
    /// Appends `bytes` after what was written before.
    mutating func write(_ bytes: UnsafeRawBufferPointer)
}

extension Array: ByteWriterOutput where Element == UInt8 {
    package mutating func write(_ bytes: UnsafeRawBufferPointer) {
        append(contentsOf: bytes)
    }
}

/// A buffer of fixed size filled front to back: the wiped memory that
/// `SecureBytes(exactly:writing:)` hands out, so that a stored form holding a
/// key never passes through an ordinary array.
struct FixedByteBuffer: ByteWriterOutput {
    let buffer: UnsafeMutableRawBufferPointer
    /// Bytes written so far.
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

/// Appends a format's fields: integers big-endian, bytes as they are, and
/// byte strings after their length.
///
/// There is one `append` for each integer type a format uses, so an untyped
/// literal (`append(0)`) does not compile rather than silently taking 8 bytes.
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

    /// Appends `bytes` as they are.
    package mutating func append(_ bytes: some Collection<UInt8>) {
        Bytes.withContiguous(bytes) { output.write($0) }
    }

    /// Appends `bytes` after their count as a `Length`; the caller has checked that the count fits.
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
    /// A writer into a new array.
    package init(capacity: Int = 0) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(capacity)
        self.init(into: bytes)
    }

    /// The bytes written.
    package var bytes: [UInt8] { output }
}

/// Reads a format's fields front to back from bytes the caller holds, never
/// past their end: each read names the error to throw when the bytes run out.
struct ByteReader {
    let bytes: UnsafeRawBufferPointer
    /// Bytes read so far.
    private(set) var offset = 0

    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    /// Bytes not read yet.
    var remaining: Int { bytes.count - offset }

    /// The next `count` bytes, valid as long as the caller's bytes are.
    /// - Throws: `error` when fewer than `count` remain.
    mutating func take(_ count: Int, or error: @autoclosure () -> some Error) throws -> UnsafeRawBufferPointer {
        guard count >= 0, remaining >= count else { throw error() }
        defer { offset += count }
        return UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + count)])
    }

    /// The next big-endian integer of type `T` (`UInt8` to `UInt64`, `Int64`).
    /// - Throws: `error` when the bytes end inside it.
    mutating func read<T: FixedWidthInteger>(_: T.Type, or error: @autoclosure () -> some Error) throws -> T {
        let raw = try take(MemoryLayout<T>.size, or: error())
        return T(bigEndian: raw.loadUnaligned(as: T.self))
    }
}

extension ByteReader {
    /// Runs `body` with a reader over `bytes` (the reader and the bytes it
    /// takes must not escape `body`).
    static func read<R>(_ bytes: some Collection<UInt8>, _ body: (inout ByteReader) throws -> R) rethrows -> R {
        try Bytes.withContiguous(bytes) { raw in
            var reader = ByteReader(raw)
            return try body(&reader)
        }
    }
}
