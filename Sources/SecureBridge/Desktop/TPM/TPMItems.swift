#if os(Linux)
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
public import SecureBridge

extension KeychainStoreKind {
    /// The keychain's items sealed to this machine's TPM 2.0 (`TPMItems`): a
    /// copy of the home on any other machine, or after the TPM is cleared,
    /// opens none of them. A process that opens homes kept there registers
    /// it first: `KeychainStoreKind.register(.tpm)`. The TPM is reached the
    /// TSS way (`TSS2_TCTI`, else `/dev/tpmrm0`).
    public static let tpm = KeychainStoreKind(name: "tpm", whereKept: "sealed to this machine's TPM") { location in
        TPMItems(
            location: location,
            tpm: TPM(transport: try TPMTransport.chosen { getenv($0).map { String(cString: $0) } }))
    }
}

/// A keychain's items sealed to a TPM, kept in the keychain directory: a
/// random AES-256 key sealed by the TPM (`tpm-key`), and each item
/// AES-256-GCM under that key (`<item>.tpm`: nonce, ciphertext, tag; the
/// keychain's id and the item's name authenticated), written atomically and
/// durably as every keychain file is. The key is unsealed once for each
/// opening of the keychain. Every failure to reach or use the TPM, a blob
/// another TPM sealed, and a damaged blob are `TPMError`s, which the core
/// reports as `KeychainStoreError.unavailable`: a widget shows
/// `keychain-unavailable`, never `tampered`, and nothing is destroyed.
package final class TPMItems: KeychainStore {
    private let directory: SecureDirectory
    private let id: String
    private let tpm: TPM
    private var key: AES256Key?

    /// The sealed key's file.
    static let keyName = "tpm-key"

    init(location: KeychainStoreLocation, tpm: TPM) {
        directory = SecureDirectory(path: location.keychainDirectory, place: .keychain, platform: .system)
        id = location.id
        self.tpm = tpm
    }

    static func fileName(of item: KeychainItem) -> String { item.name + ".tpm" }

    /// An item whose file does not open under the unsealed key is damaged, as
    /// a damaged file of the files store is (`KeychainError.corrupt`): damaged
    /// marks are repaired by the app's next publish, as in any store.
    package func read(_ item: KeychainItem) throws -> SecureBytes? {
        let overhead = 12 + AESGCM.tagByteCount
        guard let stored = try directory.read(Self.fileName(of: item), limit: item.byteLimit + overhead) else { return nil }
        let key = try unsealedKey(creating: false)
        guard stored.count >= overhead else { throw KeychainError.corrupt(file: item.name) }
        do {
            return try AESGCM.open(
                combined: stored[12...], using: key, nonce: try AESGCM.Nonce(bytes: stored[..<12]),
                authenticating: associatedData(item))
        } catch is BridgeError {
            throw KeychainError.corrupt(file: item.name)
        }
    }

    package func write(_ item: KeychainItem, _ bytes: SecureBytes) throws {
        let key = try unsealedKey(creating: true)
        let nonce = try AESGCM.Nonce()
        let sealed = try bytes.withUnsafeBytes { plaintext in
            try AESGCM.seal(plaintext, using: key, nonce: nonce, authenticating: associatedData(item))
        }
        try directory.write(Self.fileName(of: item), nonce.bytes + sealed)
    }

    /// Destroys the item's file; with the last item gone, the sealed key too.
    package func delete(_ item: KeychainItem) throws {
        try directory.destroy(Self.fileName(of: item))
        if try !hasItems() {
            try directory.destroy(Self.keyName)
            key = nil
        }
    }

    /// Unseals the key the first time; once it is unsealed, only whether
    /// the TPM still answers: a cleared TPM is then found by the next read,
    /// which unseals again.
    package func checkReachable() throws {
        if key != nil {
            try tpm.checkAnswers()
        } else if try directory.fileStatus(Self.keyName) != nil {
            _ = try unsealedKey(creating: false)
        } else {
            try tpm.checkReachable()
        }
    }

    /// A follower asks every 10 seconds, so a TPM that stops answering is
    /// seen within 15 (its 5-second timeout on top), as a Secret Service
    /// is: each check wakes the process and asks over a new connection
    /// (about 1 ms of CPU), and once a second that was 5 CPU ticks a minute
    /// against the idle follower's budget of one (docs/PERFORMANCE.md).
    package var recheckInterval: Duration { .seconds(10) }

    /// Whether any item's file is here.
    private func hasItems() throws -> Bool {
        try KeychainItem.allItems.contains { try directory.fileStatus(Self.fileName(of: $0)) != nil }
    }

    /// The items' key: unsealed from `tpm-key`, or, when `creating` and there
    /// is neither a key nor an item, a new one sealed and written there first
    /// (never beside items a lost key sealed, which a new key would orphan).
    private func unsealedKey(creating: Bool) throws -> AES256Key {
        if let key { return key }
        let unsealed: AES256Key
        if let blob = try directory.read(Self.keyName, limit: 1024) {
            unsealed = try AES256Key(try tpm.unseal(try TPMSealedBlob(storedBytes: blob)))
        } else if creating, try !hasItems() {
            let secret = try SecureBytes.random(count: 32)
            try directory.write(Self.keyName, try tpm.seal(secret).storedBytes)
            unsealed = try AES256Key(secret)
        } else {
            throw TPMError.sealedKeyMissing(path: directory.path(of: Self.keyName))
        }
        key = unsealed
        return unsealed
    }

    private func associatedData(_ item: KeychainItem) -> [UInt8] {
        Array("SecureBridge TPM item \(id) \(item.name)".utf8)
    }
}
#endif
