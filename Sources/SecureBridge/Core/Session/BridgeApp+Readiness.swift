#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// Checks a command runs before it asks for anything: a caller prompts for a
// passcode only when the command that takes it can use it.

extension BridgeApp {
    /// Checks, changing nothing, that a login can run now, so the passcode is
    /// asked for only when it will be used.
    ///
    /// A login cannot run while a session is live, nor when a keychain store
    /// it would use cannot be used now: the store it chooses, and the home's
    /// current one when it moves away from it (the move deletes the items there).
    /// What this check cannot read (a damaged app state, which the login
    /// repairs) it leaves to the login.
    /// - Parameters:
    ///   - keychain: The store the login would choose; `nil` keeps the home's.
    ///   - now: The current time.
    /// - Throws: `SessionError.alreadyLoggedIn` while a session is live;
    ///   `KeychainStoreError` when a store cannot be used; storage errors.
    public func checkLoginCanRun(keychain kind: KeychainStoreKind? = nil, now: Date) throws {
        if let state = try savedState(), let session = state.session, session.state != .loggedOut,
           Self.seconds(now) < session.expiresAt {
            throw SessionError.alreadyLoggedIn(user: state.userID ?? "unknown")
        }
        let current = try Keychain.open(in: home)
        try current?.checkStore()
        if let kind, kind != (current?.store.kind ?? .files) {
            try Keychain.checkNewStore(of: Keychain.registered(kind), keychainDirectory: home.keychain)
        }
    }

    /// Checks, changing nothing, that an unlock can run now: a live session
    /// whose keychain store can be used, so the passcode is asked for only
    /// when it will be checked.
    /// - Parameter now: The current time.
    /// - Throws: `SessionError.notOnboarded`, `.notLoggedIn` or
    ///   `.sessionExpired`; `KeychainStoreError` when the store that keeps the
    ///   passcode verifier and the marks cannot be used; storage errors.
    public func checkUnlockCanRun(now: Date) throws {
        try requireLiveSession(try savedState() ?? AppState(), now: now)
        try Keychain.open(in: home)?.checkStore()
    }

    /// The app state as last saved; `nil` when there is no app place yet or
    /// the state is damaged (the command repairs it, or says so itself).
    private func savedState() throws -> AppState? {
        guard let app = try SecureDirectory.open(.app, in: home) else { return nil }
        do {
            return try AppState.load(from: app)
        } catch SessionError.damagedState {
            return nil
        }
    }
}
