/// The file names of the three places, in one table (see `docs/CONTAINER.md`).
package enum FileName {
    // app/ — the app's own sandbox
    package static let signingKey = "signing-key.pem"
    package static let passcode = "passcode"
    package static let state = "state.json"
    package static let publishCursor = "publish-cursor"
    // keychain/ — shared by the app and the widget
    package static let keyset = "keyset"
    package static let pinnedKey = "publisher.pub"
    package static let marks = "marks"
    package static let store = "store"
    // container/ — shared and untrusted
    package static let onboarding = "onboarding"
    package static let authStatus = "auth-status"
    package static let snapshot = "snapshot"
    package static let reloadToken = "reload-token"
}
