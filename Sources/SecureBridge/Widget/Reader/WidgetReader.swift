#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
public import Logging

/// The widget side: it runs the gate (docs/DESIGN.md, "The gate") over onboarding, the auth status and the
/// snapshot. It holds the data key but not the signing key, so it can read but never author a snapshot.
public struct WidgetReader: Sendable {
    /// The places the widget reads (it writes only its keychain marks).
    public let home: BridgeHome
    /// Parsed keys reused while their files hold the same bytes; shared by copies of this reader.
    private let cache = ReaderCache()
    /// Where the gate's refusals and failed mark updates are logged (at debug and warning level).
    public let logger: Logger

    /// A reader of `home`'s keychain and container places, logging to `logger`.
    public init(home: BridgeHome, logger: Logger = .secureBridge) {
        self.home = home
        self.logger = logger
    }

    /// What the gate concluded at an instant, and the instant it used.
    public struct Reading: Sendable, Equatable {
        package let result: GateResult
        /// The time the gate judged by: never before a time already seen, so a clock set back revives nothing.
        public let now: Date
        /// What the app's own setup got wrong, for a developer; `nil` unless it caused the placeholder.
        public let developerNote: String?

        package init(result: GateResult, now: Date, developerNote: String? = nil) {
            self.result = result
            self.now = now
            self.developerNote = developerNote
        }
    }

    /// Runs the gate; never throws, as a widget must always render.
    /// - Parameters:
    ///   - now: The reader's clock.
    ///   - whatIf: `now` is hypothetical (`read --now`): the clock's mark is not applied, no mark is written.
    public func read(now: Date, whatIf: Bool = false) -> Reading {
        let reading = readPlaces(now: now, whatIf: whatIf)
        logDecision(reading.result)
        if let note = reading.developerNote { logger.core(.warning, "\(note)") }
        return reading
    }

    /// Logs the gate's decision at debug level; never a name or an amount.
    private func logDecision(_ result: GateResult) {
        switch result {
        case let .refused(reason):
            logger.core(.debug, "gate decided: placeholder", metadata: ["reason": "\(reason.rawValue)"])
        case let .content(content):
            logger.core(.debug, "gate decided: content verified and decrypted", metadata: [
                "locked": "\(content.isLocked)", "hidesBalances": "\(content.hidesBalances)",
            ])
        }
    }

    /// The gate over the two places, opened and checked once: `read(now:whatIf:)` without the log.
    private func readPlaces(now: Date, whatIf: Bool) -> Reading {
        do {
            // The ways to the places are checked as the app side checks them:
            // overlapping places (a keychain inside the container) are unsafe storage.
            let places = try home.checkedDirectories([.keychain, .container])
            let notOnboarded = Reading(result: .refused(.notOnboarded), now: now)
            guard let keychainFiles = try places[0].heldOpen() else { return notOnboarded }
            // The store the app chose, read first: its items are read there and nowhere else.
            let store = try Self.storeChoice(keychainFiles.read(.store))
            let keychain = try Keychain(keychainFiles, store: store)
            // Another store's marks have a floor in the directory: a lock the store could not take raised it.
            let floor = store.kind == .files
                ? HighWaterMarks()
                : try keychainFiles.read(.marks).map(HighWaterMarks.init(storedBytes:)) ?? HighWaterMarks()
            guard let container = try places[1].heldOpen() else { return notOnboarded }
            return try read(
                WidgetPlaces(
                    keychain: store.kind == .files ? keychainFiles : keychain.items, container: container,
                    keychainPlace: keychain, floor: floor),
                now: now, whatIf: whatIf)
        } catch {
            return Reading(result: .refused(Self.reason(for: error)), now: now, developerNote: Self.developerNote(for: error))
        }
    }

    /// The note for the app's bug of an unregistered keychain store kind (the user sees `keychain-unavailable`).
    static func developerNote(for error: any Error) -> String? {
        guard case let .unregisteredKind(name)? = error as? KeychainStoreError else { return nil }
        return "The home keeps its keychain in a store of kind \(KeychainStoreError.shown(name)), which this process never registered: "
            + "call KeychainStoreKind.register with that kind at launch, in the widget extension as in the app."
    }

    /// The store `keychain/store` names: files when there is no such file.
    private static func storeChoice(_ stored: [UInt8]?) throws -> KeychainStoreChoice {
        guard let stored else { return .files }
        return try KeychainStoreChoice(storedBytes: stored)
    }

    /// The gate over open places; throws only when the marks cannot be read.
    private func read(_ places: WidgetPlaces, now: Date, whatIf: Bool) throws -> Reading {
        let marks = try (places.keychain.read(.marks)
            .map(HighWaterMarks.init(storedBytes:)) ?? HighWaterMarks()).merged(with: places.floor)
        let clock = Int64(now.timeIntervalSince1970.rounded(.down))
        let judgesByTheClock = whatIf || clock >= marks.time
        let effectiveNow = judgesByTheClock ? now : Date(timeIntervalSince1970: TimeInterval(marks.time))
        var seen = HighWaterMarks()
        let result: GateResult
        do {
            result = try gate(places, marks: marks, now: effectiveNow, seen: &seen)
        } catch {
            let reason = Self.reason(for: error)
            result = .refused(reason)
            logger.core(.debug, "gate refused", metadata: ["reason": "\(reason.rawValue)", "error": "\(error)"])
        }
        if !whatIf {
            seen.time = clock
            // Persist only when something moved: a read costs no disk write otherwise.
            let merged = marks.merged(with: seen)
            if merged.onboardingSequence != marks.onboardingSequence || merged.authSequence != marks.authSequence
                || merged.snapshotSequence != marks.snapshotSequence || merged.time >= marks.time + Self.timeMarkGranularity
            {
                do {
                    try places.keychainPlace.raiseMarks(to: seen)
                } catch {
                    logger.core(.warning, "could not raise the high-water marks", metadata: ["error": "\(error)"])
                }
            }
        }
        return Reading(result: result, now: effectiveNow)
    }

    /// How far the clock must advance before the time mark is written again.
    static let timeMarkGranularity: Int64 = 60

    private struct WidgetPlaces {
        let keychain: any KeychainItems
        let container: SecureDirectory
        /// The keychain place itself, for raising the marks under its lock.
        let keychainPlace: Keychain
        /// The floor under another store's marks (`Keychain.floor()`); zero for files.
        let floor: HighWaterMarks
    }

    private func gate(_ places: WidgetPlaces, marks: HighWaterMarks, now: Date, seen: inout HighWaterMarks) throws -> GateResult {
        // 1. Onboarding.
        guard let pinnedPEM = try places.keychain.read(.pinnedKey),
              let onboardingBytes = try places.container.read(.onboarding)
        else { return .refused(.notOnboarded) }
        let publisher = try cache.publicKey(pem: pinnedPEM)
        let onboardingRecord = try SignedRecord(bytes: onboardingBytes, expected: .onboarding)
        let onboarding = try OnboardingRecord(
            payload: onboardingRecord.verifiedPayload(publicKey: publisher, cache: cache.verifications))
        guard onboardingRecord.sequence >= marks.onboardingSequence else {
            return .refused(.rollback)
        }
        seen.onboardingSequence = onboardingRecord.sequence

        // 2. Auth status.
        guard let authBytes = try places.container.read(.authStatus) else {
            return .refused(.loggedOut)
        }
        let authRecord = try SignedRecord(bytes: authBytes, expected: .authStatus)
        let authIsBelowItsMark = authRecord.sequence < marks.authSequence
        let auth = try AuthStatus(payload: authRecord.verifiedPayload(publicKey: publisher, cache: cache.verifications))
        guard !authIsBelowItsMark else { return .refused(.rollback) }
        seen.authSequence = authRecord.sequence
        guard ConstantTime.equals(auth.enrollmentID, onboarding.enrollmentID) else {
            return .refused(.tampered)
        }
        switch auth.state {
        case .loggedOut: return .refused(.loggedOut)
        case .active, .locked: break
        }
        guard !auth.hasExpired(at: now) else { return .refused(.sessionExpired) }

        // 3. Snapshot.
        guard let snapshotBytes = try places.container.read(.snapshot) else {
            return .refused(.noData)
        }
        let envelope = try SnapshotEnvelope(bytes: snapshotBytes)
        let header = envelope.header
        guard header.signingKeyID == publisher.keyID else {
            return .refused(.unknownKey)
        }
        guard let keysetBytes = try places.keychain.readSecret(.keyset) else {
            return .refused(.unknownKey)
        }
        guard let dataKey = try cache.keyset(stored: keysetBytes).key(withID: header.dataKeyID) else {
            return .refused(.unknownKey)
        }
        try envelope.verifySignature(with: publisher, cache: cache.verifications)
        guard header.epoch == auth.epoch else { return .refused(.rollback) }
        guard header.sequence >= marks.snapshotSequence else {
            return .refused(.rollback)
        }
        seen.snapshotSequence = header.sequence
        let plaintext = try envelope.decrypt(usingSnapshotKey: cache.snapshotKey(for: dataKey, epoch: header.epoch))
        let portfolio = try plaintext.withUnsafeBytes { try Portfolio(payload: $0) }

        func date(_ seconds: Int64) -> Date { Date(timeIntervalSince1970: TimeInterval(seconds)) }
        return .content(
            VerifiedContent(
                portfolio: portfolio, issuedAt: date(header.issuedAt), staleAt: date(header.staleAt),
                expiresAt: date(header.expiresAt), sessionExpiresAt: date(auth.sessionExpiresAt),
                isLocked: auth.state == .locked, hidesBalances: auth.hidesBalances))
    }

    /// Signature verifications this reader and its copies skipped (bytes verified before) and made.
    var verificationCounts: (hits: Int, misses: Int) { cache.verifications.counts }

    /// The placeholder reason for a failure anywhere in the gate.
    static func reason(for error: any Error) -> Reason {
        switch error {
        case let error as StorageError:
            switch error.cause {
            // Content a writer can produce in a file of ours: a damaged file, not unsafe storage.
            case .tooLarge, .changedWhileReading: return .tampered
            // Out of descriptors or memory, or an I/O error: nothing to do with safety; try again soon.
            case _ where error.isTransient: return .unavailable
            default: return .insecureStorage
            }
        case let error as BridgeError:
            switch error.problem as? EnvelopeProblem {
            case .unknownSigningKey?, .unknownDataKey?: return .unknownKey
            default: return .tampered
            }
        case KeychainError.missing: return .unknownKey
        case is KeychainStoreError: return .keychainUnavailable
        default: return .tampered
        }
    }
}

extension WidgetReader {
    /// Runs the gate and builds the timeline to render, in the request's locale; a problem is a login-prompt entry.
    public func timeline(for request: WidgetRequest, now: Date) -> BridgeTimeline {
        timeline(for: request, now: now, whatIf: false)
    }

    /// ``timeline(for:now:)``, or at a hypothetical instant when `whatIf` is set, persisting nothing.
    package func timeline(for request: WidgetRequest, now: Date, whatIf: Bool) -> BridgeTimeline {
        let reading = read(now: now, whatIf: whatIf)
        var request = request
        request.keychainUnlock = home.platform.keychainUnlock
        var timeline = WidgetTimeline.timeline(for: reading.result, request: request, now: reading.now)
        timeline.developerNote = reading.developerNote
        return timeline
    }
}
