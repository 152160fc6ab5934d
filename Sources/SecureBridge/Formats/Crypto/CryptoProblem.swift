package import SystemPackage

/// What went wrong in the crypto layer; the description never names key material, plaintext or signatures.
package enum CryptoProblem: BridgeProblem {
    case invalidKeyLength(expected: Int, actual: Int)
    case invalidNonceLength(expected: Int, actual: Int)
    case invalidTagLength(expected: Int, actual: Int)
    case invalidSignatureLength(expected: Int, actual: Int)
    /// The ciphertext, tag, key or associated data do not belong together.
    case authenticationFailure
    case signatureMismatch
    /// A PEM or DER key could not be read, or is not the expected algorithm.
    case invalidKeyEncoding(KeyEncodingProblem)
    case invalidOutputLength(requested: Int, maximum: Int)
    /// A stored passcode verifier is not one this version accepts.
    case invalidParameters(VerifierProblem)
    /// The crypto backend failed in `operation` (the call that failed), for the reason given.
    case backendFailure(operation: String, BackendFailure)

    public var description: String {
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
        case let .invalidKeyEncoding(problem):
            return "The key could not be read: \(problem)."
        case let .invalidOutputLength(requested, maximum):
            return "The derivation asked for \(requested) bytes; at most \(maximum) can be derived."
        case let .invalidParameters(problem):
            return "The passcode verifier's parameters are not acceptable: \(problem)."
        case let .backendFailure(operation, .openSSL(codes)):
            let reason = codes.isEmpty ? "no detail given" : codes.map { "error code \(Self.hex($0))" }.joined(separator: "; ")
            return "OpenSSL failed in \(operation): \(reason)."
        case let .backendFailure(operation, .cryptoKit(description)):
            return "CryptoKit failed in \(operation): \(description)."
        case let .backendFailure(operation, .kernelRandom(errno)):
            return "The kernel's random generator failed in \(operation): \(errno)."
        }
    }

    /// `code` as eight upper-case hex digits, the form `openssl errstr` takes.
    private static func hex(_ code: UInt) -> String {
        let digits = String(code, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 8 - digits.count)) + digits
    }
}

extension CryptoProblem {
    /// The two PEM documents an Ed25519 key is read from and written as.
    package enum KeyDocument: Equatable, Sendable {
        /// PKCS#8, `-----BEGIN PRIVATE KEY-----`.
        case privateKey
        /// SubjectPublicKeyInfo, `-----BEGIN PUBLIC KEY-----`.
        case publicKey
    }

    package enum KeyEncodingProblem: Equatable, Sendable, CustomStringConvertible {
        /// The text is not a PEM document of this kind (OpenSSL's decoders).
        case notPEM(KeyDocument)
        case notEd25519
        /// The text is not the canonical layout (the DER as one base64 line), the only one CryptoKit reads.
        case notCanonicalPEM(KeyDocument)
        case notCanonical
        case noPrivatePart

        public var description: String {
            switch self {
            case .notPEM(.privateKey): "not a PKCS#8 PEM private key"
            case .notPEM(.publicKey): "not a SubjectPublicKeyInfo PEM public key"
            case .notEd25519: "the PEM holds a key of another algorithm, not Ed25519"
            case .notCanonicalPEM(.privateKey):
                "not an Ed25519 PKCS#8 PEM private key in the canonical layout (the DER as one base64 line)"
            case .notCanonicalPEM(.publicKey):
                "not an Ed25519 SubjectPublicKeyInfo PEM public key in the canonical layout (the DER as one base64 line)"
            case .notCanonical: "not canonical"
            case .noPrivatePart: "a public key has no private part"
            }
        }
    }

    package enum VerifierProblem: Equatable, Sendable, CustomStringConvertible {
        case notVersion1Verifier
        case costOutOfRange(log2N: UInt8, r: UInt32, p: UInt32)

        public var description: String {
            switch self {
            case .notVersion1Verifier:
                "the stored verifier is not a version 1 SecureBridge passcode verifier"
            case let .costOutOfRange(log2N, r, p):
                "scrypt cost N=2^\(log2N), r=\(r), p=\(p) is outside the accepted range"
            }
        }
    }

    package enum BackendFailure: Equatable, Sendable {
        /// OpenSSL failed; its error queue held these packed codes, oldest first, or none.
        case openSSL(errorCodes: [UInt])
        case cryptoKit(description: String)
        case kernelRandom(Errno)
    }
}

extension BridgeError {
    package init(_ problem: CryptoProblem) { self.init(problem: problem) }
}
