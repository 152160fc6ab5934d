/// The core's store: each item a file in the keychain directory, replaced atomically and durably
/// through `SecureDirectory` and overwritten before it is unlinked. The passcode verifier is not kept
/// here, as the widget shares this directory: the app keeps it in `app/passcode`.
struct FilesKeychainStore: KeychainStore {
    let directory: SecureDirectory

    func read(_ item: KeychainItem) throws -> SecureBytes? {
        try directory.readSecret(item.name, limit: item.byteLimit)
    }

    func write(_ item: KeychainItem, _ bytes: SecureBytes) throws {
        try directory.write(item.name, bytes)
    }

    func delete(_ item: KeychainItem) throws {
        try directory.destroy(item.name)
    }

    func checkReachable() throws {}
}

/// A store's items by name, each read checked against its limit; for a store other than files, an error of the
/// store's own type means it is unavailable.
struct StoreItems: KeychainItems {
    let store: any KeychainStore
    let kind: KeychainStoreKind

    func readSecret(_ name: String, limit: Int) throws -> SecureBytes? {
        let item = try self.item(name)
        guard let bytes = try reaching({ try store.read(item) }) else { return nil }
        guard bytes.count <= min(limit, item.byteLimit) else { throw KeychainError.corrupt(file: name) }
        return bytes
    }

    func read(_ name: String, limit: Int) throws -> [UInt8]? {
        try readSecret(name, limit: limit).map { $0.withUnsafeBytes { Array($0) } }
    }

    func write(_ name: String, _ bytes: SecureBytes) throws {
        let item = try self.item(name)
        try reaching { try store.write(item, bytes) }
    }

    func delete(_ name: String) throws {
        let item = try self.item(name)
        try reaching { try store.delete(item) }
    }

    func checkReachable() throws {
        try reaching { try store.checkReachable() }
    }

    private func item(_ name: String) throws -> KeychainItem {
        guard let item = KeychainItem(name: name) else { throw KeychainError.missing(file: name) }
        return item
    }

    /// Runs one call to the store; an error that is not the core's is the store being unavailable.
    private func reaching<T>(_ call: () throws -> T) throws -> T {
        guard kind != .files else { return try call() }
        do {
            return try call()
        } catch let error as KeychainStoreError {
            throw error
        } catch let error as KeychainError {
            throw error
        } catch {
            throw KeychainStoreError.unavailable(store: kind, reason: error)
        }
    }
}
