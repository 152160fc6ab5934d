import SystemPackage

/// The store a keychain place uses, as its file `store` records it: `files` or `KIND ID` and a newline (no file means
/// `files`). The app and the widget read it before any item, so neither falls back to another store.
package struct KeychainStoreChoice: Equatable, Sendable {
    /// The most bytes `keychain/store` holds: a kind's name, a space, a 32-digit id and a newline.
    /// Its file in the keychain directory.
    package static let fileName = "store"
    package static let maximumByteCount = 64

    package let kind: KeychainStoreKind
    /// The random id this keychain's items are found by in its store; `nil` for files.
    package let id: String?

    package static let files = KeychainStoreChoice(kind: .files, id: nil)

    private init(kind: KeychainStoreKind, id: String?) {
        self.kind = kind
        self.id = id
    }

    /// A new choice of `kind`, with a new id for any kind but files.
    /// - Throws: `BridgeError` when no random id can be made.
    package static func new(_ kind: KeychainStoreKind) throws -> KeychainStoreChoice {
        kind == .files ? .files : KeychainStoreChoice(kind: kind, id: Bytes.hex(try SystemRandom.bytes(count: 16)))
    }

    package var storedBytes: [UInt8] {
        Array((id.map { "\(kind.rawValue) \($0)" } ?? kind.rawValue).utf8) + [UInt8(ascii: "\n")]
    }

    /// Parses the file `store`.
    /// - Throws: `KeychainError.corrupt` for anything `storedBytes` would not write;
    ///   `KeychainStoreError.unregisteredKind` for a kind this process has not registered.
    package init(storedBytes bytes: [UInt8]) throws {
        let text = String(decoding: bytes, as: UTF8.self)
        guard text.hasSuffix("\n") else { throw KeychainError.corrupt(file: Self.fileName) }
        let words = text.dropLast().split(separator: " ", omittingEmptySubsequences: false)
        switch (words.first.map(String.init), words.count) {
        case ("files", 1): self = .files
        case let (name?, 2) where name != "files" && KeychainStoreKind.isWellFormed(name)
            && Bytes.fromHex(words[1]).map { $0.count == 16 && Bytes.hex($0) == words[1] } == true:
            try self.init(kind: KeychainStoreKind.registered(named: name), id: String(words[1]))
        default: throw KeychainError.corrupt(file: Self.fileName)
        }
    }

    /// Opens the store this choice names for the keychain in `directory`; `nil` for files.
    /// - Throws: `KeychainStoreError.unavailable` when the kind's `open` fails.
    func open(keychainDirectory directory: FilePath) throws -> (any KeychainStore)? {
        guard let id, let open = kind.open else { return nil }
        do {
            return try open(KeychainStoreLocation(id: id, keychainDirectory: directory))
        } catch let error as KeychainStoreError {
            throw error
        } catch {
            throw KeychainStoreError.unavailable(store: kind, reason: error)
        }
    }
}
