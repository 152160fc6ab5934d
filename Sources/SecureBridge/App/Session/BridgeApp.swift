#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
public import Logging

/// The app side of SecureBridge: onboarding, the session (login, lock, unlock, logout,
/// preferences), publishing and key rotation; every operation takes `now` and holds a lock in `app/`.
public struct BridgeApp: Sendable {
    /// The three places this app writes.
    public let home: BridgeHome
    let passcodeCost: PasscodeVerifier.Cost
    /// Where each command's signed records and snapshots are logged (ids and sequences, at debug level).
    public let logger: Logger
    /// The parsed signing key while its file stays the same, shared by the copies of this app.
    let signingKeys = SigningKeyCache()
    /// Whether the places were swept for a killed writer's temporary files, shared by the copies of this app.
    let leftoverSweep = LeftoverSweep()

    /// After this many wrong passcodes in a row the session is wiped.
    public static let maximumFailedUnlocks = 10

    /// The app side of `home`, logging to `logger`.
    public init(home: BridgeHome, logger: Logger = .secureBridge) {
        self.init(home: home, passcodeCost: .owasp, logger: logger)
    }

    package init(home: BridgeHome, passcodeCost: PasscodeVerifier.Cost, logger: Logger = .secureBridge) {
        self.home = home
        self.passcodeCost = passcodeCost
        self.logger = logger
    }

    /// Runs `body` with the places open and the app lock held, after finishing what an earlier command
    /// cut short (docs/SECURITY.md, "App side"); `body` saves the app state itself. The flags let login
    /// create the places, login and logout repair a damaged state and go on after an owed wipe, and lock
    /// and hide run without the keychain store.
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

    /// Raises the counters to the marks when behind them (`app/` restored), so nothing is signed at or below them.
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

    /// Removes a killed writer's temporary files from the three places; call it holding the app lock.
    static func removeLeftoverTemporaryFiles(_ places: Places) throws {
        try places.app.removeLeftoverTemporaryFiles()
        try places.container.removeLeftoverTemporaryFiles()
        try places.keychain.directory.removeLeftoverTemporaryFilesUnderItsLock()
    }

    // MARK: Login

    /// Logs `user` in for `sessionLength`, onboarding this installation first if needed. A crash leaves
    /// the app logged out; another `keychain` store moves the keychain there, destroying the old store's items.
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

    /// The signing key, created on first use; the pinned key is rewritten whenever it differs (a crash heals).
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
