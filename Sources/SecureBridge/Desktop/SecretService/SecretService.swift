#if os(Linux)
package import SecureBridge

/// A client of the desktop's Secret Service (`org.freedesktop.secrets`, the
/// freedesktop.org Secret Service API that GNOME Keyring, KeePassXC and
/// KWallet provide) on the session bus: only the calls the keychain place
/// needs, over SecureBridge's own D-Bus client.
///
/// Secrets travel in a `plain` session: unencrypted on the user's own
/// session bus, which only the user's processes can reach; docs/SECURITY.md
/// says why that is no weaker than the threat model. The client never asks
/// the service to unlock anything (that would mean a prompt): a locked
/// collection or item is `SecretServiceError.locked`.
package final class SecretService {
    private let bus: DBusConnection
    private let session: String

    static let name = "org.freedesktop.secrets"
    private static let path = "/org/freedesktop/secrets"
    private static let serviceInterface = "org.freedesktop.Secret.Service"
    private static let itemInterface = "org.freedesktop.Secret.Item"
    /// How long one call may wait: a widget must render even when the keyring hangs.
    static let timeout = DBusConnection.callTimeout

    /// Connects to the session bus at `address` and opens a session with the service.
    /// - Throws: `SecretServiceError.noSessionBus` or `.notRunning`.
    package init(sessionBusAddress address: String?) throws {
        guard let address else { throw SecretServiceError.noSessionBus(.noAddress(variable: "DBUS_SESSION_BUS_ADDRESS")) }
        do {
            bus = try DBusConnection(address: address, timeout: Self.timeout)
        } catch DBusError.noAnswer {
            throw SecretServiceError.noAnswer(operation: .connect)
        } catch let error as DBusError {
            throw SecretServiceError.noSessionBus(error)
        }
        var arguments = DBusWriter()
        arguments.string("plain")
        arguments.variant(string: "")
        var reply = try Self.reader(of: Self.call(bus, "OpenSession", .openSession, arguments, "sv"))
        var types = Substring("v")
        try reply.skip(&types)
        session = try reply.string()
    }

    /// The default collection, where new items go, once it is known to be unlocked.
    /// - Throws: `SecretServiceError.noDefaultCollection` when the service has
    ///   none, `.locked` when it is locked.
    package func unlockedDefaultCollection() throws -> String {
        var alias = DBusWriter()
        alias.string("default")
        var found = try Self.reader(of: Self.call(bus, "ReadAlias", .findDefaultCollection, alias, "s"))
        let path = try found.string()
        guard path != "/" else { throw SecretServiceError.noDefaultCollection }

        var property = DBusWriter()
        property.string("org.freedesktop.Secret.Collection")
        property.string("Locked")
        let operation = SecretServiceError.Operation.readWhetherLocked
        let message = DBusMessage.call(
            "Get", on: "org.freedesktop.DBus.Properties", at: path, of: Self.name, serial: 0, arguments: property,
            signature: "ss")
        var reply: DBusReader
        do {
            reply = try Self.reader(of: Self.perform(operation) { try bus.call(message) })
        } catch let SecretServiceError.refused(_, errorName) where Self.noSuchObject.contains(errorName) {
            // The alias names a collection that is gone: as good as none.
            throw SecretServiceError.noDefaultCollection
        }
        guard let locked = try reply.variantBoolean() else {
            throw SecretServiceError.notABoolean(operation: operation)
        }
        guard !locked else { throw SecretServiceError.locked }
        return path
    }

    /// The items whose attributes include all of `attributes`.
    /// - Throws: `SecretServiceError.locked` when a matching item is locked.
    package func items(matching attributes: [(String, String)]) throws -> [String] {
        var arguments = DBusWriter()
        arguments.stringDictionary(attributes)
        var reply = try Self.reader(of: Self.call(bus, "SearchItems", .searchItems, arguments, "a{ss}"))
        let unlocked = try reply.objectPaths()
        guard try reply.objectPaths().isEmpty else { throw SecretServiceError.locked }
        return unlocked
    }

    /// The secret of the item at `path`, at most `limit` bytes.
    package func secret(ofItem path: String, limit: Int) throws -> SecureBytes {
        var arguments = DBusWriter()
        arguments.string(session)
        let message = DBusMessage.call(
            "GetSecret", on: Self.itemInterface, at: path, of: Self.name, serial: 0, arguments: arguments, signature: "o")
        var reply = try Self.perform(.readItem) { try bus.call(message) }
        defer { SecureBytes.wipe(&reply.body) }
        let value = try Self.secretValue(in: reply.body, limit: limit)
        return SecureBytes(copying: reply.body[value])
    }

    /// Where the value of the `(oayays)` secret that `body` holds lies in it.
    private static func secretValue(in body: [UInt8], limit: Int) throws -> Range<Int> {
        var reader = DBusReader(body)
        reader.align(8)
        _ = try reader.string()
        _ = try reader.byteArray(limit: 1024)
        return try reader.byteArrayRange(limit: limit)
    }

    /// Stores `secret` in `collection` as a new item with `label` and
    /// `attributes`, replacing the item that has the same attributes.
    package func store(
        _ secret: some Collection<UInt8>, label: String, attributes: [(String, String)], in collection: String
    ) throws {
        var message = DBusMessage.call(
            "CreateItem", on: "org.freedesktop.Secret.Collection", at: collection, of: Self.name, serial: 0,
            arguments: Self.createItemArguments(secret, label: label, attributes: attributes, session: session),
            signature: "a{sv}(oayays)b")
        var reply = try Self.reader(of: Self.perform(.storeItem) { try bus.callWiping(&message) })
        _ = try reply.string()
        guard try reply.string() == "/" else { throw SecretServiceError.locked }
    }

    /// `CreateItem`'s arguments: the item's label and attributes, its secret, and "replace".
    private static func createItemArguments(
        _ secret: some Collection<UInt8>, label: String, attributes: [(String, String)], session: String
    ) -> DBusWriter {
        var arguments = DBusWriter()
        arguments.reserveCapacity(1024 + label.utf8.count + secret.count + attributes.reduce(0) { $0 + $1.0.utf8.count + $1.1.utf8.count + 16 })
        arguments.array(elementAlignment: 8) { properties in
            properties.align(8)
            properties.string("org.freedesktop.Secret.Item.Label")
            properties.variant(string: label)
            properties.align(8)
            properties.string("org.freedesktop.Secret.Item.Attributes")
            properties.signature("a{ss}")
            properties.stringDictionary(attributes)
        }
        arguments.align(8)
        arguments.string(session)
        arguments.byteArray([])
        arguments.byteArray(secret)
        arguments.string("application/octet-stream")
        arguments.boolean(true)
        return arguments
    }

    /// Deletes the item at `path`.
    package func delete(item path: String) throws {
        let message = DBusMessage.call("Delete", on: Self.itemInterface, at: path, of: Self.name, serial: 0)
        var reply = try Self.reader(of: Self.perform(.deleteItem) { try bus.call(message) })
        guard try reply.string() == "/" else { throw SecretServiceError.locked }
    }

    private static func call(
        _ bus: DBusConnection, _ member: String, _ operation: SecretServiceError.Operation, _ arguments: DBusWriter, _ signature: String
    ) throws -> DBusMessage {
        let message = DBusMessage.call(
            member, on: serviceInterface, at: path, of: name, serial: 0, arguments: arguments, signature: signature)
        return try perform(operation) { try bus.call(message) }
    }

    /// Runs one call, its failure said as the Secret Service's.
    private static func perform(_ operation: SecretServiceError.Operation, _ call: () throws -> DBusMessage) throws -> DBusMessage {
        do {
            return try call()
        } catch let DBusError.failed(name) {
            switch name {
            case "org.freedesktop.DBus.Error.ServiceUnknown", "org.freedesktop.DBus.Error.NameHasNoOwner",
                "org.freedesktop.DBus.Error.Spawn.ChildExited", "org.freedesktop.DBus.Error.Spawn.Failed":
                throw SecretServiceError.notRunning
            case "org.freedesktop.Secret.Error.IsLocked": throw SecretServiceError.locked
            default: throw SecretServiceError.refused(operation: operation, errorName: name)
            }
        } catch DBusError.noAnswer {
            throw SecretServiceError.noAnswer(operation: operation)
        } catch let error as DBusError {
            throw SecretServiceError.failed(operation: operation, error)
        }
    }

    private static func reader(of reply: DBusMessage) -> DBusReader { DBusReader(reply.body) }

    /// The errors a service answers a call on an object it does not have with.
    private static let noSuchObject: Set<String> = [
        "org.freedesktop.DBus.Error.UnknownObject", "org.freedesktop.DBus.Error.UnknownMethod",
        "org.freedesktop.Secret.Error.NoSuchObject",
    ]
}

/// Why the Secret Service could not be used; each says which and what to do.
/// A keychain store of kind `secret-service` throws these wrapped in
/// `KeychainStoreError.unavailable(store:reason:)`.
public enum SecretServiceError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No session bus to reach it on: why not.
    case noSessionBus(DBusError)
    /// Nothing on the session bus provides it.
    case notRunning
    /// It has no default collection to keep the items in.
    case noDefaultCollection
    /// The collection (or an item) is locked.
    case locked
    /// It answered `operation` with the D-Bus error `errorName`.
    case refused(operation: Operation, errorName: String)
    /// It answered `operation` with something this client cannot read, or the bus failed meanwhile.
    case failed(operation: Operation, DBusError)
    /// It answered whether its collection is locked with something other than a boolean.
    case notABoolean(operation: Operation)
    /// It did not answer `operation` within `SecretService.timeout` (5 seconds).
    case noAnswer(operation: Operation)

    /// What the client asked the Secret Service to do.
    public enum Operation: String, Sendable, CustomStringConvertible {
        case connect
        case openSession = "open a session"
        case findDefaultCollection = "find the default collection"
        case readWhetherLocked = "read whether the default collection is locked"
        case searchItems = "search its items"
        case readItem = "read an item"
        case storeItem = "store an item"
        case deleteItem = "delete an item"

        /// What was asked, as a verb phrase: `search its items`.
        public var description: String { rawValue }
    }

    public var description: String {
        problem + (remedy.map { "; \($0)" } ?? "") + "."
    }

    /// What is wrong, as the start of a sentence: `The Secret Service's default collection is locked`.
    public var problem: String {
        switch self {
        case let .noSessionBus(error): "The Secret Service cannot be reached: there is no session bus (\(Self.why(error)))"
        case .notRunning: "No Secret Service is running on the session bus"
        case .noDefaultCollection:
            "The Secret Service has no default collection (your login keyring is not open), so it cannot say whether it holds SecureBridge's items"
        case .locked: "The Secret Service's default collection is locked"
        case let .refused(operation, errorName): "The Secret Service refused to \(operation) (\(DBusError.shown(errorName)))"
        case let .failed(operation, error): "The Secret Service refused to \(operation) (\(error))"
        case let .notABoolean(operation): "The Secret Service refused to \(operation) (not a boolean)"
        case let .noAnswer(operation):
            "The Secret Service did not answer within \(SecretService.timeout.components.seconds) seconds when asked to \(operation)"
        }
    }

    /// What to do about it, when there is something to do; it never
    /// destroys anything, for the items are only out of reach.
    public var remedy: String? {
        switch self {
        case .noSessionBus: "run the command in your desktop session"
        case .notRunning: "start your keyring (GNOME Keyring, KeePassXC or KWallet) and run the command again"
        case .noDefaultCollection:
            "log out of the desktop and in again so the keyring daemon opens your login keyring (or open it in your keyring manager), and run the command again"
        case .locked:
            "unlock it (log in to the desktop, or run `secret-tool search --unlock application securebridge`, which asks for the keyring's password) and run the command again"
        case .noAnswer: "check that your keyring is running and not stuck, and run the command again"
        case .refused, .failed, .notABoolean: nil
        }
    }

    /// Why there is no bus, as the sentence says it: the unset variable alone.
    private static func why(_ error: DBusError) -> String {
        if case let .noAddress(variable) = error { "\(variable) is not set" } else { "\(error)" }
    }
}
#endif
