/// The data keys shared by the app and the widget, with exactly one primary
/// key that seals new snapshots (the Tink keyset idea, kept small).
///
/// Stored in `keychain/keyset`, format v1:
/// `"SBKS"` · version `1` · count (1 byte, 1–4) · then per key: status (1 byte: 1 primary, 2 decrypt-only) · id (8) · key (32).
package struct DataKeyset: Sendable, Equatable {
    /// The key that seals new snapshots.
    package let primary: DataKey
    /// Keys that may still open snapshots but never seal new ones.
    package let decryptOnly: [DataKey]

    static let magic: [UInt8] = Array("SBKS".utf8)
    static let version: UInt8 = 1
    static let entryByteCount = 1 + KeyID.byteCount + AES256Key.byteCount
    static let maximumKeyCount = 4
    /// The largest stored keyset.
    package static let maximumByteCount = 6 + maximumKeyCount * entryByteCount

    package init(primary: DataKey, decryptOnly: [DataKey] = []) {
        self.primary = primary
        self.decryptOnly = decryptOnly
    }

    /// The key with `id`, if this keyset holds it.
    package func key(withID id: KeyID) -> DataKey? {
        if primary.id == id { return primary }
        return decryptOnly.first { $0.id == id }
    }

    /// Reads the stored form, keeping key material in wiped memory.
    /// - Throws: `KeychainError.corrupt` when the file is not a valid keyset.
    package init(storedBytes stored: SecureBytes) throws {
        let entries: [(status: UInt8, id: [UInt8], key: SecureBytes)]? = stored.withUnsafeBytes { raw in
            guard raw.count >= 6, Array(raw.prefix(4)) == Self.magic, raw[4] == Self.version else { return nil }
            let count = Int(raw[5])
            guard (1...Self.maximumKeyCount).contains(count), raw.count == 6 + count * Self.entryByteCount else {
                return nil
            }
            return (0..<count).map { index in
                let start = 6 + index * Self.entryByteCount
                let key = SecureBytes(copying: UnsafeRawBufferPointer(rebasing: raw[(start + 9)..<(start + Self.entryByteCount)]))
                return (raw[start], Array(raw[(start + 1)..<(start + 9)]), key)
            }
        }
        guard let entries else { throw KeychainError.corrupt(file: "keyset") }
        var primary: DataKey?
        var others: [DataKey] = []
        for entry in entries {
            let key = try DataKey(key: AES256Key(entry.key))
            guard key.id.bytes == entry.id else { throw KeychainError.corrupt(file: "keyset") }
            switch entry.status {
            case 1 where primary == nil: primary = key
            case 2: others.append(key)
            default: throw KeychainError.corrupt(file: "keyset")
            }
        }
        guard let primary else { throw KeychainError.corrupt(file: "keyset") }
        self.init(primary: primary, decryptOnly: others)
    }

    /// The stored form, in wiped memory.
    package var storedBytes: SecureBytes {
        let keys = [(UInt8(1), primary)] + decryptOnly.map { (UInt8(2), $0) }
        return SecureBytes(count: 6 + keys.count * Self.entryByteCount) { buffer in
            buffer.copyBytes(from: Self.magic + [Self.version, UInt8(keys.count)])
            for (index, (status, key)) in keys.enumerated() {
                let start = 6 + index * Self.entryByteCount
                buffer[start] = status
                UnsafeMutableRawBufferPointer(rebasing: buffer[(start + 1)..<(start + 9)]).copyBytes(from: key.id.bytes)
                key.key.bytes.withUnsafeBytes { material in
                    UnsafeMutableRawBufferPointer(rebasing: buffer[(start + 9)...]).copyMemory(from: material)
                }
            }
        }
    }
}
