/// Every file SecureBridge reads, by its name (`FileName`) and the most bytes
/// it may hold, in one table: no read pairs a name with a cap by hand, and
/// nothing is read unbounded. Each cap is its format's own where the format
/// has one (the keychain's items, the signed records, the snapshot).
package struct StoredFile: Sendable {
    /// The file's name in its place.
    package let name: String
    /// The most bytes it may hold: a larger file is refused unread.
    package let byteLimit: Int

    // app/
    package static let signingKey = StoredFile(name: FileName.signingKey, byteLimit: 4096)
    package static let state = StoredFile(name: FileName.state, byteLimit: 64 * 1024)
    package static let publishCursor = StoredFile(name: FileName.publishCursor, byteLimit: 1024)
    /// In app/ for the files store, an item of the keychain's store otherwise.
    package static let passcode = StoredFile(name: FileName.passcode, byteLimit: KeychainItem.passcodeVerifier.byteLimit)
    // keychain/
    package static let keyset = StoredFile(name: FileName.keyset, byteLimit: KeychainItem.dataKeyset.byteLimit)
    package static let pinnedKey = StoredFile(name: FileName.pinnedKey, byteLimit: KeychainItem.pinnedPublisherKey.byteLimit)
    package static let marks = StoredFile(name: FileName.marks, byteLimit: KeychainItem.highWaterMarks.byteLimit)
    package static let store = StoredFile(name: FileName.store, byteLimit: KeychainStoreChoice.maximumByteCount)
    // container/
    package static let onboarding = StoredFile(name: FileName.onboarding, byteLimit: SignedRecord.maximumByteCount)
    package static let authStatus = StoredFile(name: FileName.authStatus, byteLimit: SignedRecord.maximumByteCount)
    package static let snapshot = StoredFile(name: FileName.snapshot, byteLimit: SnapshotEnvelope.maximumByteCount)
    package static let reloadToken = StoredFile(name: FileName.reloadToken, byteLimit: 64)
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
}
