/// An input refused, a stored file refused, a cryptographic call failed or a
/// deep link refused: the error of every call whose failure an app only
/// reports. An app shows or logs its description and does not branch on it;
/// the errors an app acts on are typed of their own (`SessionError`,
/// `StorageError`, `KeychainError`, `KeychainStoreError`).
///
/// The description is one sentence that names what was refused and why
/// (the record and field, the structure, the operation), never a balance, an
/// IBAN, an account name, key material or plaintext, so it is always safe to
/// print and to log.
public struct BridgeError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong, in full: the description is made from it.
    package let cause: Cause

    package init(_ cause: Cause) { self.cause = cause }
    package init(_ problem: CryptoProblem) { self.init(.crypto(problem)) }
    package init(_ problem: EnvelopeProblem) { self.init(.envelope(problem)) }
    package init(_ problem: PayloadProblem) { self.init(.payload(problem)) }
    package init(_ problem: InputProblem) { self.init(.input(problem)) }
    package init(_ problem: DeepLinkProblem) { self.init(.deepLink(problem)) }

    public var description: String { cause.description }
}

extension BridgeError {
    /// Where the error arose, with the problem there.
    package enum Cause: Equatable, Sendable, CustomStringConvertible {
        /// The cryptographic layer failed.
        case crypto(CryptoProblem)
        /// A stored snapshot envelope or signed record was refused.
        case envelope(EnvelopeProblem)
        /// A snapshot payload could not be decoded, or a portfolio encoded.
        case payload(PayloadProblem)
        /// Publish input, or a value an app builds a portfolio from, was refused.
        case input(InputProblem)
        /// A deep link was refused.
        case deepLink(DeepLinkProblem)

        public var description: String {
            switch self {
            case let .crypto(problem): problem.description
            case let .envelope(problem): problem.description
            case let .payload(problem): problem.description
            case let .input(problem): problem.description
            case let .deepLink(problem): problem.description
            }
        }
    }
}
