import ArgumentParser
import SecureBridge
import SecureBridgeDoctor

/// What the user reads when a command fails: the library states what
/// happened, and this adds which `bridgectl` command helps. The one place
/// that names commands in answer to a library error.
enum Advice {
    /// Printed under a snapshot that `status` or `inspect` could not read
    /// (a FIFO, a directory… at its name), which the core reports as a finding.
    static let snapshotProblem = "  `bridgectl doctor` names the fix."

    /// What `--stale-after` and `--ttl` must satisfy together.
    static let staleAfterRule = "The soft expiry (--stale-after) must not be longer than the hard expiry (--ttl)."

    /// `error` with advice where a command can help; anything else unchanged.
    static func error(for error: any Error) -> any Error {
        let sentence: String? = switch error {
        case let error as SessionError: sentence(for: error)
        case let error as KeychainError: sentence(for: error)
        default: nil
        }
        return sentence.map(Advised.init(description:)) ?? error
    }

    /// The sentence for a keychain error that a command can fix (a missing or
    /// damaged data keyset: doctor's fix), or `nil` to keep the library's.
    static func sentence(for error: KeychainError) -> String? {
        switch error {
        case .missing(file: StoredFile.keyset.name), .corrupt(file: StoredFile.keyset.name):
            "\(error.description.dropLast()); \(SecureBridgeDoctor.Doctor.newKeysetFix)."
        case .missing, .corrupt:
            nil
        }
    }

    /// The sentence for a session error that a command can fix, or `nil` to keep the library's.
    static func sentence(for error: SessionError) -> String? {
        switch error.cause {
        case .notOnboarded:
            "No user has onboarded yet; run `bridgectl login --user ID` first."
        case .notLoggedIn:
            "No user is logged in; run `\(Doctor.loginCommand(for: error.lastUser))` first."
        case let .alreadyLoggedIn(user):
            "User \(user) is already logged in; run `bridgectl logout` first."
        case .sessionExpired:
            "The session has expired; log in again with `\(Doctor.loginCommand(for: error.lastUser))`."
        case .staleAfterExceedsTTL:
            staleAfterRule
        case let .notNewestSnapshot(found, published):
            "The container holds \(found), not the newest snapshot the app published (at most \(published)), so it was not re-sealed and nothing changed; run `bridgectl publish` again, then rotate the keys."
        case let .unfinished(applied, failure, command):
            "\(applied); then a later step failed: \(failure) Run `\(commandLine(for: command))` again to finish."
        case .noSnapshot:
            "The container holds no snapshot (none published since the last login, or logged out); publish one with `bridgectl publish FILE`, or name a file: `bridgectl inspect FILE`."
        case .damagedState:
            "The app's state file is damaged; `bridgectl logout` destroys the data keys and `bridgectl login --user ID` starts over (each rebuilds it)."
        case let .loggedOutInPart(destroyed, kept, failure):
            "Logged out only in part: \(failure) Without it, \(destroyed) were destroyed"
                + (kept.map { "; \($0) could not be" } ?? "") + ". Once that is fixed, run `bridgectl logout` again to sign the logout."
        case .invalidUserID, .invalidPasscode, .wrongPasscode, .tooManyAttempts, .sessionWiped,
            .sequencesExhausted:
            nil
        }
    }

    /// The `bridgectl` command that runs `command`.
    static func commandLine(for command: AppCommand) -> String {
        switch command {
        case .login: Doctor.loginCommand(for: nil)
        case .logout: "bridgectl logout"
        case .lock: "bridgectl lock"
        case .unlock: "bridgectl unlock"
        case let .setHidesBalances(hides): "bridgectl prefs --hide-balances \(hides ? "on" : "off")"
        case .publish: "bridgectl publish"
        case .rotateKeys: "bridgectl keys rotate"
        }
    }

    /// A library error with its advice, printed as `Error: <description>`.
    struct Advised: Error, CustomStringConvertible {
        let description: String
    }
}
