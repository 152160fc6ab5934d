import Synchronization
public import SystemPackage

/// A kind of keychain store, by the name `keychain/store` records: how a process opens a store of that kind.
///
/// The core knows ``files``; a process registers every other kind it uses (``register(_:)``, as the article "Your
/// own keychain store" shows) before it opens a home. A home whose kind is not registered is
/// ``KeychainStoreError/unregisteredKind(name:)``, never a quiet turn to another store. Kinds are equal when their
/// names are. A store with state keeps it per ``KeychainStoreLocation/id``, or two homes in one process share items.
public struct KeychainStoreKind: Sendable, Hashable, RawRepresentable, CaseIterable, CustomStringConvertible {
    /// The name `keychain/store` records: `files`, `secret-service`.
    public let rawValue: String
    /// Where the items are, for a sentence: `as files`, `in the Secret Service`.
    public let whereKept: String
    /// Opens a store of this kind for one keychain; `nil` for files, which the core keeps itself.
    let open: (@Sendable (KeychainStoreLocation) throws -> any KeychainStore)?

    /// A kind of store that `open` opens, once per command or widget read: `open` should only make the store value.
    /// - Precondition: `name` is 1 to 30 characters among `a`–`z`, `0`–`9` and `-`, and not `files`.
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

    /// The registered kind named `rawValue`, or `nil`; ``registered(named:)`` says what went wrong.
    public init?(rawValue: String) {
        guard let kind = Self.registry.withLock({ kinds in kinds.first { $0.rawValue == rawValue } }) else { return nil }
        self = kind
    }

    /// The kind registered under `name`.
    /// - Throws: ``KeychainStoreError/unregisteredKind(name:)`` when no kind of that name is registered.
    public static func registered(named name: String) throws(KeychainStoreError) -> KeychainStoreKind {
        guard let kind = KeychainStoreKind(rawValue: name) else { throw .unregisteredKind(name: name) }
        return kind
    }

    /// Files in the keychain directory: the default, and what works headless.
    public static let files = KeychainStoreKind(rawValue: "files", whereKept: "as files", open: nil)

    /// The kinds this process can open: ``files`` first, then every registered kind in the order registered.
    public static var allCases: [KeychainStoreKind] { registry.withLock { $0 } }

    /// Makes `kind` one this process can open, replacing a kind registered under the same name.
    public static func register(_ kind: KeychainStoreKind) {
        registry.withLock { kinds in
            if let index = kinds.firstIndex(of: kind) { kinds[index] = kind } else { kinds.append(kind) }
        }
    }

    private static let registry = Mutex<[KeychainStoreKind]>([.files])

    public var description: String { rawValue }

    public static func == (lhs: KeychainStoreKind, rhs: KeychainStoreKind) -> Bool { lhs.rawValue == rhs.rawValue }

    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

    static func isWellFormed(_ name: String) -> Bool {
        (1...30).contains(name.utf8.count)
            && name.utf8.allSatisfy { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: "-") }
    }
}

/// Which keychain a store is opened for.
public struct KeychainStoreLocation: Sendable, Hashable {
    /// The keychain's random id (32 lowercase hex digits): what sets its items apart from another home's.
    public let id: String
    /// The keychain directory, which holds the lock and `keychain/store`: for labels people read.
    public let keychainDirectory: FilePath

    /// The keychain with `id` whose directory is `keychainDirectory`.
    public init(id: String, keychainDirectory: FilePath) {
        self.id = id
        self.keychainDirectory = keychainDirectory
    }
}
