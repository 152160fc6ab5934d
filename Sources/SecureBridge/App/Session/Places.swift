/// The three directories, opened and checked once for one command, which
/// works relative to their descriptors (`SecureDirectory.heldOpen(creatingIfMissing:)`).
struct Places {
    let app: SecureDirectory
    var keychain: Keychain
    let container: SecureDirectory
    /// The data keyset as the command found it, once an interrupted rotation
    /// was settled (`BridgeApp.transaction`); `nil` when it was missing or
    /// unreadable. Only for a command that does not replace the keyset.
    var keysetAtStart: DataKeyset?
    /// What damaged keychain marks are taken for, and rewritten with, by
    /// this command: the highest sequences the app state had signed when it
    /// started (`AppState.highestSigned(now:)`).
    var marksIfDamaged: HighWaterMarks?
    /// Whether this command began by carrying out a wipe owed to a tenth
    /// wrong passcode (`BridgeApp.transaction`): for logout, its whole work.
    var carriedOutOwedWipe = false

    /// Opens the places for the app side, creating missing directories.
    ///
    /// The ways to the places are checked as the widget's reader checks
    /// them (`BridgeHome.checkedDirectories`): overlapping places or an unsafe
    /// ancestor are refused before anything is created or locked.
    /// - Parameter onboarding: Whether a missing app place may be created
    ///   (login); otherwise it is `SessionError.notOnboarded` and nothing is created.
    static func prepare(_ home: BridgeHome, onboarding: Bool = true) throws -> Places {
        let places = try home.checkedDirectories([.app, .keychain, .container])
        let app = places[0], keychain = places[1], container = places[2]
        guard let app = try app.heldOpen(creatingIfMissing: onboarding),
              let keychain = try keychain.heldOpen(creatingIfMissing: true),
              let container = try container.heldOpen(creatingIfMissing: true)
        else { throw SessionError(.notOnboarded) }
        return Places(app: app, keychain: try Keychain(keychain), container: container)
    }
}

extension Places {
    /// Whether the passcode verifier is an item of the keychain's store
    /// (`KeychainItem.passcodeVerifier`) rather than `app/passcode`: in any
    /// store but files, so every secret of the session is where the store
    /// keeps its items (the user's keyring, the device's Keychain). The
    /// widget never reads it.
    private var keepsPasscodeInStore: Bool { keychain.store.kind != .files }

    func readPasscodeVerifier() throws -> SecureBytes? {
        keepsPasscodeInStore
            ? try keychain.readSecret(.passcode)
            : try app.readSecret(.passcode)
    }

    func writePasscodeVerifier(_ verifier: SecureBytes) throws {
        if keepsPasscodeInStore {
            try keychain.write(.passcode, verifier)
        } else {
            try app.write(.passcode, verifier)
        }
    }

    func destroyPasscodeVerifier() throws {
        if keepsPasscodeInStore { try keychain.destroy(.passcode) } else { try app.destroy(.passcode) }
    }

    /// Moves the keychain's items, and the passcode verifier, to a new store
    /// of `kind` (login): the verifier is destroyed where it was, then
    /// `Keychain.moving(to:)`; the login writes them all again in the new store.
    mutating func moveKeychain(to kind: KeychainStoreKind) throws {
        guard kind != keychain.store.kind else { return }
        try destroyPasscodeVerifier()
        keychain = try keychain.moving(to: kind)
    }
}
