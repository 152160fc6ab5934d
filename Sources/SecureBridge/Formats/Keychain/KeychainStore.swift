/// Where a keychain keeps its four items: the data keyset, pinned publisher key, high-water marks, passcode verifier.
///
/// The core keeps them as files (``KeychainStoreKind/files``); an app brings its own store by implementing this
/// protocol and registering a ``KeychainStoreKind`` that opens it. A write replaces an item atomically and is durable
/// when it returns; a read returns exactly what was written, at most `item.byteLimit + 1` bytes where it can tell.
/// Only a missing item reads as `nil`: a store that cannot be reached now throws
/// ``KeychainStoreError/unavailable(store:reason:)`` from every method, so nothing is destroyed (the core takes an
/// error of another type as the same). A store needs no locking of its own.
public protocol KeychainStore {
    /// The item's bytes as last written, or `nil` when the store holds none.
    /// - Throws: ``KeychainStoreError/unavailable(store:reason:)`` when the store cannot be reached now.
    func read(_ item: KeychainItem) throws -> SecureBytes?

    /// Replaces the item with `bytes` (at most ``KeychainItem/byteLimit``), atomically and durably.
    /// - Throws: ``KeychainStoreError/unavailable(store:reason:)`` when the store cannot be reached now;
    ///   the item is then unchanged.
    func write(_ item: KeychainItem, _ bytes: SecureBytes) throws

    /// Deletes the item, durably; deleting an item that is not there is no error.
    /// - Throws: ``KeychainStoreError/unavailable(store:reason:)`` when the store cannot be reached now.
    func delete(_ item: KeychainItem) throws

    /// Checks that the store can be used now, without reading or writing an item.
    /// - Throws: ``KeychainStoreError/unavailable(store:reason:)`` when it cannot.
    func checkReachable() throws

    /// A stream that yields when the store may have become reachable or unreachable, so a
    /// long-lived reader re-checks ``checkReachable()`` at once; `nil` (the default) when it has none.
    /// The stream finishes when it can no longer tell; ending the iteration must release what it holds.
    /// - Throws: Any error when the notifications cannot be had now.
    func reachabilityChanges() throws -> AsyncStream<Void>?

    /// How often a long-lived reader asks a store without notifications ``checkReachable()``:
    /// every second by default; a store whose check costs more may be asked less often.
    var recheckInterval: Duration { get }
}

extension KeychainStore {
    /// No notifications: a long-lived reader re-checks ``checkReachable()`` on a timer.
    public func reachabilityChanges() throws -> AsyncStream<Void>? { nil }

    /// Every second.
    public var recheckInterval: Duration { .seconds(1) }
}

/// One of the four items a keychain keeps, named as the files store names its files.
public struct KeychainItem: Hashable, Sendable, CustomStringConvertible {
    /// The item's name: `keyset`, `publisher.pub`, `marks` or `passcode`.
    public let name: String
    /// The most bytes the item ever holds; a longer one is damaged.
    public let byteLimit: Int

    private init(name: String, byteLimit: Int) {
        self.name = name
        self.byteLimit = byteLimit
    }

    /// The data keyset: the AES-256 keys snapshots are sealed under. Secret.
    public static let dataKeyset = KeychainItem(name: "keyset", byteLimit: DataKeyset.maximumByteCount)
    /// The publisher's Ed25519 public key (PEM) that the widget pins.
    public static let pinnedPublisherKey = KeychainItem(name: "publisher.pub", byteLimit: 4096)
    /// The high-water marks (rollback and clock protection).
    public static let highWaterMarks = KeychainItem(name: "marks", byteLimit: MarksFile.byteCount)
    /// The passcode verifier (scrypt); only the app reads it, and the files store keeps it in `app/passcode`.
    public static let passcodeVerifier = KeychainItem(name: "passcode", byteLimit: PasscodeVerifier.storedByteCount)

    public static let allItems: [KeychainItem] = [.dataKeyset, .pinnedPublisherKey, .highWaterMarks, .passcodeVerifier]

    init?(name: String) {
        guard let item = Self.allItems.first(where: { $0.name == name }) else { return nil }
        self = item
    }

    public var description: String { name }
}
