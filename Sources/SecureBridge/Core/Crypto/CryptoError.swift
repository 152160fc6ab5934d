/// What went wrong in the cryptographic layer.
///
/// Cases carry lengths and operation names, never key material, plaintext or
/// signatures, so the description is always safe to print.
package enum CryptoError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A key had the wrong number of bytes.
    case invalidKeyLength(expected: Int, actual: Int)
    /// An AES-GCM nonce was not 12 bytes.
    case invalidNonceLength(expected: Int, actual: Int)
    /// An AES-GCM tag was not 16 bytes.
    case invalidTagLength(expected: Int, actual: Int)
    /// An Ed25519 signature was not 64 bytes.
    case invalidSignatureLength(expected: Int, actual: Int)
    /// The ciphertext, tag, key or associated data do not belong together.
    case authenticationFailure
    /// A signature did not verify under the given public key.
    case signatureMismatch
    /// A PEM or DER key could not be read, or is not the expected algorithm.
    case invalidKeyEncoding(String)
    /// A derivation asked for more output than the function can give.
    case invalidOutputLength(requested: Int, maximum: Int)
    /// A passcode verifier's parameters are outside what this version accepts.
    case invalidParameters(String)
    /// The crypto backend (OpenSSL, or CryptoKit) reported a failure;
    /// `reason` is what it said (OpenSSL's drained error queue).
    case backendFailure(backend: String, operation: String, reason: String)

    package var description: String {
        switch self {
        case let .invalidKeyLength(expected, actual):
            return "The key is \(actual) bytes long; it must be \(expected) bytes."
        case let .invalidNonceLength(expected, actual):
            return "The nonce is \(actual) bytes long; it must be \(expected) bytes."
        case let .invalidTagLength(expected, actual):
            return "The authentication tag is \(actual) bytes long; it must be \(expected) bytes."
        case let .invalidSignatureLength(expected, actual):
            return "The signature is \(actual) bytes long; it must be \(expected) bytes."
        case .authenticationFailure:
            return "The ciphertext failed authentication: it was altered or sealed under another key."
        case .signatureMismatch:
            return "The signature does not match the data and the pinned public key."
        case let .invalidKeyEncoding(detail):
            return "The key could not be read: \(detail)."
        case let .invalidOutputLength(requested, maximum):
            return "The derivation asked for \(requested) bytes; at most \(maximum) can be derived."
        case let .invalidParameters(detail):
            return "The passcode verifier's parameters are not acceptable: \(detail)."
        case let .backendFailure(backend, operation, reason):
            return "\(backend) failed in \(operation): \(reason)."
        }
    }
}
