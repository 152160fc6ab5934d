import Foundation

/// The app side's private bookkeeping in `app/state.json`: who is logged in,
/// the session as the app last signed it, and the counters that make every
/// epoch and sequence number move forward only.
struct AppState: Codable, Sendable, Equatable {
    var version = 1
    var userID: String?
    /// Hex of the onboarding's random enrollment id.
    var enrollmentID: String?
    var epoch: UInt64 = 0
    var onboardingSequence: UInt64 = 0
    var authSequence: UInt64 = 0
    var snapshotSequence: UInt64 = 0
    var session: Session?
    /// SHA-256 of the last published payload, to keep the reload token still when nothing visible changed.
    var contentDigest: String?
    var failedUnlocks = 0
    var unlockNotBefore: Int64 = 0

    struct Session: Codable, Sendable, Equatable {
        var state: String
        var expiresAt: Int64
        var hidesBalances: Bool
    }

    static func load(from places: Places) throws -> AppState {
        guard let bytes = try places.app.read(FileName.state, limit: FileLimit.state) else { return AppState() }
        guard let state = try? JSONDecoder().decode(AppState.self, from: Data(bytes)), state.version == 1 else {
            throw SessionError.damagedState
        }
        return state
    }

    func save(to places: Places) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        try places.app.write(FileName.state, Array(try encoder.encode(self)))
    }

    var enrollment: [UInt8]? { enrollmentID.flatMap(Bytes.fromHex) }

    /// The session's state, if there is a session.
    var sessionState: AuthStatus.State? {
        switch session?.state {
        case "active": .active
        case "locked": .locked
        case "loggedOut": .loggedOut
        default: nil
        }
    }
}
