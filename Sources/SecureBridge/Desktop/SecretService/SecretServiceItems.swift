#if os(Linux)
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
public import SecureBridge

extension KeychainStoreKind {
    /// The desktop's Secret Service (GNOME Keyring, KeePassXC, KWallet):
    /// items in its default collection, unlocked with the user's desktop
    /// session (`SecretServiceItems`). A process that opens homes kept there
    /// registers it first: `KeychainStoreKind.register(.secretService)`.
    public static let secretService = KeychainStoreKind(name: "secret-service", whereKept: "in the Secret Service") { location in
        SecretServiceItems(id: location.id, directory: location.keychainDirectory.string)
    }
}

/// A keychain's items in the Secret Service: one item per keychain item,
/// found by the attributes `application` (`securebridge`), `keychain` (the
/// keychain's id, `KeychainStoreLocation.id`) and `item` (the item's name),
/// labelled with the keychain directory for whoever browses their keyring.
/// New items go to the default collection. Connects on first use, so a
/// command that touches no item never reaches for the bus.
///
/// Every failure to use the service is a `SecretServiceError`, which the
/// core reports as `KeychainStoreError.unavailable(store:reason:)`: a widget
/// shows `keychain-unavailable`, and nothing is destroyed. An item is
/// missing only when the unlocked default collection says so: without a
/// default collection (a daemon started without the login keyring) or with
/// it locked, the service cannot be asked, and that is unavailable too.
package final class SecretServiceItems: KeychainStore {
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

    private func attributes(_ item: KeychainItem) -> [(String, String)] { Self.attributes(keychain: id, item: item.name) }

    /// The item's secret, or `nil` when the service holds none.
    ///
    /// A search that finds nothing is taken for a missing item only when the
    /// default collection, where the item was written, is there and unlocked:
    /// a keyring daemon started without the login keyring finds nothing
    /// either, and its items are only out of reach.
    /// - Throws: `SecretServiceError` (`.noDefaultCollection` and `.locked`
    ///   among them); `KeychainError.corrupt` when two items match or the
    ///   service sends a secret this client cannot read.
    package func read(_ item: KeychainItem) throws -> SecureBytes? {
        let service = try service()
        let found = try service.items(matching: attributes(item))
        // `store` replaces the item with the same attributes: two are not ours to choose between.
        guard found.count <= 1 else { throw KeychainError.corrupt(file: item.name) }
        guard let path = found.first else {
            try confirmAbsence(service)
            return nil
        }
        do {
            return try service.secret(ofItem: path, limit: item.byteLimit)
        } catch is DBusError {
            throw KeychainError.corrupt(file: item.name)
        }
    }

    /// Stores `bytes` as the item, replacing it; the service makes it durable.
    /// - Throws: `SecretServiceError.locked` when the default collection is locked.
    package func write(_ item: KeychainItem, _ bytes: SecureBytes) throws {
        let service = try service()
        let collection = try service.unlockedDefaultCollection()
        try bytes.withUnsafeBytes { secret in
            try service.store(
                secret, label: "SecureBridge \(item.name) (\(directory))", attributes: attributes(item), in: collection)
        }
    }

    /// Deletes the item (every copy of it); nothing to delete is no error
    /// once the default collection confirms it (as for `read`).
    package func delete(_ item: KeychainItem) throws {
        let service = try service()
        let found = try service.items(matching: attributes(item))
        guard !found.isEmpty else { return try confirmAbsence(service) }
        for path in found { try service.delete(item: path) }
    }

    /// Checks that a search which found nothing can be believed: the default
    /// collection, where every item is written, exists and is unlocked.
    /// - Throws: `SecretServiceError.noDefaultCollection` or `.locked`.
    private func confirmAbsence(_ service: SecretService) throws {
        _ = try service.unlockedDefaultCollection()
    }

    /// Whether the service can be reached and its default collection is unlocked.
    package func checkReachable() throws {
        _ = try service().unlockedDefaultCollection()
    }

    /// Yields on each signal that may change whether the service can be
    /// used: the name `org.freedesktop.secrets` changing hands (the daemon
    /// gone or started) and the service's own signals (GNOME Keyring sends
    /// `CollectionChanged` and the collection's `PropertiesChanged` when it
    /// locks or unlocks). A signal is only a cue: the reader asks the
    /// service itself, by name, so a forged one costs a re-check and no more.
    /// Finishes when the session bus connection is lost. The calls that set
    /// the watch up wait at most `DBusConnection.callTimeout` each, as the
    /// service's own calls do: a bus that hangs fails them.
    /// - Throws: `DBusError` when there is no session bus to connect to, or it does not answer.
    package func reachabilityChanges() throws -> AsyncStream<Void>? {
        guard let address = getenv("DBUS_SESSION_BUS_ADDRESS").map({ String(cString: $0) }) else {
            throw DBusError.noAddress(variable: "DBUS_SESSION_BUS_ADDRESS")
        }
        let bus = try DBusConnection(address: address, timeout: DBusConnection.callTimeout)
        try bus.watchOwner(of: SecretService.name)
        try bus.addMatch("type='signal',sender='\(SecretService.name)',interface='org.freedesktop.Secret.Service'")
        try bus.addMatch(
            "type='signal',sender='\(SecretService.name)',interface='org.freedesktop.DBus.Properties',member='PropertiesChanged'")
        try bus.readWithoutTimeout()  // the signals may be hours apart
        let (changes, sink) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let thread = DBusSignalThread(reading: bus) { _ in sink.yield() } ended: { sink.finish() }
        sink.onTermination = { _ in thread.stop() }
        return changes
    }

    private func service() throws -> SecretService {
        if let connection { return connection }
        let service = try SecretService(sessionBusAddress: getenv("DBUS_SESSION_BUS_ADDRESS").map { String(cString: $0) })
        connection = service
        return service
    }
}
#endif
