#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension AppState {
    /// How far every counter jumps when both the app state and the marks are lost.
    static let lostMarksMargin: UInt64 = 1 << 32

    /// Marks at the highest sequences this state signed or reserved, and at `now`, for damaged `keychain/marks`.
    func highestSigned(now: Date) -> HighWaterMarks {
        var marks = HighWaterMarks(
            onboardingSequence: onboardingSequence, authSequence: authSequence, snapshotSequence: snapshotSequence)
        marks.time = Int64(now.timeIntervalSince1970.rounded(.down))
        return marks
    }

    /// Whether the onboarding or auth mark is above this state (`app/` restored from a backup).
    func isBehind(_ marks: HighWaterMarks) -> Bool {
        marks.onboardingSequence > onboardingSequence || marks.authSequence > authSequence
    }

    mutating func catchUp(with marks: HighWaterMarks) {
        onboardingSequence = max(onboardingSequence, marks.onboardingSequence)
        authSequence = max(authSequence, marks.authSequence)
    }

    /// The state to start over from when `app/state.json` is damaged (login and logout only): counters at
    /// the marks (or `lostMarksMargin` above the container's when they are damaged too), epoch and
    /// enrollment from the verified records, the session expired. The caller removes the publish cursor.
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
