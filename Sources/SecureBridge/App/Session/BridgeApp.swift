#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
public import Logging

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
    /// Where each command's signed records and snapshots are logged (ids and sequences, at debug level).
    public let logger: Logger
    /// The parsed signing key while its file stays the same, shared by the copies of this app.
    let signingKeys = SigningKeyCache()
    /// Whether the places were swept for a killed writer's temporary files, shared by the copies of this app.
    let leftoverSweep = LeftoverSweep()

    /// After this many wrong passcodes in a row the session is wiped.
    public static let maximumFailedUnlocks = 10

    /// The app side of `home`.
    /// - Parameters:
    ///   - home: The places the app writes.
    ///   - logger: Where to log; `Logging.Logger.secureBridge` by default.
    public init(home: BridgeHome, logger: Logger = .secureBridge) {
        self.init(home: home, passcodeCost: .owasp, logger: logger)
    }

    package init(home: BridgeHome, passcodeCost: PasscodeVerifier.Cost, logger: Logger = .secureBridge) {
        self.home = home
        self.passcodeCost = passcodeCost
        self.logger = logger
    }

    /// Runs `body` with the places open and the app lock held.
    ///
    /// Before `body`, it finishes what an earlier command cut short: it
    /// removes leftover temporary files (at this app's first command:
    /// `LeftoverSweep`), settles an interrupted key rotation
    /// and carries out a wipe owed to a tenth wrong passcode. Damaged keychain
    /// marks are taken for, and rewritten at, the highest sequences the app
    /// state has signed when the command raises them (`Places.marksIfDamaged`). `body` saves the
    /// app state itself, at the step its command's order names (see
    /// `docs/SECURITY.md`, "App side"); nothing is saved for it afterwards.
    /// - Parameters:
    ///   - onboarding: Whether the places may be created (login); every other
    ///     operation on a home that was never set up fails with
    ///     a `SessionError` of kind `.notOnboarded` and leaves nothing behind.
    ///   - repairing: Whether a damaged `app/state.json` is started over from
    ///     the keychain and the container (`AppState.recovered(from:)`): login
    ///     and logout, the two commands that may end whatever session there
    ///     was; every other operation fails with a `SessionError` of kind `.damagedState`.
    ///   - withoutStore: Whether `body` can run while the keychain's store
    ///     cannot be used (lock and the hide preference, which may show less
    ///     without it): an interrupted rotation is then left for a later command.
    ///   - goesOnAfterOwedWipe: Whether `body` runs after a wipe owed to a
    ///     tenth wrong passcode was carried out (login, which starts a new
    ///     session; logout, for which the wipe was the logout:
    ///     `Places.carriedOutOwedWipe`); every other command stops there with
    ///     a `SessionError` of kind `.sessionWiped`.
    func transaction<R>(
        onboarding: Bool = false, repairing: Bool = false, withoutStore: Bool = false, goesOnAfterOwedWipe: Bool = false,
        now: Date,
        _ body: (Places, inout AppState) throws -> R
    ) throws -> R {
        var places = try Places.prepare(home, onboarding: onboarding)
        return try places.app.withExclusiveLock {
            try leftoverSweep.once { try Self.removeLeftoverTemporaryFiles(places) }
            do {
                places.keysetAtStart = try settleInterruptedRotation(places)
            } catch KeychainStoreError.unavailable where withoutStore {
                places.keysetAtStart = nil
            }
            var state: AppState
            do {
                state = try AppState.load(from: places.app)
            } catch let error as SessionError where error.cause == .damagedState && repairing {
                logger.core(.warning, "app/state.json is damaged; starting over from the keychain's marks and the container")
                state = try AppState.recovered(from: places)
                try places.app.remove(.publishCursor)
            }
            places.marksIfDamaged = state.highestSigned(now: now)
            try signAboveTheMarks(places, &state, withoutStore: withoutStore)
            if state.owesWipe {
                // A tenth wrong passcode whose process died before the wipe: wipe now, whatever the clock says.
                places.keysetAtStart = nil
                try wipeSession(places, &state, now: now)
                places.carriedOutOwedWipe = true
                if !goesOnAfterOwedWipe { throw SessionError(.sessionWiped) }
            }
            return try body(places, &state)
        }
    }

    /// Raises the app state's record counters to the keychain's marks when
    /// they are behind them, so no command signs a number at or below what a
    /// widget may already have seen: `app/` restored from a backup (or
    /// another copy of the app place that signed since). Saved at once, as a
    /// reservation is, and said once, in one sentence. While the store cannot
    /// be used (`withoutStore`), only the floor in the keychain directory is read.
    private func signAboveTheMarks(_ places: Places, _ state: inout AppState, withoutStore: Bool) throws {
        let marks: HighWaterMarks
        do {
            marks = try places.keychain.readMarks(repairing: places.marksIfDamaged)
        } catch KeychainStoreError.unavailable where withoutStore {
            marks = try places.keychain.floor(repairing: places.marksIfDamaged)
        }
        guard state.isBehind(marks) else { return }
        logger.core(.warning, "app/state.json is behind the keychain's marks (restored from a backup?), so this command signs above the marks.")
        state.catchUp(with: marks)
        try state.save(to: places)
    }

    /// Removes the temporary files a writer killed mid-write left in the three places.
    ///
    /// Call it holding the app lock: every writer of `app/` and `container/`
    /// holds it, and so do the writers of the keyset and the pinned key; the
    /// marks' writers (app and widgets) hold the keychain lock, taken here
    /// when there is something to remove.
    static func removeLeftoverTemporaryFiles(_ places: Places) throws {
        try places.app.removeLeftoverTemporaryFiles()
        try places.container.removeLeftoverTemporaryFiles()
        try places.keychain.directory.removeLeftoverTemporaryFilesUnderItsLock()
    }

    // MARK: Login

    /// Logs `user` in, onboarding this installation first if needed.
    ///
    /// Durable steps, in order (a crash after any of them leaves the app
    /// logged out as before, and the widget with no snapshot to show):
    /// 1. the signing key (app) and its pinned public key (keychain), on first use;
    /// 2. the app state reserves the new epoch and record sequences;
    /// 3. the keychain's marks rise to them: every earlier record is a rollback;
    /// 4. the old snapshot is removed; a new data keyset (keychain) and the
    ///    passcode verifier (app) are written;
    /// 5. a new onboarding record and the `active` auth status (container);
    /// 6. the reload token;
    /// 7. the app state records the user and the session.
    ///
    /// A login that chooses another keychain store moves the place to it
    /// first (`Keychain.moving(to:)`: the new store checked, the old store's
    /// items destroyed, then the choice recorded), so step 1 onwards write
    /// the new store.
    /// - Parameters:
    ///   - user: The user's id.
    ///   - passcode: The passcode that will unlock the app.
    ///   - sessionLength: How long the session lasts, in whole seconds.
    ///   - keychain: Where the keychain keeps its items from now on; `nil` keeps the home's store (files for a new home).
    ///   - now: The current time.
    /// - Returns: The store the keychain uses.
    /// - Throws: `SessionError.alreadyLoggedIn` while a session is live, input errors, storage errors,
    ///   `KeychainStoreError` when the chosen store cannot be used.
    @discardableResult
    public func login(
        user: String, passcode: SecureBytes, sessionLength: Duration, keychain: KeychainStoreKind? = nil, now: Date
    ) throws -> KeychainStoreKind {
        let sessionSeconds = sessionLength.components.seconds
        guard Identifier.isValid(user, kind: .user) else { throw SessionError(.invalidUserID) }
        try Self.validate(passcode)
        let verifier = try PasscodeVerifier(passcode: passcode, cost: passcodeCost)
        return try transaction(onboarding: true, repairing: true, goesOnAfterOwedWipe: true, now: now) { places, state in
            try Self.requireNoLiveSession(state, now: now)
            var places = places
            if let keychain { try places.moveKeychain(to: keychain) }
            let signingKey = try loadOrCreateSigningKey(places)
            var next = state
            next.epoch = try AppState.number(after: next.epoch)
            next.onboardingSequence = try AppState.number(after: next.onboardingSequence)
            next.authSequence = try AppState.number(after: next.authSequence)
            var reservation = state
            reservation.counters = next.counters
            try reservation.save(to: places)
            state = reservation
            try places.keychain.raiseMarks(
                to: HighWaterMarks(onboardingSequence: next.onboardingSequence, authSequence: next.authSequence),
                repairing: places.marksIfDamaged)

            try removeSnapshotOrWarn(places.container)
            try places.keychain.write(.keyset, DataKeyset(primary: try DataKey.generate()).storedBytes)
            try places.writePasscodeVerifier(verifier.storedBytes)

            let enrollment = try SystemRandom.bytes(count: 16)
            next.userID = user
            next.enrollmentID = Bytes.hex(enrollment)
            next.failedUnlocks = 0
            next.lastUnlockAttemptAt = nil
            next.session = .init(
                state: .active, expiresAt: Self.seconds(now) + sessionSeconds,
                hidesBalances: state.session?.hidesBalances ?? false)
            let onboarding = try OnboardingRecord(enrollmentID: enrollment, onboardedAt: Self.seconds(now))
                .signed(sequence: next.onboardingSequence, with: signingKey)
            try places.container.write(.onboarding, onboarding.bytes)
            try places.container.write(.authStatus, try next.signedAuthStatus(with: signingKey, now: now).bytes)
            try places.container.renewReloadToken()
            try next.save(to: places)
            state = next
            return places.keychain.store.kind
        }
    }

    // MARK: Shared steps

    func requireLiveSession(_ state: AppState, now: Date) throws {
        guard state.userID != nil else { throw SessionError(.notOnboarded) }
        guard let session = state.session, session.state != .loggedOut else {
            throw SessionError(.notLoggedIn, lastUser: state.validUserID)
        }
        guard Self.seconds(now) < session.expiresAt else { throw SessionError(.sessionExpired, lastUser: state.validUserID) }
    }

    func loadSigningKey(_ places: Places) throws -> Ed25519.PrivateKey {
        guard let pem = try places.app.readSecret(.signingKey) else {
            throw SessionError(.notOnboarded)
        }
        return try signingKeys.key(pem: pem)
    }

    /// The signing key, created on first use; the keychain's pinned key is
    /// (re)written whenever it is not the signing key's, so a crash between
    /// the two writes heals with the next login.
    private func loadOrCreateSigningKey(_ places: Places) throws -> Ed25519.PrivateKey {
        let key: Ed25519.PrivateKey
        if try places.app.fileStatus(.signingKey) != nil {
            key = try loadSigningKey(places)
        } else {
            key = try Ed25519.PrivateKey()
            try places.app.write(.signingKey, key.pemRepresentation)
        }
        let pinned = Array(try key.publicKey.pemRepresentation.utf8)
        if try places.keychain.read(.pinnedKey) != pinned {
            try places.keychain.write(.pinnedKey, pinned)
        }
        return key
    }

    static func seconds(_ date: Date) -> Int64 { Int64(date.timeIntervalSince1970.rounded(.down)) }

    /// The fewest characters a passcode may have, as a prompt says before it is typed.
    package static let minimumPasscodeLength = 4

    static func validate(_ passcode: SecureBytes) throws {
        let problem: SessionError.PasscodeProblem? = passcode.withUnsafeBytes { bytes in
            if bytes.count < Self.minimumPasscodeLength { return .tooShort(minimum: Self.minimumPasscodeLength) }
            if bytes.count > 128 { return .tooLong(maximumBytes: 128) }
            if bytes.contains(where: { $0 < 0x20 || $0 == 0x7f }) { return .controlCharacter }
            if String(validating: bytes, as: UTF8.self) == nil { return .invalidUTF8 }
            return nil
        }
        if let problem { throw SessionError(.invalidPasscode(problem)) }
    }
}
