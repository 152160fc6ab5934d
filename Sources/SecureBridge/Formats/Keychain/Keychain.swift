package import SystemPackage

/// The keychain place: its directory (its lock and `keychain/store`) and its items. Every item goes
/// through here, so a failing store is an error that says which, never a quiet turn to files.
package struct Keychain {
    /// The directory: the lock, `store`, and the items when the store is files.
    package let directory: SecureDirectory
    package let store: KeychainStoreChoice
    private let storeItems: StoreItems

    /// The place in `directory`, with the store its file `store` records.
    /// - Throws: `KeychainError.corrupt`, `KeychainStoreError.unregisteredKind`, and storage errors.
    package init(_ directory: SecureDirectory) throws {
        try self.init(
            directory, store: directory.read(KeychainStoreChoice.fileName, limit: KeychainStoreChoice.maximumByteCount).map(KeychainStoreChoice.init(storedBytes:)) ?? .files)
    }

    /// The place in `directory` read through `store` (the widget).
    package init(_ directory: SecureDirectory, store: KeychainStoreChoice) throws {
        self.directory = directory
        self.store = store
        storeItems = StoreItems(
            store: try store.open(keychainDirectory: directory.path) ?? FilesKeychainStore(directory: directory), kind: store.kind)
    }

    package static func open(in home: BridgeHome) throws -> Keychain? {
        try home.open(.keychain).map(Keychain.init)
    }

    /// The items, wherever the store keeps them; files are read straight from the directory.
    package var items: any KeychainItems { store.kind == .files ? directory : storeItems }

    package func read(_ name: String, limit: Int) throws -> [UInt8]? { try items.read(name, limit: limit) }

    package func readSecret(_ name: String, limit: Int) throws -> SecureBytes? { try items.readSecret(name, limit: limit) }

    /// Writes the item `name`, atomically and durably, as a file or through the store.
    package func write(_ name: String, _ bytes: some Collection<UInt8>) throws {
        try storeItems.write(name, SecureBytes(copying: bytes))
    }

    package func write(_ name: String, _ secret: SecureBytes) throws {
        try storeItems.write(name, secret)
    }

    /// Destroys the item `name`: a file is overwritten before it is removed; a store's item is deleted.
    package func destroy(_ name: String) throws {
        try storeItems.delete(name)
    }

    /// Whether the store can be used now (always, for files).
    package func checkStore() throws {
        try storeItems.checkReachable()
    }

    /// The store's change notifications; `nil` for files and for a store that has none.
    package func reachabilityChanges() throws -> AsyncStream<Void>? {
        store.kind == .files ? nil : try storeItems.store.reachabilityChanges()
    }

    /// How often a long-lived reader asks the store when it has no notifications.
    package var recheckInterval: Duration { storeItems.store.recheckInterval }

    /// This place moved to a new store of `kind`. The new store is checked first, so one that cannot be
    /// used changes nothing; then the old keyset, pinned key and marks go, and only then does `store`
    /// record the new choice (lowering the marks is safe: the login raises them).
    /// - Throws: `KeychainStoreError.unregisteredKind`, `.unavailable`, storage errors.
    package func moving(to kind: KeychainStoreKind) throws -> Keychain {
        guard kind != store.kind else { return self }
        let moved = try Keychain(directory, store: try KeychainStoreChoice.new(Self.registered(kind)))
        try moved.checkStore()
        for item in [KeychainItem.dataKeyset, .pinnedPublisherKey, .highWaterMarks] { try destroy(item.name) }
        try directory.write(KeychainStoreChoice.fileName, moved.store.storedBytes)
        return moved
    }
}

extension Keychain {
    /// `kind` as this process registered it (with the `open` a new store needs).
    /// - Throws: `KeychainStoreError.unregisteredKind` when it is not registered.
    package static func registered(_ kind: KeychainStoreKind) throws -> KeychainStoreKind {
        try KeychainStoreKind.registered(named: kind.rawValue)
    }

    /// Checks that a new store of `kind` could be used now, before anything is written.
    /// - Throws: `KeychainStoreError.unavailable` when it cannot.
    package static func checkNewStore(of kind: KeychainStoreKind, keychainDirectory directory: FilePath) throws {
        guard let store = try KeychainStoreChoice.new(kind).open(keychainDirectory: directory) else { return }
        try StoreItems(store: store, kind: kind).checkReachable()
    }
}

/// Reads a keychain place's items by their file names, wherever the store keeps them.
package protocol KeychainItems {
    /// The item's bytes, at most `limit`; `nil` when there is none.
    func read(_ name: String, limit: Int) throws -> [UInt8]?
    /// The item's bytes in memory that is wiped, at most `limit`; `nil` when there is none.
    func readSecret(_ name: String, limit: Int) throws -> SecureBytes?
}

extension SecureDirectory: KeychainItems {}
extension Keychain: KeychainItems {}
