#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

// Checks a command runs before it asks for anything: a passcode is asked for only when usable.

extension BridgeApp {
    /// Checks, changing nothing, that a login can run now (no live session but an owed wipe, usable
    /// keychain stores), so the passcode is asked for only when it will be used.
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

    /// Checks, changing nothing, that an unlock can run now, so the passcode is asked for only when checked.
    /// - Throws: `SessionError` of kind `.notOnboarded`, `.notLoggedIn`, `.sessionExpired`,
    ///   `.tooManyAttempts` or `.damagedState`; `KeychainStoreError`; storage errors.
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

    /// The app state as last saved; `nil` without an app place or when damaged.
    private func savedState() throws -> AppState? {
        guard let app = try home.open(.app) else { return nil }
        do {
            return try AppState.load(from: app)
        } catch let error as SessionError where error.cause == .damagedState {
            return nil
        }
    }
}
