#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The app side's private bookkeeping in `app/state.json`: user, session, and counters that only rise.
package struct AppState: Encodable, Sendable, Equatable {
    var version = 1
    package var userID: String?

    /// The user id when `login` would accept it, so it can be named; `nil` otherwise.
    package var validUserID: String? {
        userID.flatMap { Identifier.isValid($0, kind: .user) ? $0 : nil }
    }
    var enrollmentID: String?
    package var epoch: UInt64 = 0
    var onboardingSequence: UInt64 = 0
    package var authSequence: UInt64 = 0
    /// The highest snapshot sequence reserved; the last one used is in `PublishCursor`, not synced.
    var snapshotSequence: UInt64 = 0
    package var session: Session?
    /// Unlock attempts not yet cleared by a right passcode, each counted before the check.
    package var failedUnlocks = 0
    /// When the last of them was counted (Unix seconds); the back-off runs from here.
    var lastUnlockAttemptAt: Int64?

    package struct Session: Encodable, Sendable, Equatable {
        package var state: AuthStatus.State
        package var expiresAt: Int64
        package var hidesBalances: Bool

        package init(state: AuthStatus.State, expiresAt: Int64, hidesBalances: Bool) {
            self.state = state
            self.expiresAt = expiresAt
            self.hidesBalances = hidesBalances
        }
    }

    /// Reads `app/state.json`; a fresh state when there is none.
    /// - Throws: `SessionError.damagedState` when the file is not a version 1 state.
    static func load(from app: SecureDirectory) throws -> AppState {
        guard let bytes = try app.read(.state) else { return AppState() }
        return try AppState(storedBytes: bytes)
    }

    /// Replaces `app/state.json` atomically and durably.
    func save(to places: Places) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        try places.app.write(.state, Array(try encoder.encode(self)))
    }

    var enrollment: [UInt8]? { enrollmentID.flatMap(Bytes.fromHex) }

    /// Counters saved raised before use, so a crash leaves a gap, never a number used twice.
    struct Counters: Equatable {
        var epoch: UInt64
        var onboardingSequence: UInt64
        var authSequence: UInt64
        var snapshotSequence: UInt64
    }

    /// The record number after `number`: epochs and sequences only rise.
    /// - Throws: `SessionError.sequencesExhausted` after 2^64 − 1.
    static func number(after number: UInt64) throws -> UInt64 {
        let (next, overflow) = number.addingReportingOverflow(1)
        guard !overflow else { throw SessionError(.sequencesExhausted) }
        return next
    }

    var counters: Counters {
        get { Counters(epoch: epoch, onboardingSequence: onboardingSequence, authSequence: authSequence, snapshotSequence: snapshotSequence) }
        set {
            epoch = newValue.epoch
            onboardingSequence = newValue.onboardingSequence
            authSequence = newValue.authSequence
            snapshotSequence = newValue.snapshotSequence
        }
    }

    /// The session of this state signed as auth status number `authSequence`.
    /// - Throws: `SessionError.damagedState` without a session or an enrollment.
    func signedAuthStatus(with key: Ed25519.PrivateKey, now: Date) throws -> SignedRecord {
        guard let session, let enrollment else { throw SessionError(.damagedState) }
        let status = AuthStatus(
            state: session.state, epoch: epoch, issuedAt: BridgeApp.seconds(now), sessionExpiresAt: session.expiresAt,
            hidesBalances: session.hidesBalances, enrollmentID: enrollment)
        return try status.signed(sequence: authSequence, with: key)
    }

    /// The session's state as a word for messages: `none` without a session.
    var sessionName: String { session.map { "\($0.state)" } ?? "none" }

    /// Whether a tenth wrong passcode's wipe is owed (its process died first): every command does it first.
    package var owesWipe: Bool { failedUnlocks >= BridgeApp.maximumFailedUnlocks && session?.state != .loggedOut }
}

extension AppState {
    /// Decodes the stored JSON: every counter present, the optional members absent or `null`.
    /// - Throws: `SessionError.damagedState` when it is not a version 1 state.
    package init(storedBytes bytes: [UInt8]) throws {
        guard let object = try? JSONParser.parse(bytes), let state = AppState(object), state.version == 1 else {
            throw SessionError(.damagedState)
        }
        self = state
    }

    private init?(_ object: JSONValue) {
        guard let version = object.integer("version", as: Int.self),
              let epoch = object.integer("epoch", as: UInt64.self),
              let onboardingSequence = object.integer("onboardingSequence", as: UInt64.self),
              let authSequence = object.integer("authSequence", as: UInt64.self),
              let snapshotSequence = object.integer("snapshotSequence", as: UInt64.self),
              let failedUnlocks = object.integer("failedUnlocks", as: Int.self),
              let userID = object.optional("userID", { $0.string }),
              let enrollmentID = object.optional("enrollmentID", { $0.string }),
              let lastUnlockAttemptAt = object.optional("lastUnlockAttemptAt", { Int64($0.numberText ?? "") }),
              let session = object.optional("session", Session.init)
        else { return nil }
        self.init(
            version: version, userID: userID, enrollmentID: enrollmentID, epoch: epoch,
            onboardingSequence: onboardingSequence, authSequence: authSequence, snapshotSequence: snapshotSequence,
            session: session, failedUnlocks: failedUnlocks, lastUnlockAttemptAt: lastUnlockAttemptAt)
    }
}

extension AppState.Session {
    fileprivate init?(_ object: JSONValue) {
        guard let name = object["state"]?.string, let state = AuthStatus.State(name: name),
              let expiresAt = object.integer("expiresAt", as: Int64.self),
              case let .bool(hidesBalances)? = object["hidesBalances"]
        else { return nil }
        self.init(state: state, expiresAt: expiresAt, hidesBalances: hidesBalances)
    }
}

extension JSONValue {
    fileprivate func integer<T: FixedWidthInteger>(_ key: String, as _: T.Type) -> T? {
        self[key]?.numberText.flatMap { T($0) }
    }

    /// The member `key` by `make`: `.some(nil)` when absent or `null`, `nil` when `make` refuses it.
    fileprivate func optional<T>(_ key: String, _ make: (JSONValue) -> T?) -> T?? {
        guard let value = self[key], value != .null else { return .some(nil) }
        return make(value).map { .some($0) }
    }

    fileprivate var string: String? {
        if case let .string(text) = self { text } else { nil }
    }

    fileprivate var numberText: String? {
        if case let .number(text) = self { text } else { nil }
    }
}
