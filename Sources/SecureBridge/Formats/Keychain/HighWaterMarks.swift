#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The highest sequence numbers and the latest time the app or a widget has seen, kept in the keychain
/// so that a rollback or a clock set back is noticed (stored as `MarksFile`).
package struct HighWaterMarks: Sendable, Equatable {
    package var onboardingSequence: UInt64 = 0
    package var authSequence: UInt64 = 0
    package var snapshotSequence: UInt64 = 0
    /// The latest clock reading seen; reads never use an earlier "now".
    package var time: Int64 = 0

    package init() {}

    package init(onboardingSequence: UInt64 = 0, authSequence: UInt64 = 0, snapshotSequence: UInt64 = 0) {
        self.onboardingSequence = onboardingSequence
        self.authSequence = authSequence
        self.snapshotSequence = snapshotSequence
    }

    /// The marks a stored `keychain/marks` file holds (v2: the newest intact slot; or v1).
    /// - Throws: `KeychainError.corrupt` for anything else.
    package init(storedBytes bytes: [UInt8]) throws {
        self = try MarksFile(storedBytes: bytes).marks
    }

    /// Whether any sequence mark is above zero: something was signed.
    var holdsSequences: Bool { onboardingSequence > 0 || authSequence > 0 || snapshotSequence > 0 }

    /// These marks raised to everything `other` has seen.
    package func merged(with other: HighWaterMarks) -> HighWaterMarks {
        var result = self
        result.onboardingSequence = max(onboardingSequence, other.onboardingSequence)
        result.authSequence = max(authSequence, other.authSequence)
        result.snapshotSequence = max(snapshotSequence, other.snapshotSequence)
        result.time = max(time, other.time)
        return result
    }
}

/// Problems with the keychain's own files.
public enum KeychainError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A keychain file exists but is not in the expected format.
    case corrupt(file: String)
    /// A keychain file the operation needs is missing.
    case missing(file: String)

    public var description: String {
        switch self {
        case let .corrupt(file): "The keychain file `\(file)` is damaged or not a SecureBridge file."
        case let .missing(file): "The keychain file `\(file)` is missing."
        }
    }
}
