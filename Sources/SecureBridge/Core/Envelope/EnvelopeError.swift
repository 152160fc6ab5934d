/// Why a stored snapshot envelope or signed record was refused.
///
/// Every case describes the structure, never the contents, so it is safe to
/// print and to log.
package enum EnvelopeError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The bytes do not start with the expected magic.
    case badMagic(expected: String)
    /// A format version this build does not read.
    case unsupportedVersion(UInt8)
    /// More bytes than the format allows; refused before parsing.
    case tooLarge(size: Int, limit: Int)
    /// The bytes end before the field named.
    case truncated(field: String)
    /// Bytes left over after the signature.
    case trailingBytes(count: Int)
    /// A field holds a value the format does not allow.
    case invalidField(field: String, reason: String)
    /// The signature does not verify under the pinned publisher key.
    case signatureMismatch
    /// Signed by a key other than the pinned publisher key.
    case unknownSigningKey(KeyID)
    /// Sealed under a data key that the keyset does not hold (rotated out or shredded).
    case unknownDataKey(KeyID)
    /// The ciphertext did not authenticate under the data key.
    case decryptionFailed

    package var description: String {
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
        case let .invalidField(field, reason):
            return "The file's \(field) is invalid: \(reason)."
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
