/// A 256-bit AES key held in wiped memory.
package struct AES256Key: Sendable, Equatable, CustomStringConvertible {
    package static let byteCount = 32

    package let bytes: SecureBytes

    /// Wraps existing key material.
    /// - Throws: `BridgeError(.invalidKeyLength)` unless `bytes` holds exactly 32 bytes.
    package init(_ bytes: SecureBytes) throws {
        guard bytes.count == Self.byteCount else {
            throw BridgeError(.invalidKeyLength(expected: Self.byteCount, actual: bytes.count))
        }
        self.bytes = bytes
    }

    /// Copies key material from a byte collection (test vectors, fixtures).
    package init(copying bytes: some Collection<UInt8>) throws {
        try self.init(SecureBytes(copying: bytes))
    }

    static func generate() throws -> AES256Key {
        try AES256Key(SecureBytes.random(count: byteCount))
    }

    package var description: String { "AES256Key(redacted)" }
}
