import SystemPackage
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp
@testable import SecureBridgeTesting

/// A keychain store with the Secret Service's durability on the simulated
/// platform, through the public ``KeychainStore`` protocol: each item a file
/// under ``directory`` that ``SimulatedPlatform/replaceItem(atPath:with:)``
/// replaces or deletes atomically and durably in one operation of the
/// recording, as the keyring daemon commits an item before its D-Bus call
/// returns (docs/SECURITY.md, "Power loss"). So a power cut falls between
/// two item writes (the keyset written, the verifier not; a rotation or a
/// logout half done), never inside one.
///
/// The store reads the platform bound to ``platform`` for the task: the
/// live one while a command runs, a crash state's while it is checked.
struct SimulatedKeyringStore: KeychainStore {
    /// The platform the store's items are on, for this task.
    @TaskLocal static var platform: SimulatedPlatform?

    /// Where the keyring keeps its items, apart from the home.
    static let directory = "/simulated/keyring"

    /// The kind `keychain/store` records for it; registered by the explorer.
    static let kind = KeychainStoreKind(name: "simulated-keyring", whereKept: "in the simulated Secret Service") { location in
        guard let platform = SimulatedKeyringStore.platform else { throw PowerLossError("no simulated platform is bound for the keyring") }
        return SimulatedKeyringStore(platform: platform, keychainID: location.id)
    }

    let platform: SimulatedPlatform
    /// The keychain's id, which sets its items apart as the Secret Service's `keychain` attribute does.
    let keychainID: String

    func path(_ item: KeychainItem) -> String { "\(Self.directory)/\(keychainID).\(item.name)" }

    func read(_ item: KeychainItem) throws -> SecureBytes? {
        try checkReachable()
        return platform.contents(ofFile: path(item)).map { SecureBytes(copying: $0) }
    }

    func write(_ item: KeychainItem, _ bytes: SecureBytes) throws {
        try platform.replaceItem(atPath: path(item), with: bytes.withUnsafeBytes { Array($0) })
    }

    func delete(_ item: KeychainItem) throws {
        try platform.replaceItem(atPath: path(item), with: nil)
    }

    func checkReachable() throws {
        guard platform.entries(ofDirectory: Self.directory) != nil else { throw PowerLossError("the simulated keyring has no collection") }
    }
}
