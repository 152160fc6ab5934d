/// Reads a keychain place's items by their file names (`FileName.keyset`,
/// `.pinnedKey`, `.marks`), wherever the store keeps them.
protocol KeychainItems {
    /// The item's bytes, at most `limit`; `nil` when there is none.
    func read(_ name: String, limit: Int) throws -> [UInt8]?
    /// The item's bytes in memory that is wiped, at most `limit`; `nil` when there is none.
    func readSecret(_ name: String, limit: Int) throws -> SecureBytes?
}

extension SecureDirectory: KeychainItems {}
extension SecureDirectory.OpenForReading: KeychainItems {}
