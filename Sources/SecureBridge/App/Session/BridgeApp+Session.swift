#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

// Logout, lock, unlock and the hide-balances preference: each signs a new
// auth status through `commitSession`, whose order of durable steps fails
// closed (`SessionChange.swift`). Each is idempotent: run again, it writes the
// session it asks for again, which is how a command cut short is finished.

extension BridgeApp {
    /// Logs out: the data keyset is destroyed (crypto-shredding), the epoch
    /// moves on, the snapshot and the passcode verifier are removed.
    ///
    /// On an app already logged out it fails with a `SessionError` of kind `.notLoggedIn`;
    /// a logout cut short leaves the app logged in, so running it again finishes it.
    /// A wipe owed to a tenth wrong passcode (its process died before it) is
    /// this logout: carried out, it succeeds.
    /// A damaged app state does not stop it: it starts over from the keychain's
    /// marks and wipes whatever session there may have been.
    ///
    /// When it cannot even start (the app place refused, say open to others,
    /// or its state unreadable), it still destroys what it can reach without
    /// it, the data keyset and the snapshot, and throws a `SessionError` of
    /// kind `.unfinished` naming what it destroyed, what it could not and
    /// why: widgets then show no amount (the keys are gone), and the logout
    /// is signed when it runs again.
    public func logout(now: Date) throws {
        var started = false
        do {
            try transaction(repairing: true, goesOnAfterOwedWipe: true, now: now) { places, state in
                started = true
                // A wipe owed to a tenth wrong passcode, carried out first, was this logout.
                guard !places.carriedOutOwedWipe else { return }
                guard (state.session?.state ?? .loggedOut) != .loggedOut else {
                    throw SessionError(.notLoggedIn, lastUser: state.validUserID)
                }
                try wipeSession(places, &state, now: now)
            }
        } catch let failure as StorageError where !started {
            try destroyWithoutTheAppPlace(failure: failure)
        }
    }

    /// Shreds the data keyset and removes the snapshot through the keychain
    /// and container places alone (each checked as every command checks it),
    /// then throws what logout did and did not do; rethrows `failure` when it
    /// could destroy nothing.
    private func destroyWithoutTheAppPlace(failure: StorageError) throws -> Never {
        var destroyed: [SessionError.LogoutItem] = []
        var kept: [(item: SessionError.LogoutItem, failure: SessionError.Failure)] = []
        do {
            if let keychain = try Keychain.open(in: home) { try keychain.destroy(.keyset) }
            destroyed.append(.dataKeys)
        } catch {
            kept.append((.dataKeys, .init(error)))
        }
        do {
            if let container = try home.open(.container) {
                try removeSnapshotOrWarn(container)
                try container.renewReloadToken()
            }
            destroyed.append(.snapshot)
        } catch {
            kept.append((.snapshot, .init(error)))
        }
        guard !destroyed.isEmpty else { throw failure }
        let items = SessionError.LogoutItems(destroyed)
        logger.core(.warning, "logout could not use the app place; destroyed \(items) without it")
        throw SessionError(.loggedOutInPart(
            destroyed: items, kept: kept.isEmpty ? nil : SessionError.LogoutFailures(kept), failure: failure))
    }

    /// Locks the app: the widget masks every amount until `unlock`.
    ///
    /// It needs no keychain store: while the store cannot be used
    /// (a locked keyring, say) it still locks, raising the floor of the
    /// rollback mark in the keychain directory (`commitSession`, step 2).
    ///
    /// On an app already locked it writes the lock into the container again
    /// (repairing a container that lost it) and succeeds.
    public func lock(now: Date) throws {
        try transaction(withoutStore: true, now: now) { places, state in
            try requireLiveSession(state, now: now)
            var next = state
            next.session?.state = .locked
            try commitSession(next, over: &state, places: places, now: now, command: .lock)
        }
    }

    /// Unlocks with the passcode. Every attempt is counted durably before the
    /// passcode is checked and cleared only by the right one; wrong ones cost
    /// an escalating delay (enforced across processes, see `unlockWait`) and
    /// the tenth in a row wipes the session.
    ///
    /// On an app already unlocked the right passcode writes the unlocked
    /// session into the container again and succeeds.
    /// - Throws: `SessionError` of kind `.wrongPasscode`, `.tooManyAttempts`, `.sessionWiped`;
    ///   when the attempt cannot be counted, that storage error, and the
    ///   passcode is not checked.
    public func unlock(passcode: SecureBytes, now: Date) throws {
        try transaction(now: now) { places, state in
            try requireLiveSession(state, now: now)
            try Self.requireNoUnlockWait(state, now: now)
            let time = Self.seconds(now)
            // The attempt counts before the verifier is even read: a process
            // killed once the answer shows, or a save that fails, gains nothing.
            state.failedUnlocks += 1
            state.lastUnlockAttemptAt = time
            try state.save(to: places)
            guard let stored = try places.readPasscodeVerifier() else {
                throw KeychainError.missing(file: StoredFile.passcode.name)
            }
            guard try PasscodeVerifier(storedBytes: stored).matches(passcode) else {
                if state.failedUnlocks >= Self.maximumFailedUnlocks {
                    try wipeSession(places, &state, now: now)
                    throw SessionError(.sessionWiped)
                }
                throw SessionError(.wrongPasscode(attemptsLeft: Self.maximumFailedUnlocks - state.failedUnlocks))
            }
            var next = state
            next.failedUnlocks = 0
            next.lastUnlockAttemptAt = nil
            next.session?.state = .active
            try commitSession(next, over: &state, places: places, now: now, command: .unlock)
        }
    }

    /// Seconds to wait after `failures` wrong passcodes: none for the first
    /// two, then 1, 2, 4, … seconds, at most five minutes.
    static func unlockDelay(afterFailures failures: Int) -> Int64 {
        failures < 3 ? 0 : min(Int64(1) << Int64(min(failures - 3, 62)), 300)
    }

    /// Seconds still to wait before the next attempt, judged by a clock that
    /// may have been moved: time before the last attempt counts as none
    /// having passed, so a clock set back restarts the wait and a clock set
    /// forward can end it, but the wait never exceeds the delay from `now`.
    static func unlockWait(afterFailures failures: Int, lastAttemptAt: Int64?, now: Int64) -> Int64 {
        let delay = unlockDelay(afterFailures: failures)
        guard delay > 0, let lastAttemptAt else { return 0 }
        let elapsed = now >= lastAttemptAt ? now - lastAttemptAt : 0
        return max(0, delay - elapsed)
    }

    /// Sets the user's "hide balances" preference; the widget reads it from the signed auth status.
    /// Setting it to what it is writes it into the container again.
    public func setHidesBalances(_ hides: Bool, now: Date) throws {
        try transaction(withoutStore: hides, now: now) { places, state in
            try requireLiveSession(state, now: now)
            var next = state
            next.session?.hidesBalances = hides
            try commitSession(
                next, over: &state, places: places, now: now, command: .setHidesBalances(hides))
        }
    }

    /// Logs the session out for good: after the auth mark rises and before
    /// the `loggedOut` record is written, the data keyset is destroyed and the
    /// snapshot and the passcode verifier removed, so even a container that
    /// refuses the record shows nothing and keeps nothing readable.
    func wipeSession(_ places: Places, _ state: inout AppState, now: Date) throws {
        var next = state
        next.epoch = try AppState.number(after: next.epoch)
        next.session?.state = .loggedOut
        next.failedUnlocks = 0
        next.lastUnlockAttemptAt = nil
        try commitSession(next, over: &state, places: places, now: now, command: .logout) {
            // The app's secrets first: once the keyset is shredded, no
            // snapshot left behind can be read.
            try places.keychain.destroy(.keyset)
            try places.destroyPasscodeVerifier()
            try removeSnapshotOrWarn(places.container)
        }
    }

    /// Removes the container's snapshot. A directory a container writer
    /// planted at its name is not the app's to remove and holds nothing the
    /// shredded keys could open: it is left, with a warning naming it, so it
    /// cannot keep a logout from being recorded.
    /// - Throws: `StorageError` for any other failure.
    func removeSnapshotOrWarn(_ container: SecureDirectory) throws {
        do {
            try container.remove(.snapshot)
        } catch let error as StorageError {
            guard case let .io(path, _, .isDirectory) = error.cause else { throw error }
            logger.core(.warning, "\(path) is a directory, not the app's snapshot; left in place (remove it: `rm -r \(path)`)")
        }
    }
}
