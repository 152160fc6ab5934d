/// Why an app-side operation (login, lock, publish, …) was refused.
///
/// Each description states what happened in the library's own terms; it
/// names no command of a particular front end. An app branches on ``kind``
/// (and reads ``attemptsLeft`` or ``retryAfter`` where they apply); the
/// description carries the rest.
public struct SessionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong, in full: the description is made from it.
    package let cause: Cause

    /// The user the app's state last recorded, when the error asks to log in
    /// again (``Kind/notLoggedIn``, ``Kind/sessionExpired``), so a front end
    /// can name them; `nil` otherwise.
    public let lastUser: String?

    package init(_ cause: Cause, lastUser: String? = nil) {
        self.cause = cause
        self.lastUser = lastUser
    }

    public var description: String { cause.description }

    /// What an app can do about it.
    public enum Kind: Equatable, Sendable {
        /// Nobody has onboarded this installation yet: show the onboarding.
        case notOnboarded
        /// Nobody is logged in (logged out): show the login.
        case notLoggedIn
        /// A user is already logged in: log out before logging in again.
        case alreadyLoggedIn
        /// The session's end has passed: log in again.
        case sessionExpired
        /// The user id breaks its rule (1 to 64 letters, digits, `.`, `_`, `-`, `@`).
        case invalidUserID
        /// The passcode breaks its rule; the description says which.
        case invalidPasscode
        /// The soft expiry asked for is longer than the hard one.
        case invalidLifetimes
        /// The passcode is wrong; ``SessionError/attemptsLeft`` more wipe the session.
        case wrongPasscode
        /// Too many wrong passcodes in a row; try again after ``SessionError/retryAfter``.
        case tooManyAttempts
        /// The last wrong passcode wiped the session, as a logout does: log in again.
        case sessionWiped
        /// The app's own state file is damaged: a logout, then a login, start it over.
        case damagedState
        /// The keychain's marks are at the last record number there is: this
        /// home can never sign again; move it aside and log in into a new one.
        case homeUnusable
        /// The container holds no snapshot: publish one first.
        case noSnapshot
        /// The container does not hold the newest snapshot the app published:
        /// publish again, then rotate the keys.
        case notNewestSnapshot
        /// The change took effect, or logout destroyed what it could, and a
        /// later step failed: once the cause is fixed, the same call again finishes it.
        case unfinished
    }

    /// What an app can do about it.
    public var kind: Kind {
        switch cause {
        case .notOnboarded: .notOnboarded
        case .notLoggedIn: .notLoggedIn
        case .alreadyLoggedIn: .alreadyLoggedIn
        case .sessionExpired: .sessionExpired
        case .invalidUserID: .invalidUserID
        case .invalidPasscode: .invalidPasscode
        case .staleAfterExceedsTTL: .invalidLifetimes
        case .wrongPasscode: .wrongPasscode
        case .tooManyAttempts: .tooManyAttempts
        case .sessionWiped: .sessionWiped
        case .damagedState: .damagedState
        case .sequencesExhausted: .homeUnusable
        case .noSnapshot: .noSnapshot
        case .notNewestSnapshot: .notNewestSnapshot
        case .unfinished, .loggedOutInPart: .unfinished
        }
    }

    /// For a wrong passcode, how many more wrong ones wipe the session.
    public var attemptsLeft: Int? {
        guard case let .wrongPasscode(left) = cause else { return nil }
        return left
    }

    /// For too many wrong passcodes, how long until the next attempt is allowed.
    public var retryAfter: Duration? {
        guard case let .tooManyAttempts(seconds) = cause else { return nil }
        return .seconds(seconds)
    }
}

extension SessionError {
    /// Each way this error can arise, with the values its description names.
    package enum Cause: Equatable, Sendable, CustomStringConvertible {
        /// Nobody has onboarded this installation yet.
        case notOnboarded
        /// No user is logged in.
        case notLoggedIn
        /// A user is already logged in; log out first.
        case alreadyLoggedIn(user: String)
        /// The session's end has passed.
        case sessionExpired
        /// The user id breaks its rule (1 to 64 letters, digits, `.`, `_`, `-`, `@`).
        case invalidUserID
        /// The passcode breaks its rule, for the reason given.
        case invalidPasscode(PasscodeProblem)
        /// The passcode is wrong; this many attempts remain before the session is wiped.
        case wrongPasscode(attemptsLeft: Int)
        /// Too many wrong passcodes in a row; the next attempt is allowed after this many seconds.
        case tooManyAttempts(retryAfterSeconds: Int64)
        /// The last wrong passcode wiped the session, as a logout does.
        case sessionWiped
        /// The soft expiry is longer than the hard expiry.
        case staleAfterExceedsTTL
        /// The app's own state file cannot be read.
        case damagedState
        /// A record counter is at 2^64 − 1, the last number there is (the
        /// keychain's marks planted or damaged there): nothing can be signed above it.
        case sequencesExhausted
        /// The container holds no snapshot (to inspect): none published since the last login, or logged out.
        case noSnapshot
        /// The container does not hold the newest snapshot the app published, so rotation would re-seal an older one.
        case notNewestSnapshot(found: FoundSnapshot, published: UInt64)
        /// A command's change took effect (`applied` says which), then a later
        /// step failed with `failure`; running `command` again finishes it.
        case unfinished(applied: Progress, failure: Failure, command: AppCommand)
        /// Logout could not run (`failure`: the app place refused or unreadable),
        /// so it destroyed what it could without it (`destroyed`); `kept` names
        /// what it could not reach, each with its failure. Running logout again,
        /// once `failure` is fixed, signs the logout.
        case loggedOutInPart(destroyed: LogoutItems, kept: LogoutFailures?, failure: StorageError)

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
            case .staleAfterExceedsTTL:
                "The soft expiry must not be longer than the hard expiry."
            case .damagedState:
                "The app's state file is damaged; logging out or logging in starts it over."
            case .sequencesExhausted:
                "The keychain's marks are at the last record number there is (a planted or damaged keychain file), so nothing can be signed above them and widgets show nothing; this home cannot be used again: move it aside and log in into a new one."
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
}

extension SessionError {
    /// Why a passcode is not acceptable.
    package enum PasscodeProblem: Equatable, Sendable, CustomStringConvertible {
        /// Shorter than `minimum` characters.
        case tooShort(minimum: Int)
        /// Longer than `maximumBytes` bytes of UTF-8.
        case tooLong(maximumBytes: Int)
        /// It holds a control character (U+0000 to U+001F, U+007F).
        case controlCharacter
        /// Its bytes are not valid UTF-8.
        case invalidUTF8

        public var description: String {
            switch self {
            case let .tooShort(minimum): "it must be at least \(minimum) characters"
            case let .tooLong(maximumBytes): "it must be at most \(maximumBytes) bytes"
            case .controlCharacter: "it must not contain control characters"
            case .invalidUTF8: "it must be valid UTF-8"
            }
        }
    }

    /// The snapshot key rotation found in the container instead of the newest one.
    package enum FoundSnapshot: Equatable, Sendable, CustomStringConvertible {
        /// A snapshot that cannot be read as an envelope.
        case damaged
        /// A readable snapshot with this header.
        case snapshot(sequence: UInt64, epoch: UInt64)

        public var description: String {
            switch self {
            case .damaged: "a damaged snapshot"
            case let .snapshot(sequence, epoch): "snapshot \(sequence) of epoch \(epoch)"
            }
        }
    }

    /// A session as widgets may show it, named in `Progress`.
    package enum SessionView: Equatable, Sendable, CustomStringConvertible {
        /// Logged out.
        case loggedOut
        /// Locked.
        case locked
        /// Unlocked, with balances hidden or shown.
        case unlocked(hidesBalances: Bool)

        public var description: String {
            switch self {
            case .loggedOut: "logged out"
            case .locked: "locked"
            case let .unlocked(hidesBalances): hidesBalances ? "unlocked with balances hidden" : "unlocked"
            }
        }
    }

    /// How far a change got before a later step failed (`SessionError.Cause.unfinished`).
    package enum Progress: Equatable, Sendable, CustomStringConvertible {
        /// The app state records the session, but the widget's record is not written yet.
        case sessionRecorded(SessionView)
        /// Widgets see the session.
        case sessionShown(SessionView)
        /// The snapshot with this sequence number is live.
        case snapshotLive(sequence: UInt64)
        /// Key rotation failed with `failure` and could not be settled.
        case rotationHalfDone(failure: Failure)

        public var description: String {
            switch self {
            case let .sessionRecorded(session): "The app records the session as \(session), but widgets do not show it yet"
            case let .sessionShown(session): "Widgets now see the session as \(session)"
            case let .snapshotLive(sequence): "Snapshot \(sequence) is live"
            case let .rotationHalfDone(failure): "The key rotation failed (\(failure)) and was left half done"
            }
        }
    }

    /// The error a later step failed with, as one of the library's public errors.
    package indirect enum Failure: Equatable, Sendable, CustomStringConvertible {
        /// A file or directory could not be used.
        case storage(StorageError)
        /// A keychain item is missing or damaged.
        case keychain(KeychainError)
        /// A cryptographic call failed, or a stored file, a payload or an input was refused.
        case bridge(BridgeError)
        /// Another step of the session refused.
        case session(SessionError)
        /// Another error (of the platform or a keychain store), by its description.
        case other(description: String)

        /// The failure `error` is.
        package init(_ error: any Error) {
            switch error {
            case let error as StorageError: self = .storage(error)
            case let error as KeychainError: self = .keychain(error)
            case let error as BridgeError: self = .bridge(error)
            case let error as SessionError: self = .session(error)
            default: self = .other(description: "\(error)")
            }
        }

        public var description: String {
            switch self {
            case let .storage(error): error.description
            case let .keychain(error): error.description
            case let .bridge(error): error.description
            case let .session(error): error.description
            case let .other(description): description
            }
        }
    }

    /// What logout destroys.
    package enum LogoutItem: Equatable, Sendable, CustomStringConvertible {
        /// The data keyset.
        case dataKeys
        /// The snapshot.
        case snapshot

        public var description: String {
            switch self {
            case .dataKeys: "the data keys"
            case .snapshot: "the snapshot"
            }
        }
    }

    /// Items logout destroyed, in order; printed `the data keys and the snapshot`.
    package struct LogoutItems: Equatable, Sendable, CustomStringConvertible {
        /// The items, in the order logout destroyed them.
        public let items: [LogoutItem]
        /// These items.
        package init(_ items: [LogoutItem]) { self.items = items }
        public var description: String { items.map(\.description).joined(separator: " and ") }
    }

    /// Items logout could not destroy, each with why; printed
    /// `the snapshot (<failure>)`, joined with ` and `.
    package struct LogoutFailures: Equatable, Sendable, CustomStringConvertible {
        /// The items, in the order logout tried them, each with the failure that kept it.
        public let items: [(item: LogoutItem, failure: Failure)]
        /// These items and failures.
        package init(_ items: [(item: LogoutItem, failure: Failure)]) { self.items = items }
        public var description: String { items.map { "\($0.item) (\($0.failure))" }.joined(separator: " and ") }
        public static func == (lhs: Self, rhs: Self) -> Bool {
            lhs.items.count == rhs.items.count && zip(lhs.items, rhs.items).allSatisfy { $0.item == $1.item && $0.failure == $1.failure }
        }
    }
}

/// An app-side command of `BridgeApp`, named in `SessionError.Cause.unfinished`
/// so a front end can say which of its commands finishes the change.
package enum AppCommand: Sendable, Equatable, CustomStringConvertible {
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
