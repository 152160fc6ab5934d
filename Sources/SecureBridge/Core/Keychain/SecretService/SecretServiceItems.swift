/// A keychain place's items in the Secret Service: one item per file name,
/// found by the attributes `application` (`securebridge`), `keychain` (the
/// store's id, `KeychainStore.id`) and `item` (the file name), labelled with
/// the keychain directory for whoever browses their keyring. New items go to
/// the default collection. Connects on first use, so a command that touches
/// no item never reaches for the bus.
package final class SecretServiceItems: KeychainItems {
    private let id: String
    private let directory: String
    private var connection: SecretService?

    init(id: String, directory: String) {
        self.id = id
        self.directory = directory
    }

    /// The attributes the item `name` of the keychain `id` is found by.
    package static func attributes(keychain id: String, item name: String) -> [(String, String)] {
        [("application", "securebridge"), ("keychain", id), ("item", name)]
    }

    private func attributes(_ name: String) -> [(String, String)] { Self.attributes(keychain: id, item: name) }

    func readSecret(_ name: String, limit: Int) throws -> SecureBytes? {
        let service = try service()
        let found = try service.items(matching: attributes(name))
        // `store` replaces the item with the same attributes: two are not ours to choose between.
        guard found.count <= 1 else { throw KeychainError.corrupt(file: name) }
        guard let item = found.first else { return nil }
        do {
            return try service.secret(ofItem: item, limit: limit)
        } catch is DBusError {
            throw KeychainError.corrupt(file: name)
        }
    }

    func read(_ name: String, limit: Int) throws -> [UInt8]? {
        try readSecret(name, limit: limit).map { $0.withUnsafeBytes { Array($0) } }
    }

    /// Stores `bytes` as the item `name`, replacing it; the service makes it durable.
    /// - Throws: `SecretServiceError.locked` when the default collection is locked.
    func write(_ name: String, _ bytes: some Collection<UInt8>) throws {
        let service = try service()
        try service.store(
            bytes, label: "SecureBridge \(name) (\(directory))", attributes: attributes(name),
            in: try service.unlockedDefaultCollection())
    }

    /// Deletes the item `name` (every copy of it); nothing to delete is no error.
    func delete(_ name: String) throws {
        let service = try service()
        for item in try service.items(matching: attributes(name)) { try service.delete(item: item) }
    }

    /// Whether the service can be reached and its default collection is unlocked (doctor).
    func checkReachable() throws {
        _ = try service().unlockedDefaultCollection()
    }

    private func service() throws -> SecretService {
        if let connection { return connection }
        let service = try SecretService(sessionBusAddress: environmentVariable("DBUS_SESSION_BUS_ADDRESS"))
        connection = service
        return service
    }
}
