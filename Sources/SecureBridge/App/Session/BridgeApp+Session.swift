#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

// Logout, lock, unlock and hide each sign an auth status (`commitSession`); run again, one finishes.

extension BridgeApp {
    /// Logs out: the keyset is destroyed (crypto-shredding), the epoch moves on, the snapshot and verifier go.
    /// Run again, it finishes a logout cut short; one that cannot start (the app place refused or its
    /// state unreadable) still destroys the keyset and the snapshot.
    /// - Throws: `SessionError` of kind `.notLoggedIn` when already logged out, or `.unfinished`
    ///   naming what it destroyed and what it could not.
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

    /// Shreds the keyset and removes the snapshot without the app place, then throws what it did.
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

    /// Locks the app: the widget masks every amount until `unlock`. It needs no keychain store (a
    /// locked keyring raises the floor in the keychain directory instead).
    public func lock(now: Date) throws {
        try transaction(withoutStore: true, now: now) { places, state in
            try requireLiveSession(state, now: now)
            var next = state
            next.session?.state = .locked
            try commitSession(next, over: &state, places: places, now: now, command: .lock)
        }
    }

    /// Unlocks with the passcode. Every attempt is counted durably before the passcode is checked;
    /// wrong ones cost an escalating delay and the tenth in a row wipes the session.
    /// - Throws: `SessionError` of kind `.wrongPasscode`, `.tooManyAttempts`, `.sessionWiped`;
    ///   when the attempt cannot be counted, that storage error, and the passcode is not checked.
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

    /// Seconds to wait after `failures` wrong passcodes: none for two, then 1, 2, 4, … up to 300.
    static func unlockDelay(afterFailures failures: Int) -> Int64 {
        failures < 3 ? 0 : min(Int64(1) << Int64(min(failures - 3, 62)), 300)
    }

    /// Seconds still to wait; time before the last attempt counts as none, so a clock set back restarts it.
    static func unlockWait(afterFailures failures: Int, lastAttemptAt: Int64?, now: Int64) -> Int64 {
        let delay = unlockDelay(afterFailures: failures)
        guard delay > 0, let lastAttemptAt else { return 0 }
        let elapsed = now >= lastAttemptAt ? now - lastAttemptAt : 0
        return max(0, delay - elapsed)
    }

    /// Sets the "hide balances" preference, which the widget reads from the signed auth status.
    public func setHidesBalances(_ hides: Bool, now: Date) throws {
        try transaction(withoutStore: hides, now: now) { places, state in
            try requireLiveSession(state, now: now)
            var next = state
            next.session?.hidesBalances = hides
            try commitSession(
                next, over: &state, places: places, now: now, command: .setHidesBalances(hides))
        }
    }

    /// Logs out for good: after the auth mark and before the record the secrets go, so a refused record shows nothing.
    func wipeSession(_ places: Places, _ state: inout AppState, now: Date) throws {
        var next = state
        next.epoch = try AppState.number(after: next.epoch)
        next.session?.state = .loggedOut
        next.failedUnlocks = 0
        next.lastUnlockAttemptAt = nil
        try commitSession(next, over: &state, places: places, now: now, command: .logout) {
            // The secrets first: once the keyset is shredded, no snapshot left behind can be read.
            try places.keychain.destroy(.keyset)
            try places.destroyPasscodeVerifier()
            try removeSnapshotOrWarn(places.container)
        }
    }

    /// Removes the container's snapshot; a directory planted there is left with a warning, not to block a logout.
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
