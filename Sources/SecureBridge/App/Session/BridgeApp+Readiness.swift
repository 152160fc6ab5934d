#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

// Checks a command runs before it asks for anything: a caller prompts for a
// passcode only when the command that takes it can use it.

extension BridgeApp {
    /// Checks, changing nothing, that a login can run now, so the passcode is
    /// asked for only when it will be used.
    ///
    /// A login cannot run while a session is live (but for one whose wipe
    /// after a tenth wrong passcode is owed, which the login carries out
    /// first), nor when a keychain store
    /// it would use cannot be used now: the store it chooses, and the home's
    /// current one when it moves away from it (the move deletes the items there).
    /// What this check cannot read (a damaged app state, which the login
    /// repairs) it leaves to the login.
    /// - Parameters:
    ///   - kind: The store the login would choose; `nil` keeps the home's.
    ///   - now: The current time.
    /// - Throws: `SessionError.alreadyLoggedIn` while a session is live;
    ///   `KeychainStoreError` when a store cannot be used; storage errors.
    public func checkLoginCanRun(keychain kind: KeychainStoreKind? = nil, now: Date) throws {
        // A wipe owed to a tenth wrong passcode passes: the login carries it out first.
        if let state = try savedState(), !state.owesWipe { try Self.requireNoLiveSession(state, now: now) }
        let current = try Keychain.open(in: home)
        try current?.checkStore()
        if let kind, kind != (current?.store.kind ?? .files) {
            try Keychain.checkNewStore(of: Keychain.registered(kind), keychainDirectory: home.keychain)
        }
    }

    /// Checks, changing nothing, that an unlock can run now: a live session,
    /// no wait after wrong passcodes, and a keychain store that can be used,
    /// so the passcode is asked for only when it will be checked.
    ///
    /// A wipe owed to a tenth wrong passcode passes: carrying it out and
    /// saying so is the unlock's.
    /// - Parameter now: The current time.
    /// - Throws: `SessionError` of kind `.notOnboarded`, `.notLoggedIn`,
    ///   `.sessionExpired`, `.tooManyAttempts` or `.damagedState`;
    ///   `KeychainStoreError` when the store that keeps the passcode verifier
    ///   and the marks cannot be used; storage errors.
    public func checkUnlockCanRun(now: Date) throws {
        guard let app = try home.open(.app) else { throw SessionError(.notOnboarded) }
        let state = try AppState.load(from: app)
        try requireLiveSession(state, now: now)
        if !state.owesWipe { try Self.requireNoUnlockWait(state, now: now) }
        try Keychain.open(in: home)?.checkStore()
    }

    /// Refuses a login while a session is live (not logged out, not expired).
    /// - Throws: `SessionError.alreadyLoggedIn`.
    static func requireNoLiveSession(_ state: AppState, now: Date) throws {
        if let session = state.session, session.state != .loggedOut, seconds(now) < session.expiresAt {
            throw SessionError(.alreadyLoggedIn(user: state.userID ?? "unknown"))
        }
    }

    /// Refuses an unlock attempt while the back-off after wrong passcodes runs.
    /// - Throws: `SessionError` of kind `.tooManyAttempts`, with `retryAfter`.
    static func requireNoUnlockWait(_ state: AppState, now: Date) throws {
        let wait = unlockWait(afterFailures: state.failedUnlocks, lastAttemptAt: state.lastUnlockAttemptAt, now: seconds(now))
        guard wait == 0 else { throw SessionError(.tooManyAttempts(retryAfterSeconds: wait)) }
    }

    /// The app state as last saved; `nil` when there is no app place yet or
    /// the state is damaged (a login starts it over).
    private func savedState() throws -> AppState? {
        guard let app = try home.open(.app) else { return nil }
        do {
            return try AppState.load(from: app)
        } catch let error as SessionError where error.cause == .damagedState {
            return nil
        }
    }
}
