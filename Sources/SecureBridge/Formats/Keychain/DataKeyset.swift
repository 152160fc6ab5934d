/// The data keys the app and the widget share, exactly one primary sealing new snapshots; `keychain/keyset` v1:
/// `"SBKS"` · version `1` · count (1 byte, 1–4) · then per key: status (1 byte: 1 primary, 2 decrypt-only) · id (8) · key (32).
package struct DataKeyset: Sendable, Equatable {
    package let primary: DataKey
    /// Keys that may still open snapshots but never seal new ones.
    package let decryptOnly: [DataKey]

    static let magic: [UInt8] = Array("SBKS".utf8)
    static let version: UInt8 = 1
    /// Magic, version and count.
    static let headerByteCount = 6
    static let entryByteCount = 1 + KeyID.byteCount + AES256Key.byteCount
    static let maximumKeyCount = 4
    package static let maximumByteCount = headerByteCount + maximumKeyCount * entryByteCount

    package init(primary: DataKey, decryptOnly: [DataKey] = []) {
        self.primary = primary
        self.decryptOnly = decryptOnly
    }

    package func key(withID id: KeyID) -> DataKey? {
        if primary.id == id { return primary }
        return decryptOnly.first { $0.id == id }
    }

    /// Reads the stored form, keeping key material in wiped memory.
    /// - Throws: `KeychainError.corrupt` when the file is not a valid keyset.
    package init(storedBytes stored: SecureBytes) throws {
        let corrupt = KeychainError.corrupt(file: "keyset")
        let entries = try ByteReader.read(stored) { reader in
            guard Array(try reader.take(Self.magic.count, or: corrupt)) == Self.magic,
                  try reader.read(UInt8.self, or: corrupt) == Self.version
            else { throw corrupt }
            let count = Int(try reader.read(UInt8.self, or: corrupt))
            guard (1...Self.maximumKeyCount).contains(count), reader.remaining == count * Self.entryByteCount else {
                throw corrupt
            }
            var entries: [(status: UInt8, id: [UInt8], key: SecureBytes)] = []
            for _ in 0..<count {
                let status = try reader.read(UInt8.self, or: corrupt)
                let id = Array(try reader.take(KeyID.byteCount, or: corrupt))
                let key = SecureBytes(copying: try reader.take(AES256Key.byteCount, or: corrupt))
                entries.append((status, id, key))
            }
            return entries
        }
        var primary: DataKey?
        var others: [DataKey] = []
        for entry in entries {
            let key = try DataKey(key: AES256Key(entry.key))
            guard key.id.bytes == entry.id else { throw corrupt }
            switch entry.status {
            case 1 where primary == nil: primary = key
            case 2: others.append(key)
            default: throw corrupt
            }
        }
        guard let primary else { throw corrupt }
        // Every id once: a second key of the same id could never be chosen to open a snapshot.
        let ids = ([primary] + others).map(\.id)
        for (index, id) in ids.enumerated() where ids[..<index].contains(id) {
            throw corrupt
        }
        self.init(primary: primary, decryptOnly: others)
    }

    /// The stored form, in wiped memory.
    package var storedBytes: SecureBytes {
        let keys = [(UInt8(1), primary)] + decryptOnly.map { (UInt8(2), $0) }
        return SecureBytes(exactly: Self.headerByteCount + keys.count * Self.entryByteCount) { writer in
            writer.append(Self.magic)
            writer.append(Self.version)
            writer.append(UInt8(keys.count))
            for (status, key) in keys {
                writer.append(status)
                writer.append(key.id.bytes)
                writer.append(key.key.bytes)
            }
        }
    }
}
