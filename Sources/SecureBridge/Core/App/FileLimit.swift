/// Size caps for every file SecureBridge reads; nothing is read unbounded.
/// Each file's cap is its format's own where the format has one (the
/// keychain's items, the signed records, the snapshot); this table gathers them
/// for the app side and the reader.
package enum FileLimit {
    package static let signingKey = 4096
    package static let passcode = KeychainItem.passcodeVerifier.byteLimit
    package static let state = 64 * 1024
    static let publishCursor = 1024
    package static let keyset = KeychainItem.dataKeyset.byteLimit
    package static let pinnedKey = KeychainItem.pinnedPublisherKey.byteLimit
    package static let marks = KeychainItem.highWaterMarks.byteLimit
    package static let store = KeychainStoreChoice.maximumByteCount
    package static let record = SignedRecord.maximumByteCount
    package static let snapshot = SnapshotEnvelope.maximumByteCount
    package static let reloadToken = 64
}
