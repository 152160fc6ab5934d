/// Every file SecureBridge keeps, by its name in its place and the most bytes
/// it may hold, in one table (see `docs/CONTAINER.md`): reads, writes and
/// removes all name a file from here, no read pairs a name with a cap by
/// hand, and nothing is read unbounded. Each cap is its format's own where the
/// format has one (the keychain's items, the signed records, the snapshot).
package struct StoredFile: Sendable {
    /// The file's name in its place.
    package let name: String
    /// The most bytes it may hold: a larger file is refused unread.
    package let byteLimit: Int

    // app/ — the app's own sandbox
    package static let signingKey = StoredFile(name: "signing-key.pem", byteLimit: 4096)
    package static let state = StoredFile(name: "state.json", byteLimit: 64 * 1024)
    package static let publishCursor = StoredFile(name: "publish-cursor", byteLimit: 1024)
    /// In app/ for the files store, an item of the keychain's store otherwise.
    package static let passcode = StoredFile(.passcodeVerifier)
    // keychain/ — shared by the app and the widget; the items' names are the keychain's (`KeychainItem`)
    package static let keyset = StoredFile(.dataKeyset)
    package static let pinnedKey = StoredFile(.pinnedPublisherKey)
    package static let marks = StoredFile(.highWaterMarks)
    package static let store = StoredFile(name: KeychainStoreChoice.fileName, byteLimit: KeychainStoreChoice.maximumByteCount)
    // container/ — shared and untrusted
    package static let onboarding = StoredFile(name: "onboarding", byteLimit: SignedRecord.maximumByteCount)
    package static let authStatus = StoredFile(name: "auth-status", byteLimit: SignedRecord.maximumByteCount)
    package static let snapshot = StoredFile(name: "snapshot", byteLimit: SnapshotEnvelope.maximumByteCount)
    package static let reloadToken = StoredFile(name: "reload-token", byteLimit: 64)

    private init(name: String, byteLimit: Int) {
        self.name = name
        self.byteLimit = byteLimit
    }

    private init(_ item: KeychainItem) {
        self.init(name: item.name, byteLimit: item.byteLimit)
    }
}

extension KeychainItems {
    /// The file's bytes, at most its cap; `nil` when there is none.
    package func read(_ file: StoredFile) throws -> [UInt8]? {
        try read(file.name, limit: file.byteLimit)
    }

    /// The file's bytes in memory that is wiped, at most its cap; `nil` when there is none.
    package func readSecret(_ file: StoredFile) throws -> SecureBytes? {
        try readSecret(file.name, limit: file.byteLimit)
    }
}

extension SecureDirectory {
    /// The file opened for an update in place, at most its cap; `nil` when there is none.
    package func openForUpdate(_ file: StoredFile) throws -> FileForUpdate? {
        try openForUpdate(file.name, limit: file.byteLimit)
    }

    package func write(_ file: StoredFile, _ bytes: some Collection<UInt8>) throws { try write(file.name, bytes) }

    package func write(_ file: StoredFile, _ secret: SecureBytes) throws { try write(file.name, secret) }

    package func rewriteUnsynced(_ file: StoredFile, _ bytes: [UInt8]) throws { try rewriteUnsynced(file.name, bytes) }

    package func remove(_ file: StoredFile) throws { try remove(file.name) }

    package func destroy(_ file: StoredFile) throws { try destroy(file.name) }

    package func fileStatus(_ file: StoredFile) throws -> FileStatus? { try fileStatus(file.name) }

    /// Writes a fresh random reload token into the container: widgets reload
    /// when it changes. Not synced: after a power cut every widget starts
    /// afresh, so a lost token costs nothing.
    package func renewReloadToken() throws {
        try rewriteUnsynced(.reloadToken, Array((Bytes.hex(try SystemRandom.bytes(count: 16)) + "\n").utf8))
    }
}

extension Keychain {
    package func write(_ file: StoredFile, _ bytes: some Collection<UInt8>) throws { try write(file.name, bytes) }

    package func write(_ file: StoredFile, _ secret: SecureBytes) throws { try write(file.name, secret) }

    package func destroy(_ file: StoredFile) throws { try destroy(file.name) }
}
