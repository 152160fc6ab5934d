// Secret bytes read and written field by field without leaving wiped memory.

extension ByteWriter {
    mutating func append(_ secret: SecureBytes) {
        secret.withUnsafeBytes { append($0) }
    }
}

extension SecureBytes {
    /// A stored form of exactly `count` bytes, written field by field into wiped memory; `body` must fill it.
    convenience init(exactly count: Int, writing body: (inout ByteWriter<FixedByteBuffer>) -> Void) {
        self.init(count: count) { buffer in
            var writer = ByteWriter(into: FixedByteBuffer(buffer))
            body(&writer)
            precondition(writer.output.count == count, "a stored form is shorter than its fixed size")
        }
    }
}

extension ByteReader {
    /// Runs `body` with a reader over secret bytes, in place in wiped memory.
    static func read<R>(_ secret: SecureBytes, _ body: (inout ByteReader) throws -> R) rethrows -> R {
        try secret.withUnsafeBytes { raw in
            var reader = ByteReader(raw)
            return try body(&reader)
        }
    }
}
