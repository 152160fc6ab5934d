/// Appends big-endian fields to a growing byte buffer.
struct ByteWriter {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

    mutating func append(_ value: UInt8) { bytes.append(value) }
    mutating func append(_ value: UInt16) { appendBigEndian(UInt64(value), width: 2) }
    mutating func append(_ value: UInt32) { appendBigEndian(UInt64(value), width: 4) }
    mutating func append(_ value: UInt64) { appendBigEndian(value, width: 8) }
    mutating func append(_ value: Int64) { appendBigEndian(UInt64(bitPattern: value), width: 8) }
    mutating func append(_ value: some Sequence<UInt8>) { bytes.append(contentsOf: value) }

    private mutating func appendBigEndian(_ value: UInt64, width: Int) {
        for shift in stride(from: (width - 1) * 8, through: 0, by: -8) {
            bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
        }
    }
}

/// Reads big-endian fields from a byte buffer, never past its end.
struct ByteReader {
    let bytes: ArraySlice<UInt8>
    private(set) var offset: Int

    init(_ bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        self.offset = bytes.startIndex
    }

    var remaining: Int { bytes.endIndex - offset }

    /// The next `count` bytes, or nil when fewer remain.
    mutating func take(_ count: Int) -> ArraySlice<UInt8>? {
        guard count >= 0, remaining >= count else { return nil }
        defer { offset += count }
        return bytes[offset..<offset + count]
    }

    mutating func u8() -> UInt8? { take(1).map { $0[$0.startIndex] } }
    mutating func u16() -> UInt16? { bigEndian(2).map { UInt16($0) } }
    mutating func u32() -> UInt32? { bigEndian(4).map { UInt32($0) } }
    mutating func u64() -> UInt64? { bigEndian(8) }
    mutating func i64() -> Int64? { bigEndian(8).map { Int64(bitPattern: $0) } }

    private mutating func bigEndian(_ width: Int) -> UInt64? {
        take(width).map { $0.reduce(0) { $0 << 8 | UInt64($1) } }
    }
}
