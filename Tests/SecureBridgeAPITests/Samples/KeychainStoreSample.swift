// An app's own keychain store, as the getting-started article and
// docs/INTEGRATION.md show it.

// snippet own-store
import Foundation
import SecureBridge
import Synchronization

/// The four keychain items kept in a vault of the app's own: here a
/// dictionary, where an iOS app calls `SecItemCopyMatching`, `SecItemAdd`
/// and `SecItemDelete` on one service per keychain (`location.id`).
final class VaultKeychainStore: KeychainStore, Sendable {
    private let items = Mutex<[String: [UInt8]]>([:])
    private let isLocked: @Sendable () -> Bool

    init(isLocked: @escaping @Sendable () -> Bool) { self.isLocked = isLocked }

    /// A locked vault (`errSecInteractionNotAllowed`) is unavailable, never empty:
    /// the widget then shows keychain-unavailable and nothing is destroyed.
    private func unlocked() throws {
        struct Locked: Error, CustomStringConvertible { var description: String { "The vault is locked." } }
        if isLocked() { throw KeychainStoreError.unavailable(store: Self.kind, reason: Locked()) }
    }

    func read(_ item: KeychainItem) throws -> SecureBytes? {
        try unlocked()
        return items.withLock { $0[item.name] }.map { SecureBytes(copying: $0) }
    }

    func write(_ item: KeychainItem, _ bytes: SecureBytes) throws {
        try unlocked()
        let copy = bytes.withUnsafeBytes { Array($0) }
        items.withLock { $0[item.name] = copy }
    }

    func delete(_ item: KeychainItem) throws {
        try unlocked()
        _ = items.withLock { $0.removeValue(forKey: item.name) }
    }

    func checkReachable() throws { try unlocked() }

    /// The kind the app and its widget each register at launch, under the same
    /// name. The registry belongs to the process, so the store keeps one vault
    /// per keychain (`location.id`), as `SecItem…` calls keep one service per
    /// keychain: two homes in one process (two tests at once) never share items.
    static let kind = KeychainStoreKind(name: "vault", whereKept: "in the app's vault") { location in vault(for: location) }

    /// The vault of one keychain, made on first use.
    static func vault(for location: KeychainStoreLocation) -> VaultKeychainStore {
        vaults.withLock { vaults in
            if let vault = vaults[location.id] { return vault }
            let vault = VaultKeychainStore(isLocked: { false })
            vaults[location.id] = vault
            return vault
        }
    }

    private static let vaults = Mutex<[String: VaultKeychainStore]>([:])
}

/// At launch, in the app and in the widget extension; the first login chooses it.
func logInKeepingTheKeysInTheVault(home: BridgeHome, user: String, passcode: SecureBytes) throws {
    KeychainStoreKind.register(VaultKeychainStore.kind)
    try BridgeApp(home: home).login(
        user: user, passcode: passcode, sessionLength: .seconds(12 * 3600), keychain: VaultKeychainStore.kind, now: Date())
}
// end snippet
