/// Why an app-side operation (login, lock, publish, …) was refused.
public enum SessionError: Error, Equatable, Sendable, CustomStringConvertible {
    case notOnboarded
    case notLoggedIn
    case alreadyLoggedIn(user: String)
    case sessionExpired
    case notActive(state: String)
    case notLocked
    case invalidUserID
    case invalidPasscode(String)
    case wrongPasscode(attemptsLeft: Int)
    case tooManyAttempts(retryAfterSeconds: Int64)
    case sessionWiped
    case invalidDuration(String)
    case staleAfterExceedsTTL
    case damagedState
    case noSnapshot
    /// The container does not hold the newest snapshot the app published, so rotation would re-seal an older one.
    case notNewestSnapshot(found: String, published: UInt64)
    /// A command's change took effect (`applied` says which), then a later step failed.
    case unfinished(applied: String, failure: String, command: String)

    public var description: String {
        switch self {
        case .notOnboarded:
            "No user has onboarded yet; run `bridgectl login --user ID` first."
        case .notLoggedIn:
            "No user is logged in; run `bridgectl login --user ID` first."
        case let .alreadyLoggedIn(user):
            "User \(user) is already logged in; run `bridgectl logout` first."
        case .sessionExpired:
            "The session has expired; log in again with `bridgectl login`."
        case let .notActive(state):
            "The session is \(state); this needs an active session (run `bridgectl unlock`)."
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
        case .staleAfterExceedsTTL:
            "The soft expiry (--stale-after) must not be longer than the hard expiry (--ttl)."
        case .damagedState:
            "The app's state file is damaged; log out and in again."
        case .noSnapshot:
            "There is no snapshot to re-seal; publish one first."
        case let .notNewestSnapshot(found, published):
            "The container holds \(found), not the newest snapshot the app published (at most \(published)), so it was not re-sealed and nothing changed; run `bridgectl publish` again, then rotate the keys."
        case let .unfinished(applied, failure, command):
            "\(applied); then a later step failed: \(failure) Run `\(command)` again to finish."
        }
    }
}
