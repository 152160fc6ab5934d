/// Why an app-side operation (login, lock, publish, …) was refused.
///
/// Each description states what happened in the library's own terms; it
/// names no command of a particular front end. A front end turns the case
/// into advice (`bridgectl` names its commands).
public enum SessionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Nobody has onboarded this installation yet.
    case notOnboarded
    /// No user is logged in.
    case notLoggedIn
    /// A user is already logged in; log out first.
    case alreadyLoggedIn(user: String)
    /// The session's end has passed.
    case sessionExpired
    /// The session is in `state` (locked, logged out) where an active one is needed.
    case notActive(state: String)
    /// Unlock was asked of a session that is not locked.
    case notLocked
    /// The user id breaks its rule (1 to 64 letters, digits, `.`, `_`, `-`, `@`).
    case invalidUserID
    /// The passcode breaks its rule, for the reason given.
    case invalidPasscode(String)
    /// The passcode is wrong; this many attempts remain before the session is wiped.
    case wrongPasscode(attemptsLeft: Int)
    /// Too many wrong passcodes in a row; the next attempt is allowed after this many seconds.
    case tooManyAttempts(retryAfterSeconds: Int64)
    /// The last wrong passcode wiped the session, as a logout does.
    case sessionWiped
    /// A duration could not be read.
    case invalidDuration(String)
    /// A duration is longer than the longest accepted, `maximumDays` days.
    case durationTooLong(String, maximumDays: Int)
    /// The soft expiry is longer than the hard expiry.
    case staleAfterExceedsTTL
    /// The app's own state file cannot be read.
    case damagedState
    /// The container holds no snapshot (to inspect): none published since the last login, or logged out.
    case noSnapshot
    /// The container does not hold the newest snapshot the app published, so rotation would re-seal an older one.
    case notNewestSnapshot(found: String, published: UInt64)
    /// A command's change took effect (`applied` says which), then a later
    /// step failed; running `command` again finishes it.
    case unfinished(applied: String, failure: String, command: AppCommand)
    /// Logout could not run (`failure`: the app place refused or unreadable),
    /// so it destroyed what it could without it (`destroyed`, e.g. "the data
    /// keys and the snapshot"); `kept` names what it could not reach. Running
    /// logout again, once `failure` is fixed, signs the logout.
    case loggedOutInPart(destroyed: String, kept: String?, failure: String)

    public var description: String {
        switch self {
        case .notOnboarded:
            "No user has onboarded yet."
        case .notLoggedIn:
            "No user is logged in."
        case let .alreadyLoggedIn(user):
            "User \(user) is already logged in."
        case .sessionExpired:
            "The session has expired."
        case let .notActive(state):
            "The session is \(state); this needs an active session."
        case .notLocked:
            "The session is not locked."
        case .invalidUserID:
            "The user id must be 1 to 64 characters of letters, digits, `.`, `_`, `-` or `@`."
        case let .invalidPasscode(reason):
            "The passcode is not acceptable: \(reason)."
        case let .wrongPasscode(left):
            "The passcode is wrong; \(left) attempt\(left == 1 ? "" : "s") left before the session is wiped."
        case let .tooManyAttempts(seconds):
            "Too many wrong passcodes; try again in \(seconds) second\(seconds == 1 ? "" : "s")."
        case .sessionWiped:
            "The passcode was wrong too many times; the session was wiped as by logout."
        case let .invalidDuration(text):
            "The duration \(text) is not valid; use a number followed by s, m, h or d, like 90s, 15m, 12h or 7d."
        case let .durationTooLong(text, maximumDays):
            "The duration \(text) is longer than the limit of \(maximumDays) days."
        case .staleAfterExceedsTTL:
            "The soft expiry must not be longer than the hard expiry."
        case .damagedState:
            "The app's state file is damaged; logging out or logging in starts it over."
        case .noSnapshot:
            "The container holds no snapshot: none has been published since the last login, or the app logged out."
        case let .notNewestSnapshot(found, published):
            "The container holds \(found), not the newest snapshot the app published (at most \(published)), so it was not re-sealed and nothing changed; publish again, then rotate the keys."
        case let .unfinished(applied, failure, command):
            "\(applied); then a later step failed: \(failure) Run the same command (\(command)) again to finish."
        case let .loggedOutInPart(destroyed, kept, failure):
            "Logged out only in part: \(failure) Without it, \(destroyed) were destroyed"
                + (kept.map { "; \($0) could not be" } ?? "") + ". Log out again once that is fixed to sign the logout."
        }
    }
}

/// An app-side command of ``BridgeApp``, named in ``SessionError/unfinished(applied:failure:command:)``
/// so a front end can say which of its commands finishes the change.
public enum AppCommand: Sendable, Equatable, CustomStringConvertible {
    /// ``BridgeApp/login(user:passcode:sessionLength:keychain:now:)``.
    case login
    /// ``BridgeApp/logout(now:)``.
    case logout
    /// ``BridgeApp/lock(now:)``.
    case lock
    /// ``BridgeApp/unlock(passcode:now:)``.
    case unlock
    /// ``BridgeApp/setHidesBalances(_:now:)`` with this value.
    case setHidesBalances(Bool)
    /// ``BridgeApp/publish(_:staleAfter:expiresAfter:now:)``.
    case publish
    /// ``BridgeApp/rotateKeys(now:)``.
    case rotateKeys

    /// The command in the library's words, e.g. `lock` or `set hides balances on`.
    public var description: String {
        switch self {
        case .login: "login"
        case .logout: "logout"
        case .lock: "lock"
        case .unlock: "unlock"
        case let .setHidesBalances(hides): "set hides balances \(hides ? "on" : "off")"
        case .publish: "publish"
        case .rotateKeys: "rotate keys"
        }
    }
}
