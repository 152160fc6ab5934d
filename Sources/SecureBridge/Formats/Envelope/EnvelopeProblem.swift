/// Why a stored envelope or signed record was refused; the description names the structure, never the contents.
package enum EnvelopeProblem: BridgeProblem {
    case badMagic(expected: Format)
    case unsupportedVersion(UInt8)
    /// More bytes than the format allows; refused before parsing.
    case tooLarge(size: Int, limit: Int)
    case truncated(field: String)
    case trailingBytes(count: Int)
    case invalidField(field: String, FieldProblem)
    case signatureMismatch
    case unknownSigningKey(KeyID)
    /// Sealed under a data key that the keyset does not hold (rotated out or shredded).
    case unknownDataKey(KeyID)
    case decryptionFailed

    public var description: String {
        switch self {
        case let .badMagic(expected):
            return "The file is not a SecureBridge \(expected): its first bytes are wrong."
        case let .unsupportedVersion(version):
            return "The file uses format version \(version), which this build does not read."
        case let .tooLarge(size, limit):
            return "The file is \(size) bytes, more than the \(limit)-byte limit."
        case let .truncated(field):
            return "The file ends before its \(field)."
        case let .trailingBytes(count):
            return "The file has \(count) unexpected bytes after its signature."
        case let .invalidField(field, problem):
            return "The file's \(field) is invalid: \(problem)."
        case .signatureMismatch:
            return "The file's signature does not verify under the pinned publisher key."
        case let .unknownSigningKey(id):
            return "The file is signed by key \(id), not by the pinned publisher key."
        case let .unknownDataKey(id):
            return "The file is encrypted under data key \(id), which the keyset does not hold."
        case .decryptionFailed:
            return "The file's ciphertext failed authentication."
        }
    }
}

extension EnvelopeProblem {
    package enum Format: Equatable, Sendable, CustomStringConvertible {
        /// A snapshot envelope (`SBSN`).
        case snapshotEnvelope
        /// A signed record (`SBRC`): onboarding or auth status.
        case signedRecord
        /// Either of the two, as `bridgectl inspect` reads any file.
        case snapshotEnvelopeOrSignedRecord

        public var description: String {
            switch self {
            case .snapshotEnvelope: "snapshot envelope"
            case .signedRecord: "signed record"
            case .snapshotEnvelopeOrSignedRecord: "snapshot envelope or signed record"
            }
        }
    }

    /// The two kinds of signed record, as their kind byte gives them.
    package enum RecordKind: UInt8, Equatable, Sendable {
        case onboarding = 1
        case authStatus = 2
    }

    package enum FieldProblem: Equatable, Sendable, CustomStringConvertible {
        /// The field (a whole record payload) is not `expected` bytes long.
        case wrongSize(expected: Int)
        case unknownState(UInt8)
        case unknownFlags(UInt8)
        /// The record is of another kind than the one being read; `found` is its kind byte.
        case wrongRecordKind(expected: RecordKind, found: UInt8)
        case overLimit(Int, limit: Int)
        case outOfRange(Int, range: ClosedRange<Int>)
        case notZero
        case lifetimesOutOfOrder

        public var description: String {
            switch self {
            case let .wrongSize(expected): "it is not \(expected) bytes"
            case let .unknownState(byte): "\(byte) is not a known state"
            case .unknownFlags: "unknown flag bits are set"
            case let .wrongRecordKind(expected, found): "expected \(expected), found \(found)"
            case let .overLimit(value, _): "\(value) is over the limit"
            case let .outOfRange(value, _): "\(value) is out of range"
            case .notZero: "it must be 0"
            case .lifetimesOutOfOrder: "they must satisfy issued ≤ stale ≤ expires"
            }
        }
    }
}

extension BridgeError {
    package init(_ problem: EnvelopeProblem) { self.init(problem: problem) }
}
