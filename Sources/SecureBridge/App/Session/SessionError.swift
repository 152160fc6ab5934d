/// Why an app-side operation (login, lock, publish, …) was refused: branch on ``kind``; the
/// description, in the library's own terms, carries the rest.
public struct SessionError: Error, Equatable, Sendable, CustomStringConvertible {
    package let cause: Cause

    /// The user last recorded, when the error asks to log in again (``Kind/notLoggedIn``, ``Kind/sessionExpired``).
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
        /// The keychain's marks are at the last record number: this home can never sign again; use a new one.
        case homeUnusable
        /// The container holds no snapshot: publish one first.
        case noSnapshot
        /// The container does not hold the newest snapshot published: publish again, then rotate.
        case notNewestSnapshot
        /// A change took effect (or logout destroyed what it could), then a step failed: run it again.
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
        case notOnboarded
        case notLoggedIn
        case alreadyLoggedIn(user: String)
        case sessionExpired
        case invalidUserID
        case invalidPasscode(PasscodeProblem)
        case wrongPasscode(attemptsLeft: Int)
        case tooManyAttempts(retryAfterSeconds: Int64)
        case sessionWiped
        case staleAfterExceedsTTL
        case damagedState
        /// A record counter is at 2^64 − 1 (planted or damaged marks): nothing can be signed above it.
        case sequencesExhausted
        case noSnapshot
        case notNewestSnapshot(found: FoundSnapshot, published: UInt64)
        /// A change took effect (`applied`), then a step failed; running `command` again finishes it.
        case unfinished(applied: Progress, failure: Failure, command: AppCommand)
        /// Logout could not use the app place (`failure`), so it destroyed what it could without it.
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
        case tooShort(minimum: Int)
        case tooLong(maximumBytes: Int)
        case controlCharacter
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
        case damaged
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
        case loggedOut
        case locked
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
        case sessionRecorded(SessionView)
        case sessionShown(SessionView)
        case snapshotLive(sequence: UInt64)
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
        case storage(StorageError)
        case keychain(KeychainError)
        case bridge(BridgeError)
        case session(SessionError)
        case other(description: String)

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
        case dataKeys
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
        public let items: [LogoutItem]
        package init(_ items: [LogoutItem]) { self.items = items }
        public var description: String { items.map(\.description).joined(separator: " and ") }
    }

    /// Items logout could not destroy, each with why; printed `the snapshot (<failure>)`.
    package struct LogoutFailures: Equatable, Sendable, CustomStringConvertible {
        public let items: [(item: LogoutItem, failure: Failure)]
        package init(_ items: [(item: LogoutItem, failure: Failure)]) { self.items = items }
        public var description: String { items.map { "\($0.item) (\($0.failure))" }.joined(separator: " and ") }
        public static func == (lhs: Self, rhs: Self) -> Bool {
            lhs.items.count == rhs.items.count && zip(lhs.items, rhs.items).allSatisfy { $0.item == $1.item && $0.failure == $1.failure }
        }
    }
}

/// An app-side command, named in `SessionError.Cause.unfinished` as the one that finishes a change.
package enum AppCommand: Sendable, Equatable, CustomStringConvertible {
    case login
    case logout
    case lock
    case unlock
    case setHidesBalances(Bool)
    case publish
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
