/// The keychain place: its directory, which always holds its lock and its
/// choice of store (`keychain/store`), and its items (the data keyset, the
/// pinned publisher key and the high-water marks; in the Secret Service the
/// passcode verifier too, `Places.writePasscodeVerifier`), kept in that
/// directory or in the Secret Service as the store says.
///
/// Every item goes through here, so a command can only use the store the
/// place records: the Secret Service failing (no bus, no daemon, a locked
/// collection) is an error that says which, never a quiet turn to files.
package struct Keychain {
    /// The directory: the lock, `store`, and the items when the store is files.
    package let directory: SecureDirectory
    /// The store the place records.
    package let store: KeychainStore
    /// The items in the Secret Service; `nil` when the store is files.
    private let secretService: SecretServiceItems?

    /// The place in `directory`, with the store its file `store` records.
    /// - Throws: `KeychainError.corrupt` when that file is damaged, and storage errors.
    package init(_ directory: SecureDirectory) throws {
        try self.init(directory, store: directory.read(FileName.store, limit: FileLimit.store).map(KeychainStore.init(storedBytes:)) ?? .files)
    }

    /// The place in `directory` read through `store` (the widget, which read `store` through its open directory).
    init(_ directory: SecureDirectory, store: KeychainStore) {
        self.directory = directory
        self.store = store
        secretService = store.id.map { SecretServiceItems(id: $0, directory: directory.path.string) }
    }

    /// The existing keychain place of `home`, or `nil` when it does not exist.
    package static func open(in home: BridgeHome) throws -> Keychain? {
        try SecureDirectory.open(.keychain, in: home).map(Keychain.init)
    }

    /// The items, wherever the store keeps them.
    var items: any KeychainItems { secretService ?? directory }

    package func read(_ name: String, limit: Int) throws -> [UInt8]? { try items.read(name, limit: limit) }

    package func readSecret(_ name: String, limit: Int) throws -> SecureBytes? { try items.readSecret(name, limit: limit) }

    /// Writes the item `name`, atomically and durably (files), or through the Secret Service.
    func write(_ name: String, _ bytes: some Collection<UInt8>) throws {
        if let secretService { try secretService.write(name, bytes) } else { try directory.write(name, bytes) }
    }

    func write(_ name: String, _ secret: SecureBytes) throws {
        if let secretService {
            try secret.withUnsafeBytes { try secretService.write(name, $0) }
        } else {
            try directory.write(name, secret)
        }
    }

    /// Destroys the item `name`: a file is overwritten before it is removed
    /// (`SecureDirectory.destroy`); a Secret Service item is deleted.
    func destroy(_ name: String) throws {
        if let secretService { try secretService.delete(name) } else { try directory.destroy(name) }
    }

    /// Whether the store can be used now: always for files; for the Secret
    /// Service, reachable with its default collection unlocked (doctor).
    package func checkStore() throws {
        try secretService?.checkReachable()
    }

    /// This place with its items moved to a new store of `kind`, for a login
    /// that chooses another store. The new store is checked first, so one
    /// that cannot be used changes nothing. Durable steps, in order: the
    /// data keyset in the old store is destroyed and its pinned key and marks
    /// removed (widgets then show no snapshot); then `store` records the new
    /// choice (widgets then find nothing to show until the login writes it).
    /// Lowering the marks is safe here: the login that follows raises them
    /// above every sequence the app has signed.
    func moving(to kind: KeychainStoreKind) throws -> Keychain {
        guard kind != store.kind else { return self }
        let moved = Keychain(directory, store: try KeychainStore.new(kind))
        try moved.checkStore()
        try destroy(FileName.keyset)
        try destroy(FileName.pinnedKey)
        try destroy(FileName.marks)
        try directory.write(FileName.store, moved.store.storedBytes)
        return moved
    }
}
