/// Why a keychain store could not be used. Neither means an item is missing
/// or damaged: nothing is destroyed, a widget shows `keychain-unavailable`,
/// and the command can run again once the store can be reached.
public enum KeychainStoreError: Error, Sendable, CustomStringConvertible {
    /// The store cannot be reached now: a locked device, no keyring daemon,
    /// a locked collection, a call that timed out.
    /// - Parameters:
    ///   - store: The kind of store.
    ///   - reason: What the store said; the description is its description.
    case unavailable(store: KeychainStoreKind, reason: any Error)
    /// No kind of store named `name` is registered in this process
    /// (``KeychainStoreKind/register(_:)``): `keychain/store` names it, a
    /// login chose it, or ``KeychainStoreKind/registered(named:)`` was asked for it.
    case unregisteredKind(name: String)

    /// One sentence; for an unregistered kind it names the kind and lists
    /// the kinds this process has registered, so a typo shows its fix. A
    /// store's reason that is a sentence of its own (it ends in `.`, `!` or
    /// `?`) is the description; any other is set in one that names the store.
    public var description: String {
        switch self {
        case let .unavailable(store, reason):
            Self.isSentence("\(reason)") ? "\(reason)" : "The keychain's items kept \(store.whereKept) cannot be used now (\(reason))."
        case let .unregisteredKind(name):
            "No keychain store kind named \(Self.shown(name)) is registered in this process; \(Self.registeredKinds)."
        }
    }

    /// Whether `text` reads as a whole sentence: a capital first, a full stop last.
    private static func isSentence(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, let last = text.last else { return false }
        return first.properties.isUppercase && ".!?".contains(last)
    }

    /// `name` in backquotes when it is well formed, else quoted with every
    /// character that could break the line escaped: it may come from a command line.
    package static func shown(_ name: String) -> String {
        KeychainStoreKind.isWellFormed(name) ? "`\(name)`" : UnicodeText.quoted(name)
    }

    /// The kinds registered now, for the end of a sentence: "the registered kinds are files and secret-service".
    private static var registeredKinds: String {
        let names = KeychainStoreKind.allCases.map(\.rawValue)
        guard let last = names.last, names.count > 1 else { return "the only registered kind is \(names.first ?? "files")" }
        return "the registered kinds are \(names.dropLast().joined(separator: ", ")) and \(last)"
    }
}
