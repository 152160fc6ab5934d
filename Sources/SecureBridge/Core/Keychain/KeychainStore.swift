/// Where a keychain place keeps its items (the data keyset, the pinned
/// publisher key and the high-water marks): files in its directory, or the
/// desktop's Secret Service.
public enum KeychainStoreKind: String, Sendable, CaseIterable {
    /// Files in the keychain directory: the default, and what works headless.
    case files
    /// Items in the Secret Service's default collection (GNOME Keyring,
    /// KeePassXC, KWallet), unlocked with the user's desktop session.
    case secretService = "secret-service"
}

/// The store a keychain place uses, as its file `store` records it. The app
/// chooses it at login; the app and the widget read it before any item, so
/// neither guesses and neither falls back from one store to the other. No
/// file means `files` (homes made before the choice existed).
package struct KeychainStore: Equatable, Sendable {
    package let kind: KeychainStoreKind
    /// The random id this keychain's Secret Service items are found by
    /// (attribute `keychain`); `nil` for files.
    package let id: String?

    static let files = KeychainStore(kind: .files, id: nil)

    private init(kind: KeychainStoreKind, id: String?) {
        self.kind = kind
        self.id = id
    }

    /// A new store of `kind`, with a new id for the Secret Service.
    static func new(_ kind: KeychainStoreKind) throws -> KeychainStore {
        switch kind {
        case .files: .files
        case .secretService: KeychainStore(kind: .secretService, id: Bytes.hex(try SystemRandom.bytes(count: 16)))
        }
    }

    /// `files` or `secret-service ID`, and a newline.
    var storedBytes: [UInt8] {
        Array((id.map { "\(kind.rawValue) \($0)" } ?? kind.rawValue).utf8) + [UInt8(ascii: "\n")]
    }

    /// Parses the file `store`.
    /// - Throws: `KeychainError.corrupt` for anything but the two forms `storedBytes` writes.
    init(storedBytes bytes: [UInt8]) throws {
        let text = String(decoding: bytes, as: UTF8.self)
        guard text.hasSuffix("\n") else { throw KeychainError.corrupt(file: FileName.store) }
        let words = text.dropLast().split(separator: " ", omittingEmptySubsequences: false)
        switch (words.first.flatMap { KeychainStoreKind(rawValue: String($0)) }, words.count) {
        case (.files, 1): self = .files
        case (.secretService, 2) where Bytes.fromHex(words[1]).map { $0.count == 16 && Bytes.hex($0) == words[1] } == true:
            self.init(kind: .secretService, id: String(words[1]))
        default: throw KeychainError.corrupt(file: FileName.store)
        }
    }
}

extension KeychainStoreKind {
    /// How the items are kept, for a sentence: `as files`, `in the Secret Service`.
    public var whereKept: String {
        switch self {
        case .files: "as files"
        case .secretService: "in the Secret Service"
        }
    }
}
