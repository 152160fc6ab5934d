/// The error of every call whose failure an app only reports (an input, stored file, cryptographic call
/// or deep link refused); errors an app acts on have their own types (`SessionError`, `StorageError`, …).
/// Its description never holds a balance, IBAN, account name, key or plaintext: safe to print and log.
public struct BridgeError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong: a `CryptoProblem`, `EnvelopeProblem`, `PayloadProblem`, `InputProblem` or `DeepLinkProblem`.
    package let problem: any BridgeProblem

    package init(problem: some BridgeProblem) { self.problem = problem }

    public var description: String { problem.description }

    public static func == (lhs: BridgeError, rhs: BridgeError) -> Bool { lhs.problem.isEqual(to: rhs.problem) }
}

/// What a ``BridgeError`` holds: one layer's problems, each with the values its description names.
package protocol BridgeProblem: Equatable, Sendable, CustomStringConvertible {}

extension BridgeProblem {
    func isEqual(to other: any BridgeProblem) -> Bool { (other as? Self) == self }
}
