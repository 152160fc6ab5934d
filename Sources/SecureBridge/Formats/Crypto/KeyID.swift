/// An 8-byte id naming a key in envelopes, records and keysets: a hash of the key, so it reveals nothing about it.
public struct KeyID: Hashable, Sendable, CustomStringConvertible {
    package static let byteCount = 8

    package let bytes: [UInt8]

    /// Wraps 8 id bytes read from storage.
    /// - Throws: `BridgeError(.invalidKeyLength)` unless there are 8 bytes.
    package init(bytes: some Collection<UInt8>) throws {
        guard bytes.count == Self.byteCount else {
            throw BridgeError(.invalidKeyLength(expected: Self.byteCount, actual: bytes.count))
        }
        self.bytes = Array(bytes)
    }

    package init(publicKey raw: [UInt8]) throws {
        self.bytes = Array(try SHA256Hasher.hash(Array("SecureBridge signing key id v1\0".utf8), raw).prefix(Self.byteCount))
    }

    /// The id of a data key: a one-way hash, since the id is stored in the clear and must not help guess the key.
    package init(dataKey: AES256Key) throws {
        let label = Array("SecureBridge data key id v1\0".utf8)
        let digest = try SHA256Hasher.hash { (update) throws in
            try label.withUnsafeBytes { (bytes) throws in try update(bytes) }
            try dataKey.bytes.withUnsafeBytes { (key) throws in try update(key) }
        }
        self.bytes = Array(digest.prefix(Self.byteCount))
    }

    /// Lowercase hex, e.g. `3f9a0c12d4e5b6a7`.
    public var description: String { Bytes.hex(bytes) }
}
