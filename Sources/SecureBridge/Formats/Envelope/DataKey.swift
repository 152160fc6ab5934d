/// A symmetric data key together with the id that names it in envelopes.
package struct DataKey: Sendable, Equatable, CustomStringConvertible {
    package let id: KeyID
    package let key: AES256Key

    package init(key: AES256Key) throws {
        self.key = key
        self.id = try KeyID(dataKey: key)
    }

    package static func generate() throws -> DataKey {
        try DataKey(key: AES256Key.generate())
    }

    /// The AES key that seals snapshots of one auth epoch: HKDF-SHA256 of the data key with the purpose
    /// and the epoch as info, so a key is never used for two purposes and every epoch has its own.
    package func snapshotKey(epoch: UInt64) throws -> AES256Key {
        var info = ByteWriter()
        info.append(Array("SecureBridge snapshot key v1\0".utf8))
        info.append(epoch)
        return try AES256Key(
            HKDFSHA256.deriveKey(inputKeyMaterial: key.bytes, info: info.bytes, outputByteCount: AES256Key.byteCount))
    }

    package var description: String { "DataKey(\(id), redacted)" }
}
