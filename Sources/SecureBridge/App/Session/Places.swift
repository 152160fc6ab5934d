/// The three directories, opened and checked once for one command.
struct Places {
    let app: SecureDirectory
    var keychain: Keychain
    let container: SecureDirectory
    /// The keyset as found once an interrupted rotation was settled; `nil` when missing or unreadable.
    var keysetAtStart: DataKeyset?
    /// What damaged marks are taken for and rewritten with: `AppState.highestSigned(now:)` at the start.
    var marksIfDamaged: HighWaterMarks?
    /// Whether this command began by carrying out an owed wipe: for logout, its whole work.
    var carriedOutOwedWipe = false

    /// Opens the places as the widget checks them, creating missing ones (the app place only when `onboarding`).
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
    /// Whether the passcode verifier is in the keychain's store (any but files) rather than `app/passcode`.
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

    /// Moves the keychain's items to a store of `kind` (login), destroying the verifier where it was.
    mutating func moveKeychain(to kind: KeychainStoreKind) throws {
        guard kind != keychain.store.kind else { return }
        try destroyPasscodeVerifier()
        keychain = try keychain.moving(to: kind)
    }
}
