#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension AppState {
    /// How far every counter jumps when both the app state and the keychain's
    /// marks are lost: more records than any installation signs.
    static let lostMarksMargin: UInt64 = 1 << 32

    /// Marks at the highest sequences this state has signed or reserved, and
    /// at `now`: what a damaged `keychain/marks` is rewritten with. No record
    /// or snapshot the app signed is above them, so nothing it ever wrote
    /// rolls them back; the snapshot in the container (at most the reserved
    /// sequence) reads as a rollback until the next publish, which reserves
    /// above them.
    func highestSigned(now: Date) -> HighWaterMarks {
        var marks = HighWaterMarks(
            onboardingSequence: onboardingSequence, authSequence: authSequence, snapshotSequence: snapshotSequence)
        marks.time = Int64(now.timeIntervalSince1970.rounded(.down))
        return marks
    }

    /// Whether the keychain's onboarding or auth mark is above what this
    /// state has signed: the state is older than the marks (`app/` restored
    /// from a backup), and its next numbers may have been signed already.
    /// (The snapshot mark may legitimately pass the reserved block: publish
    /// starts after it whatever the state says.)
    func isBehind(_ marks: HighWaterMarks) -> Bool {
        marks.onboardingSequence > onboardingSequence || marks.authSequence > authSequence
    }

    /// Raises the onboarding and auth counters to `marks`, so the next
    /// record signed is above every one a widget may have seen.
    mutating func catchUp(with marks: HighWaterMarks) {
        onboardingSequence = max(onboardingSequence, marks.onboardingSequence)
        authSequence = max(authSequence, marks.authSequence)
    }

    /// The state to start over from when `app/state.json` is damaged, for
    /// `login` and `logout` (every other command refuses a damaged state).
    ///
    /// What a damaged state loses is rebuilt from what the keychain and the
    /// container still prove, so the next signed record rises above every
    /// one a widget has seen:
    /// - every counter starts at the keychain's high-water mark (the marks
    ///   are what a widget compares with), and the epoch at the one the
    ///   container's auth status states when it verifies under the pinned key;
    /// - the enrollment is the container's onboarding record's when it
    ///   verifies, so a logged-out status names the same enrollment;
    /// - no user, and a session that may have been live, expired: `logout`
    ///   then wipes it as it wipes any, and `login` may start a new one.
    /// The publish cursor, which belongs to the lost state, is removed by the
    /// caller before anything is signed (see `BridgeApp.transaction`).
    ///
    /// When the marks are damaged too, nothing says how high a widget has
    /// seen: every counter starts `lostMarksMargin` above what the
    /// container proves, so no record or snapshot signed before rises above them.
    static func recovered(from places: Places) throws -> AppState {
        var state = AppState()
        var marksLost = false
        do {
            let marks = try places.keychain.readMarks()
            state.onboardingSequence = marks.onboardingSequence
            state.authSequence = marks.authSequence
            state.snapshotSequence = marks.snapshotSequence
        } catch let error where Keychain.isDamagedMarks(error) {
            marksLost = true
        }
        let publisher = try places.keychain.read(.pinnedKey)
            .flatMap { try? Ed25519.PublicKey(pinnedKeyPEM: $0) }
        if let publisher {
            if let bytes = try places.container.read(.authStatus),
               let record = try? SignedRecord(bytes: bytes, expected: .authStatus),
               let status = try? AuthStatus(payload: record.verifiedPayload(publicKey: publisher))
            {
                state.epoch = status.epoch
                state.authSequence = max(state.authSequence, record.sequence)
            }
            if let bytes = try places.container.read(.onboarding),
               let record = try? SignedRecord(bytes: bytes, expected: .onboarding),
               let onboarding = try? OnboardingRecord(payload: record.verifiedPayload(publicKey: publisher))
            {
                state.enrollmentID = Bytes.hex(onboarding.enrollmentID)
                state.onboardingSequence = max(state.onboardingSequence, record.sequence)
            }
        }
        if marksLost {
            // The container's counters are lower bounds only.
            func beyond(_ counter: UInt64) throws -> UInt64 {
                let (raised, overflow) = counter.addingReportingOverflow(lostMarksMargin)
                guard !overflow else { throw SessionError(.damagedState) }
                return raised
            }
            state.onboardingSequence = try beyond(state.onboardingSequence)
            state.authSequence = try beyond(state.authSequence)
            state.snapshotSequence = try beyond(state.snapshotSequence)
        }
        if state.enrollmentID == nil { state.enrollmentID = Bytes.hex(try SystemRandom.bytes(count: 16)) }
        state.session = Session(state: .active, expiresAt: 0, hidesBalances: false)
        return state
    }
}
