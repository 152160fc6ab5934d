/// Where a keychain keeps its four items: the data keyset, the pinned
/// publisher key, the high-water marks and the passcode verifier.
///
/// The core keeps them as files in the keychain directory (``KeychainStoreKind/files``);
/// an app brings its own store (the iOS Keychain with an access group the app
/// and its widget share, the desktop's Secret Service) by implementing this
/// protocol and registering a ``KeychainStoreKind`` that opens it. The app
/// and the widget then reach every item through the store that
/// `keychain/store` records, and never through another one.
///
/// ## What a store promises
///
/// - **Atomic replace.** ``write(_:_:)`` replaces the whole item or leaves the
///   old one: a reader sees the old bytes or the new bytes, never a mix or a
///   gap.
/// - **Durable before return.** When ``write(_:_:)`` or ``delete(_:)``
///   returns, the change survives a crash or a power cut.
/// - **Missing is not unreachable.** ``read(_:)`` returns `nil` when the store
///   holds no such item: the app has not written it yet, or has deleted it.
///   A store that cannot be reached now (a locked device, no keyring daemon,
///   a locked collection, a call that times out) throws
///   ``KeychainStoreError/unavailable(store:reason:)`` instead, from every
///   method. The two lead to different things: a missing keyset makes a
///   widget show `unknown-key` and lets the app write a new one, while an
///   unavailable store makes a widget show `keychain-unavailable`, stops the
///   app's command, and destroys nothing.
/// - **Bytes as given.** An item reads back exactly as it was written; the
///   core checks its size against ``KeychainItem/byteLimit`` and parses it.
/// - **Bounded reads.** The core checks that size only once ``read(_:)`` has
///   returned, so the store bounds what it reads: where it can see an item's
///   size first, it reads no more than `item.byteLimit + 1` bytes (anything
///   longer is damaged whatever follows); where it cannot, its transport's
///   own cap is the bound (the Secret Service store reads at most
///   `byteLimit` bytes of a D-Bus message of at most 1 MiB).
///
/// An error of another type from a store is taken as the store being
/// unavailable (the core wraps it in ``KeychainStoreError/unavailable(store:reason:)``).
/// A store needs no locking of its own: the app changes items under the
/// keychain directory's lock, and a widget only reads them and raises the marks.
public protocol KeychainStore {
    /// The item's bytes, or `nil` when the store holds none.
    /// - Parameter item: The item to read.
    /// - Returns: The bytes as last written, in memory that is wiped.
    /// - Throws: ``KeychainStoreError/unavailable(store:reason:)`` when the store cannot be reached now.
    func read(_ item: KeychainItem) throws -> SecureBytes?

    /// Replaces the item with `bytes`, atomically and durably.
    /// - Parameters:
    ///   - item: The item to write.
    ///   - bytes: Its new contents, at most ``KeychainItem/byteLimit`` bytes.
    /// - Throws: ``KeychainStoreError/unavailable(store:reason:)`` when the store cannot be reached now;
    ///   the item is then as it was.
    func write(_ item: KeychainItem, _ bytes: SecureBytes) throws

    /// Deletes the item, durably; deleting an item that is not there is no error.
    /// - Parameter item: The item to delete.
    /// - Throws: ``KeychainStoreError/unavailable(store:reason:)`` when the store cannot be reached now.
    func delete(_ item: KeychainItem) throws

    /// Checks that the store can be used now, without reading or writing an item.
    ///
    /// A login that moves the keychain to this store calls it before it
    /// destroys anything in the old store; `bridgectl doctor` reports it.
    /// - Throws: ``KeychainStoreError/unavailable(store:reason:)`` when it cannot.
    func checkReachable() throws

    /// Tells a long-lived reader when the store may have become reachable
    /// or unreachable (the device or the keyring locked or unlocked, the
    /// service gone or back), so it can re-check at once instead of at its
    /// next timed re-check.
    ///
    /// The stream yields whenever something changed that may change what
    /// ``checkReachable()`` says; spurious elements cost one re-check. It
    /// finishes when it can no longer tell (its connection lost): the reader
    /// then shows no amount until a new stream is had. Ending the iteration
    /// must release what the stream holds. When the notifications cannot be
    /// had now (no connection), throw: the reader shows no amount and asks again.
    ///
    /// Implement it where the store has change notifications (the Secret
    /// Service's signals; on Apple platforms, the protected-data
    /// notifications). The default returns `nil`: the reader then re-checks
    /// ``checkReachable()`` every second (`read --follow`'s figures are in
    /// docs/SECURITY.md, "Over time").
    /// - Returns: The stream, or `nil` when the store has no notifications.
    /// - Throws: Any error when the notifications cannot be had now.
    func reachabilityChanges() throws -> AsyncStream<Void>?
}

extension KeychainStore {
    /// No notifications: a long-lived reader re-checks ``checkReachable()`` on a timer.
    public func reachabilityChanges() throws -> AsyncStream<Void>? { nil }
}

/// One of the four items a keychain keeps, named as the files store names
/// its files.
public struct KeychainItem: Hashable, Sendable, CustomStringConvertible {
    /// The item's name: `keyset`, `publisher.pub`, `marks` or `passcode`.
    public let name: String
    /// The most bytes the item ever holds; a longer one is damaged.
    public let byteLimit: Int

    private init(name: String, byteLimit: Int) {
        self.name = name
        self.byteLimit = byteLimit
    }

    /// The data keyset: the AES-256 keys snapshots are sealed under. Secret;
    /// the app and the widget read it.
    public static let dataKeyset = KeychainItem(name: "keyset", byteLimit: DataKeyset.maximumByteCount)
    /// The publisher's Ed25519 public key (PEM) that the widget pins. Public;
    /// the app writes it, the widget reads it.
    public static let pinnedPublisherKey = KeychainItem(name: "publisher.pub", byteLimit: 4096)
    /// The high-water marks (rollback and clock protection). The app and the
    /// widget both raise them.
    public static let highWaterMarks = KeychainItem(name: "marks", byteLimit: MarksFile.byteCount)
    /// The passcode verifier (scrypt). Only the app reads it; a store may
    /// keep it where the widget cannot reach it. The files store leaves it in
    /// the app's own place (`app/passcode`), never in the shared keychain directory.
    public static let passcodeVerifier = KeychainItem(name: "passcode", byteLimit: PasscodeVerifier.storedByteCount)

    /// The four items.
    public static let allItems: [KeychainItem] = [.dataKeyset, .pinnedPublisherKey, .highWaterMarks, .passcodeVerifier]

    /// The item called `name`, or `nil`.
    init?(name: String) {
        guard let item = Self.allItems.first(where: { $0.name == name }) else { return nil }
        self = item
    }

    public var description: String { name }
}
