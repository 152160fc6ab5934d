/// Why a keychain store could not be used. Neither means an item is missing or
/// damaged: nothing is destroyed, and the command can run again once the store can be reached.
public enum KeychainStoreError: Error, Sendable, CustomStringConvertible {
    /// The store cannot be reached now (a locked device, no keyring daemon, a timeout); `reason` is what it said.
    case unavailable(store: KeychainStoreKind, reason: any Error)
    /// No kind of store named `name` is registered in this process (``KeychainStoreKind/register(_:)``).
    case unregisteredKind(name: String)

    /// One sentence; for an unregistered kind it lists the kinds registered, so a
    /// typo shows its fix. A reason that is a sentence of its own is the description.
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

    /// `name` in backquotes when well formed, else quoted with every line-breaking character escaped (it may be typed).
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
