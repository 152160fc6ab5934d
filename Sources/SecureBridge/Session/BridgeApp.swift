import FoundationEssentials
internal import Logging

/// The app side of SecureBridge: onboarding and the session (login, lock,
/// unlock, logout, preferences), publishing and key rotation.
///
/// Every operation takes `now`, so tests can drive the clock; the CLI passes
/// the system time. Operations serialise on a `flock` in `app/`.
public struct BridgeApp: Sendable {
    /// The three places this app writes.
    public let home: BridgeHome
    /// The scrypt cost for new passcode verifiers.
    let passcodeCost: PasscodeVerifier.Cost

    /// After this many wrong passcodes in a row the session is wiped.
    public static let maximumFailedUnlocks = 10

    public init(home: BridgeHome) {
        self.init(home: home, passcodeCost: .owasp)
    }

    init(home: BridgeHome, passcodeCost: PasscodeVerifier.Cost) {
        self.home = home
        self.passcodeCost = passcodeCost
    }

    /// Runs `body` with the places open and the app lock held, then saves the
    /// app state if `body` changed it (also when `body` throws: counters and
    /// unlock failures must persist).
    /// - Parameter onboarding: Whether the places may be created (login);
    ///   every other operation on a home that was never set up fails with
    ///   `SessionError.notOnboarded` and leaves nothing behind.
    func transaction<R>(onboarding: Bool = false, _ body: (Places, inout AppState) throws -> R) throws -> R {
        try transaction(onboarding: onboarding) { places, state, _ in try body(places, &state) }
    }

    /// A transaction whose `body` can also save the state part-way, with the
    /// third argument: to reserve a sequence number before using it. The state
    /// is saved again at the end only if it changed after that.
    func transaction<R>(
        onboarding: Bool = false, _ body: (Places, inout AppState, _ saveNow: (AppState) throws -> Void) throws -> R
    ) throws -> R {
        if !onboarding, try SecureDirectory.open(.app, in: home) == nil { throw SessionError.notOnboarded }
        let places = try Places.prepare(home)
        return try places.app.withExclusiveLock {
            try Self.removeLeftoverTemporaryFiles(places)
            var state = try AppState.load(from: places.app)
            var saved = state
            func saveNow(_ state: AppState) throws {
                try state.save(to: places)
                saved = state
            }
            do {
                let result = try body(places, &state, saveNow)
                if state != saved { try state.save(to: places) }
                return result
            } catch {
                if state != saved { try? state.save(to: places) }
                throw error
            }
        }
    }

    /// Removes the temporary files a writer killed mid-write left in the three places.
    ///
    /// Call it holding the app lock: every writer of `app/` and `container/`
    /// holds it, and so do the writers of the keyset and the pinned key; the
    /// marks' writers (app and widgets) hold the keychain lock, taken here.
    static func removeLeftoverTemporaryFiles(_ places: Places) throws {
        try places.app.removeLeftoverTemporaryFiles()
        try places.container.removeLeftoverTemporaryFiles()
        _ = try places.keychain.withExclusiveLock { try places.keychain.removeLeftoverTemporaryFiles() }
    }

    // MARK: Login

    /// Logs `user` in, onboarding this installation first if needed.
    ///
    /// First login creates the signing key (app), pins its public key and
    /// creates the data keyset (keychain), stores the passcode verifier (app)
    /// and writes the signed onboarding record and auth status (container).
    /// - Parameters:
    ///   - user: The user's id.
    ///   - passcode: The passcode that will unlock the app.
    ///   - sessionSeconds: How long the session lasts.
    ///   - now: The current time.
    /// - Throws: `SessionError.alreadyLoggedIn` while a session is live, input errors, storage errors.
    public func login(user: String, passcode: SecureBytes, sessionSeconds: Int64, now: Date) throws {
        guard Self.isValidUserID(user) else { throw SessionError.invalidUserID }
        try Self.validate(passcode)
        let verifier = try PasscodeVerifier(passcode: passcode, cost: passcodeCost)
        try transaction(onboarding: true) { places, state in
            if let session = state.session, session.state != .loggedOut,
               Int64(now.timeIntervalSince1970) < session.expiresAt
            {
                throw SessionError.alreadyLoggedIn(user: state.userID ?? "unknown")
            }
            let signingKey = try loadOrCreateSigningKey(places)
            var marks = HighWaterMarks()
            let onboarded = try places.container.fileStatus(FileName.onboarding) != nil
            if state.userID != user || state.enrollment == nil || !onboarded {
                let enrollment = try SystemRandom.bytes(count: 16)
                state.onboardingSequence += 1
                let record = try OnboardingRecord(enrollmentID: enrollment, onboardedAt: Self.seconds(now))
                    .signed(sequence: state.onboardingSequence, with: signingKey)
                try places.container.write(FileName.onboarding, record.bytes)
                state.userID = user
                state.enrollmentID = Bytes.hex(enrollment)
                marks.onboardingSequence = state.onboardingSequence
            }
            try places.keychain.write(FileName.keyset, DataKeyset(primary: try DataKey.generate()).storedBytes)
            try places.app.write(FileName.passcode, verifier.storedBytes)
            state.epoch += 1
            state.failedUnlocks = 0
            state.unlockNotBefore = 0
            state.contentDigest = nil
            state.session = .init(
                state: .active, expiresAt: Self.seconds(now) + sessionSeconds,
                hidesBalances: state.session?.hidesBalances ?? false)
            try places.container.remove(FileName.snapshot)
            marks.authSequence = try signAuthStatus(places, &state, key: signingKey, now: now)
            try places.keychain.raiseMarks(to: marks)
            try places.container.renewReloadToken()
        }
    }

    // MARK: Logout, lock, unlock, preferences

    /// Logs out: the data keyset is destroyed (crypto-shredding), the epoch
    /// moves on, the snapshot and the passcode verifier are removed.
    public func logout(now: Date) throws {
        try transaction { places, state in
            guard (state.session?.state ?? .loggedOut) != .loggedOut else { throw SessionError.notLoggedIn }
            try wipeSession(places, &state, now: now)
        }
    }

    /// Locks the app: the widget masks every amount until `unlock`.
    public func lock(now: Date) throws {
        try transaction { places, state in
            try requireLiveSession(state, now: now)
            guard state.session?.state == .active else { throw SessionError.notActive(state: state.sessionName) }
            state.session?.state = .locked
            try publishAuthStatus(places, &state, now: now)
        }
    }

    /// Unlocks with the passcode. Wrong passcodes cost an escalating delay
    /// (enforced across processes) and the tenth in a row wipes the session.
    /// - Throws: `SessionError.wrongPasscode`, `.tooManyAttempts`, `.sessionWiped`.
    public func unlock(passcode: SecureBytes, now: Date) throws {
        try transaction { places, state in
            try requireLiveSession(state, now: now)
            guard state.session?.state == .locked else { throw SessionError.notLocked }
            let time = Self.seconds(now)
            guard time >= state.unlockNotBefore else {
                throw SessionError.tooManyAttempts(retryAfterSeconds: state.unlockNotBefore - time)
            }
            guard let stored = try places.app.readSecret(FileName.passcode, limit: FileLimit.passcode) else {
                throw KeychainError.missing(file: FileName.passcode)
            }
            if try PasscodeVerifier(storedBytes: stored).matches(passcode) {
                state.failedUnlocks = 0
                state.unlockNotBefore = 0
                state.session?.state = .active
                try publishAuthStatus(places, &state, now: now)
                return
            }
            state.failedUnlocks += 1
            if state.failedUnlocks >= Self.maximumFailedUnlocks {
                try wipeSession(places, &state, now: now)
                throw SessionError.sessionWiped
            }
            state.unlockNotBefore = time + Self.unlockDelay(afterFailures: state.failedUnlocks)
            throw SessionError.wrongPasscode(attemptsLeft: Self.maximumFailedUnlocks - state.failedUnlocks)
        }
    }

    /// Seconds to wait after `failures` wrong passcodes: none for the first
    /// two, then 1, 2, 4, … seconds, at most five minutes.
    static func unlockDelay(afterFailures failures: Int) -> Int64 {
        failures < 3 ? 0 : min(Int64(1) << Int64(failures - 3), 300)
    }

    /// Sets the user's "hide balances" preference; the widget reads it from the signed auth status.
    public func setHidesBalances(_ hides: Bool, now: Date) throws {
        try transaction { places, state in
            try requireLiveSession(state, now: now)
            guard state.session?.hidesBalances != hides else { return }
            state.session?.hidesBalances = hides
            try publishAuthStatus(places, &state, now: now)
        }
    }

    // MARK: Shared steps

    func requireLiveSession(_ state: AppState, now: Date) throws {
        guard state.userID != nil else { throw SessionError.notOnboarded }
        guard let session = state.session, session.state != .loggedOut else { throw SessionError.notLoggedIn }
        guard Self.seconds(now) < session.expiresAt else { throw SessionError.sessionExpired }
    }

    func wipeSession(_ places: Places, _ state: inout AppState, now: Date) throws {
        try places.keychain.destroy(FileName.keyset)
        try places.app.destroy(FileName.passcode)
        try places.container.remove(FileName.snapshot)
        state.epoch += 1
        state.session?.state = .loggedOut
        state.contentDigest = nil
        state.failedUnlocks = 0
        state.unlockNotBefore = 0
        try publishAuthStatus(places, &state, now: now)
    }

    /// Signs the session in `state` as a new auth status, stores it and raises the marks.
    func publishAuthStatus(_ places: Places, _ state: inout AppState, now: Date) throws {
        let key = try loadSigningKey(places)
        var marks = HighWaterMarks()
        marks.authSequence = try signAuthStatus(places, &state, key: key, now: now)
        try places.keychain.raiseMarks(to: marks)
        try places.container.renewReloadToken()
    }

    private func signAuthStatus(_ places: Places, _ state: inout AppState, key: Ed25519.PrivateKey, now: Date) throws -> UInt64 {
        guard let session = state.session, let enrollment = state.enrollment else {
            throw SessionError.damagedState
        }
        state.authSequence += 1
        let status = AuthStatus(
            state: session.state, epoch: state.epoch, issuedAt: Self.seconds(now), sessionExpiresAt: session.expiresAt,
            hidesBalances: session.hidesBalances, enrollmentID: enrollment)
        try places.container.write(FileName.authStatus, status.signed(sequence: state.authSequence, with: key).bytes)
        Log.session.debug("signed auth status", metadata: [
            "state": "\(session.state)", "epoch": "\(state.epoch)", "sequence": "\(state.authSequence)",
        ])
        return state.authSequence
    }

    func loadSigningKey(_ places: Places) throws -> Ed25519.PrivateKey {
        guard let pem = try places.app.readSecret(FileName.signingKey, limit: FileLimit.signingKey) else {
            throw SessionError.notOnboarded
        }
        return try Ed25519.PrivateKey(pemRepresentation: pem)
    }

    private func loadOrCreateSigningKey(_ places: Places) throws -> Ed25519.PrivateKey {
        if try places.app.fileStatus(FileName.signingKey) != nil { return try loadSigningKey(places) }
        let key = try Ed25519.PrivateKey()
        try places.app.write(FileName.signingKey, key.pemRepresentation)
        try places.keychain.write(FileName.pinnedKey, Array(key.publicKey.pemRepresentation.utf8))
        return key
    }

    static func seconds(_ date: Date) -> Int64 { Int64(date.timeIntervalSince1970.rounded(.down)) }

    static func isValidUserID(_ user: String) -> Bool {
        (1...64).contains(user.utf8.count) && user.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"),
                 UInt8(ascii: "@"): true
            default: false
            }
        }
    }

    static func validate(_ passcode: SecureBytes) throws {
        let problem: String? = passcode.withUnsafeBytes { bytes in
            if bytes.count < 4 { return "it must be at least 4 characters" }
            if bytes.count > 128 { return "it must be at most 128 bytes" }
            if bytes.contains(where: { $0 < 0x20 || $0 == 0x7f }) { return "it must not contain control characters" }
            if String(validating: bytes, as: UTF8.self) == nil { return "it must be valid UTF-8" }
            return nil
        }
        if let problem { throw SessionError.invalidPasscode(problem) }
    }
}
