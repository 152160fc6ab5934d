package import SystemPackage

/// The keychain place: its directory, which always holds its lock and its
/// choice of store (`keychain/store`), and its items (the data keyset, the
/// pinned publisher key and the high-water marks; in a store other than
/// files the passcode verifier too, `Places.writePasscodeVerifier`), kept in
/// that directory or in the store it records (`KeychainStore`).
///
/// Every item goes through here, so a command can only use the store the
/// place records: a store failing (no bus, no daemon, a locked collection or
/// device) is an error that says which, never a quiet turn to files.
package struct Keychain {
    /// The directory: the lock, `store`, and the items when the store is files.
    package let directory: SecureDirectory
    /// The store the place records.
    package let store: KeychainStoreChoice
    /// The items in their store: for files, `FilesKeychainStore` over `directory`.
    private let storeItems: StoreItems

    /// The place in `directory`, with the store its file `store` records.
    /// - Throws: `KeychainError.corrupt` when that file is damaged,
    ///   `KeychainStoreError.unregisteredKind` when it names a kind this
    ///   process cannot open, and storage errors.
    package init(_ directory: SecureDirectory) throws {
        try self.init(
            directory, store: directory.read(.store).map(KeychainStoreChoice.init(storedBytes:)) ?? .files)
    }

    /// The place in `directory` read through `store` (the widget, which read `store` through its open directory).
    /// - Throws: Whatever opening the store throws.
    package init(_ directory: SecureDirectory, store: KeychainStoreChoice) throws {
        self.directory = directory
        self.store = store
        storeItems = StoreItems(
            store: try store.open(keychainDirectory: directory.path) ?? FilesKeychainStore(directory: directory), kind: store.kind)
    }

    /// The existing keychain place of `home`, or `nil` when it does not exist.
    package static func open(in home: BridgeHome) throws -> Keychain? {
        try home.open(.keychain).map(Keychain.init)
    }

    /// The items, wherever the store keeps them: files are read straight
    /// from the directory (without a copy into wiped memory for public ones).
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

    /// Destroys the item `name`: a file is overwritten before it is removed
    /// (`SecureDirectory.destroy`); a store's item is deleted.
    package func destroy(_ name: String) throws {
        try storeItems.delete(name)
    }

    /// Whether the store can be used now: always for files; for another
    /// store, what its `checkReachable()` says (login, doctor).
    package func checkStore() throws {
        try storeItems.checkReachable()
    }

    /// The store's change notifications (`KeychainStore.reachabilityChanges()`);
    /// `nil` for files, which are always reachable, and for a store that has none.
    /// - Throws: What the store throws when its notifications cannot be had now.
    package func reachabilityChanges() throws -> AsyncStream<Void>? {
        store.kind == .files ? nil : try storeItems.store.reachabilityChanges()
    }

    /// This place with its items moved to a new store of `kind`, for a login
    /// that chooses another store. The new store is checked first, so one
    /// that cannot be used changes nothing. Durable steps, in order: the
    /// data keyset in the old store is destroyed and its pinned key and marks
    /// removed (widgets then show no snapshot); then `store` records the new
    /// choice (widgets then find nothing to show until the login writes it).
    /// Lowering the marks is safe here: the login that follows raises them
    /// above every sequence the app has signed.
    /// - Throws: `KeychainStoreError.unregisteredKind` when `kind` is not
    ///   registered (every later command would find a store it cannot open),
    ///   `.unavailable` when the new store cannot be used; storage errors.
    package func moving(to kind: KeychainStoreKind) throws -> Keychain {
        guard kind != store.kind else { return self }
        let moved = try Keychain(directory, store: try KeychainStoreChoice.new(Self.registered(kind)))
        try moved.checkStore()
        try destroy(.keyset)
        try destroy(.pinnedKey)
        try destroy(.marks)
        try directory.write(.store, moved.store.storedBytes)
        return moved
    }
}

extension Keychain {
    /// `kind` as this process registered it (with the `open` a new store needs).
    /// - Throws: `KeychainStoreError.unregisteredKind` when it is not registered.
    package static func registered(_ kind: KeychainStoreKind) throws -> KeychainStoreKind {
        try KeychainStoreKind.registered(named: kind.rawValue)
    }

    /// Checks that a new store of `kind` for the keychain in `directory`
    /// could be used now, before anything is written to it or anywhere else.
    /// - Throws: `KeychainStoreError.unavailable` when it cannot.
    package static func checkNewStore(of kind: KeychainStoreKind, keychainDirectory directory: FilePath) throws {
        guard let store = try KeychainStoreChoice.new(kind).open(keychainDirectory: directory) else { return }
        try StoreItems(store: store, kind: kind).checkReachable()
    }
}

/// Reads a keychain place's items by their file names (`StoredFile.keyset`,
/// `.pinnedKey`, `.marks`), wherever the store keeps them.
package protocol KeychainItems {
    /// The item's bytes, at most `limit`; `nil` when there is none.
    func read(_ name: String, limit: Int) throws -> [UInt8]?
    /// The item's bytes in memory that is wiped, at most `limit`; `nil` when there is none.
    func readSecret(_ name: String, limit: Int) throws -> SecureBytes?
}

extension SecureDirectory: KeychainItems {}
/// A keychain reads its items wherever its store keeps them.
extension Keychain: KeychainItems {}
