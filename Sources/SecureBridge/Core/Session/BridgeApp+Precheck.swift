#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension BridgeApp {
    /// Refuses `command` when the session as the app recorded it would
    /// refuse it, before anything is asked of the user: a front end calls it
    /// before prompting for a passcode, so a command that cannot run says why
    /// at once instead of after the passcode is typed.
    ///
    /// `login` is refused while a session is live; `unlock` without an
    /// onboarded user, a logged-in session, or while it must wait after wrong
    /// passcodes; other commands pass. It reads `app/state.json` without the
    /// app lock and changes nothing, so it can only refuse early: the command
    /// checks again under its lock.
    /// - Parameters:
    ///   - command: The command about to run.
    ///   - now: The current time.
    /// - Throws: The `SessionError` the command would throw (`alreadyLoggedIn`,
    ///   `notOnboarded`, `notLoggedIn`, `sessionExpired`, `tooManyAttempts`),
    ///   `SessionError.damagedState` for `unlock` when the state cannot be
    ///   read, or a `StorageError` when the app place is refused.
    package func checkSessionAllows(_ command: AppCommand, now: Date) throws {
        guard command == .login || command == .unlock else { return }
        guard let app = try SecureDirectory.open(.app, in: home) else {
            if command == .login { return }  // the first login makes the home
            throw SessionError.notOnboarded
        }
        let state: AppState
        do {
            state = try AppState.load(from: app)
        } catch SessionError.damagedState where command == .login {
            return  // login starts a damaged state over
        }
        if command == .login {
            try Self.requireNoLiveSession(state, now: now)
        } else {
            try requireLiveSession(state, now: now)
            // A wipe owed to a tenth wrong passcode is the command's to carry out and report.
            if state.failedUnlocks < Self.maximumFailedUnlocks { try Self.requireNoUnlockWait(state, now: now) }
        }
    }

    /// Refuses a login while a session is live (not logged out, not expired).
    /// - Throws: `SessionError.alreadyLoggedIn`.
    static func requireNoLiveSession(_ state: AppState, now: Date) throws {
        if let session = state.session, session.state != .loggedOut, seconds(now) < session.expiresAt {
            throw SessionError.alreadyLoggedIn(user: state.userID ?? "unknown")
        }
    }

    /// Refuses an unlock attempt while the back-off after wrong passcodes runs.
    /// - Throws: `SessionError.tooManyAttempts` with the seconds left.
    static func requireNoUnlockWait(_ state: AppState, now: Date) throws {
        let wait = unlockWait(afterFailures: state.failedUnlocks, lastAttemptAt: state.lastUnlockAttemptAt, now: seconds(now))
        guard wait == 0 else { throw SessionError.tooManyAttempts(retryAfterSeconds: wait) }
    }
}
