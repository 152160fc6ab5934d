import Synchronization
public import SystemPackage

/// A kind of keychain store, by the name `keychain/store` records: how a
/// process opens a store of that kind.
///
/// The core knows ``files``. Every other kind is registered by the process
/// that uses it, before it opens a home, as SQLite registers its VFSes:
/// `bridgectl` registers the desktop's Secret Service (`secret-service`,
/// from `SecureBridgeDesktop`); an iOS app and its widget extension each
/// register their own implementation of one kind (say `ios-keychain`), each
/// opening the Keychain with the access group it is entitled to.
///
/// ```swift
/// let iosKeychain = KeychainStoreKind(name: "ios-keychain", whereKept: "in the Keychain") { location in
///     AppKeychainStore(service: "com.example.bank.\(location.id)", accessGroup: "ABCDE12345.com.example.bank.shared")
/// }
/// KeychainStoreKind.register(iosKeychain)
/// try app.login(user: user, passcode: passcode, sessionLength: .seconds(43_200), keychain: iosKeychain, now: .now)
/// ```
///
/// A kind named by text (a setting, a command line) is looked up with
/// ``registered(named:)``, which throws for a name nobody registered:
/// `try KeychainStoreKind.registered(named: "ios-keychain")`.
///
/// The app chooses the kind at login; from then on the app and the widget
/// open exactly the store `keychain/store` records. A home whose kind this
/// process has not registered is ``KeychainStoreError/unregisteredKind(name:)``:
/// never a quiet turn to another store. A widget shows `keychain-unavailable`
/// then, and its timeline's `developerNote` names the kind to register.
///
/// Two kinds are the same kind when their names are: registering a kind
/// under a name already registered replaces its opener.
///
/// The registry belongs to the process: every thread, task and test in it
/// sees the same kinds. The opener is called for each keychain it opens, with
/// its ``KeychainStoreLocation``; a store that keeps state keeps it per
/// location (``KeychainStoreLocation/id``), or two homes of one process (two
/// tests running at once) share their items and lock each other's.
public struct KeychainStoreKind: Sendable, Hashable, RawRepresentable, CaseIterable, CustomStringConvertible {
    /// The name `keychain/store` records: `files`, `secret-service`.
    public let rawValue: String
    /// Where the items are, for a sentence: `as files`, `in the Secret Service`.
    public let whereKept: String
    /// Opens a store of this kind for one keychain; `nil` for files, which the core keeps itself.
    let open: (@Sendable (KeychainStoreLocation) throws -> any KeychainStore)?

    /// A kind of store that `open` opens.
    ///
    /// `open` runs each time a keychain of this kind is opened, once per
    /// command or widget read: it should only make the store value and leave
    /// reaching the store (a connection, a prompt) to the first item asked for.
    /// - Parameters:
    ///   - name: The name `keychain/store` records: 1 to 30 characters among
    ///     `a`–`z`, `0`–`9` and `-`, and not `files`.
    ///   - whereKept: Where the items are, for a sentence that ends "the keychain's items are kept …".
    ///   - open: Makes the store that keeps the items of the keychain at `location`.
    /// - Precondition: `name` is well formed.
    public init(
        name: String, whereKept: String, open: @escaping @Sendable (_ location: KeychainStoreLocation) throws -> any KeychainStore
    ) {
        precondition(Self.isWellFormed(name) && name != "files", "A keychain store kind's name is 1 to 30 of a-z, 0-9 and -, and not files.")
        self.init(rawValue: name, whereKept: whereKept, open: open)
    }

    private init(rawValue: String, whereKept: String, open: (@Sendable (KeychainStoreLocation) throws -> any KeychainStore)?) {
        self.rawValue = rawValue
        self.whereKept = whereKept
        self.open = open
    }

    /// The registered kind named `rawValue`, or `nil` when no kind of that
    /// name is registered in this process (a typo, or a ``register(_:)``
    /// that never ran).
    ///
    /// `RawRepresentable` asks for this initialiser. To choose a store, pass
    /// the kind itself, or look its name up with ``registered(named:)``, which
    /// says what went wrong: a `nil` passed on to
    /// `BridgeApp.login(user:passcode:sessionLength:keychain:now:)` would
    /// keep the home's store, files for a new home.
    public init?(rawValue: String) {
        guard let kind = Self.registry.withLock({ kinds in kinds.first { $0.rawValue == rawValue } }) else { return nil }
        self = kind
    }

    /// The kind registered under `name`.
    ///
    /// ```swift
    /// let kind = try KeychainStoreKind.registered(named: "ios-keychain")
    /// try app.login(user: user, passcode: passcode, sessionLength: .seconds(43_200), keychain: kind, now: .now)
    /// ```
    /// - Parameter name: The kind's name, as `keychain/store` records it: `files`, `secret-service`.
    /// - Returns: The kind, with the opener it was registered with.
    /// - Throws: ``KeychainStoreError/unregisteredKind(name:)`` when no kind
    ///   of that name is registered in this process; its description lists
    ///   the kinds that are.
    public static func registered(named name: String) throws(KeychainStoreError) -> KeychainStoreKind {
        guard let kind = KeychainStoreKind(rawValue: name) else { throw .unregisteredKind(name: name) }
        return kind
    }

    /// Files in the keychain directory, replaced atomically and durably
    /// through `SecureDirectory`: the default, and what works headless.
    public static let files = KeychainStoreKind(rawValue: "files", whereKept: "as files", open: nil)

    /// The kinds this process can open: ``files`` first, then every registered kind in the order registered.
    public static var allCases: [KeychainStoreKind] { registry.withLock { $0 } }

    /// Makes `kind` one this process can open, replacing a kind registered under the same name.
    /// - Parameter kind: The kind.
    public static func register(_ kind: KeychainStoreKind) {
        registry.withLock { kinds in
            if let index = kinds.firstIndex(of: kind) { kinds[index] = kind } else { kinds.append(kind) }
        }
    }

    private static let registry = Mutex<[KeychainStoreKind]>([.files])

    public var description: String { rawValue }

    public static func == (lhs: KeychainStoreKind, rhs: KeychainStoreKind) -> Bool { lhs.rawValue == rhs.rawValue }

    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

    /// Whether `name` can be recorded in `keychain/store` (`KeychainStoreChoice.maximumByteCount` holds it with an id).
    static func isWellFormed(_ name: String) -> Bool {
        (1...30).contains(name.utf8.count)
            && name.utf8.allSatisfy { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: "-") }
    }
}

/// Which keychain a store is opened for.
public struct KeychainStoreLocation: Sendable, Hashable {
    /// The keychain's random id (32 lowercase hex digits), made when the app
    /// chose the store and recorded in `keychain/store`: what sets this
    /// keychain's items apart from another home's in the same store (the
    /// Secret Service's `keychain` attribute, a Keychain item's service).
    public let id: String
    /// The keychain directory, which holds the lock and `keychain/store`: for labels people read.
    public let keychainDirectory: FilePath

    /// The keychain with `id` whose directory is `keychainDirectory` (the
    /// core makes these; a store's own tests may too).
    /// - Parameters:
    ///   - id: The keychain's id, 32 lowercase hex digits.
    ///   - keychainDirectory: Its directory.
    public init(id: String, keychainDirectory: FilePath) {
        self.id = id
        self.keychainDirectory = keychainDirectory
    }
}
