/// One of the three places SecureBridge keeps files in, which decides how
/// strictly its files and directory are checked.
///
/// | place | iOS analogue | may read | refuses group/other |
/// |---|---|---|---|
/// | `app` | the app's own keychain and sandbox | app side | any access |
/// | `keychain` | a shared keychain access group | app and widget | any access |
/// | `container` | the App Group container (untrusted) | app and widget | write access |
///
/// The container holds only signed and encrypted records, so being readable by
/// others costs nothing; being writable by others would let them replace the
/// directory's entries, which the reader detects but should not invite.
public enum StoragePlace: String, Sendable, CaseIterable {
    /// The app's own files: its state and its signing key.
    case app
    /// Keys shared by the app and the widget: the data keyset, the pinned public key, the marks.
    case keychain
    /// The untrusted shared container: records, the snapshot and the reload token.
    case container

    /// The permission bits (group and other) a file or directory of this place must not have.
    var forbiddenPermissions: UInt32 {
        switch self {
        case .app, .keychain: return 0o077
        case .container: return 0o022
        }
    }
}
