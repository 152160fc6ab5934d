#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif

/// The user's session as the app last signed it; the payload of a `SignedRecord` of kind 2 (42 bytes, big-endian):
/// state (1) · epoch (8) · issuedAt (8) · sessionExpiresAt (8) · flags (1, bit 0 = hide balances) · enrollment id (16).
package struct AuthStatus: Sendable, Equatable {
    package enum State: UInt8, Sendable, CaseIterable, Encodable, CustomStringConvertible {
        case active = 1
        case locked = 2
        case loggedOut = 3

        package var description: String {
            switch self {
            case .active: "active"
            case .locked: "locked"
            case .loggedOut: "loggedOut"
            }
        }

        package init?(name: String) {
            guard let state = Self.allCases.first(where: { $0.description == name }) else { return nil }
            self = state
        }

        package func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(description)
        }
    }

    package var state: State
    package var epoch: UInt64
    package var issuedAt: Int64
    package var sessionExpiresAt: Int64
    package var hidesBalances: Bool
    /// Ties the status to one onboarding (`OnboardingRecord.enrollmentID`).
    package var enrollmentID: [UInt8]

    static let payloadByteCount = 42

    package var payload: [UInt8] {
        var writer = ByteWriter(capacity: Self.payloadByteCount)
        writer.append(state.rawValue)
        writer.append(epoch)
        writer.append(issuedAt)
        writer.append(sessionExpiresAt)
        writer.append(UInt8(hidesBalances ? 1 : 0))
        writer.append(enrollmentID)
        return writer.bytes
    }

    package init(state: State, epoch: UInt64, issuedAt: Int64, sessionExpiresAt: Int64, hidesBalances: Bool, enrollmentID: [UInt8]) {
        self.state = state
        self.epoch = epoch
        self.issuedAt = issuedAt
        self.sessionExpiresAt = sessionExpiresAt
        self.hidesBalances = hidesBalances
        self.enrollmentID = enrollmentID
    }

    /// Decodes a verified payload strictly.
    package init(payload: ArraySlice<UInt8>) throws {
        let notAuthStatus = BridgeError(.invalidField(
            field: "auth status", .wrongSize(expected: Self.payloadByteCount)))
        guard payload.count == Self.payloadByteCount else { throw notAuthStatus }
        let (stateByte, epoch, issuedAt, expiresAt, flags, enrollment) = try ByteReader.read(payload) { reader in
            try (
                reader.read(UInt8.self, or: notAuthStatus), reader.read(UInt64.self, or: notAuthStatus),
                reader.read(Int64.self, or: notAuthStatus), reader.read(Int64.self, or: notAuthStatus),
                reader.read(UInt8.self, or: notAuthStatus), Array(reader.take(16, or: notAuthStatus)))
        }
        guard let state = State(rawValue: stateByte) else {
            throw BridgeError(.invalidField(field: "auth state", .unknownState(stateByte)))
        }
        guard flags & ~1 == 0 else {
            throw BridgeError(.invalidField(field: "auth flags", .unknownFlags(flags)))
        }
        self.init(
            state: state, epoch: epoch, issuedAt: issuedAt, sessionExpiresAt: expiresAt, hidesBalances: flags == 1,
            enrollmentID: enrollment)
    }

    package func hasExpired(at now: Date) -> Bool {
        now.timeIntervalSince1970 >= TimeInterval(sessionExpiresAt)
    }
}

/// Proof that the holder of the pinned publisher key onboarded this installation, and which enrollment the auth
/// status must belong to. Payload of a `SignedRecord` of kind 1 (24 bytes): enrollment id (16) · onboardedAt (8).
package struct OnboardingRecord: Sendable, Equatable {
    /// Random id of this onboarding; never derived from the user's id.
    package let enrollmentID: [UInt8]
    package let onboardedAt: Int64

    package static let payloadByteCount = 24

    package init(enrollmentID: [UInt8], onboardedAt: Int64) {
        self.enrollmentID = enrollmentID
        self.onboardedAt = onboardedAt
    }

    package init(payload: ArraySlice<UInt8>) throws {
        let notOnboarding = BridgeError(.invalidField(
            field: "onboarding record", .wrongSize(expected: Self.payloadByteCount)))
        guard payload.count == Self.payloadByteCount else { throw notOnboarding }
        let (enrollment, at) = try ByteReader.read(payload) { reader in
            try (Array(reader.take(16, or: notOnboarding)), reader.read(Int64.self, or: notOnboarding))
        }
        self.init(enrollmentID: enrollment, onboardedAt: at)
    }

}
