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
    /// What went wrong, in full: the description is made from it. One of
    /// `CryptoProblem`, `EnvelopeProblem`, `PayloadProblem`, `InputProblem`
    /// and `DeepLinkProblem`, each beside the code that finds it.
    package let problem: any BridgeProblem

    /// The error of `problem` (each problem type also has an initialiser of
    /// its own, so a throw can say `BridgeError(.signatureMismatch)`).
    package init(problem: some BridgeProblem) { self.problem = problem }

    public var description: String { problem.description }

    public static func == (lhs: BridgeError, rhs: BridgeError) -> Bool { lhs.problem.isEqual(to: rhs.problem) }
}

/// What a ``BridgeError`` holds: the cases of one layer's problems, each with
/// the values its description names.
package protocol BridgeProblem: Equatable, Sendable, CustomStringConvertible {}

extension BridgeProblem {
    /// Whether `other` is this very problem.
    func isEqual(to other: any BridgeProblem) -> Bool { (other as? Self) == self }
}
