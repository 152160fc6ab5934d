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
    /// `keychain/store` names a kind of store this process has not
    /// registered (``KeychainStoreKind/register(_:)``).
    case unregisteredKind(name: String)

    public var description: String {
        switch self {
        case let .unavailable(_, reason): "\(reason)"
        case let .unregisteredKind(name):
            "The keychain's items are kept in a store of kind `\(name)`, which this program cannot open."
        }
    }
}
