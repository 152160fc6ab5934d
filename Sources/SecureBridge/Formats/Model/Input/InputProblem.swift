/// Why publish input was refused; descriptions name record and field, never a balance, IBAN or name.
package enum InputProblem: BridgeProblem {
    case empty
    case tooLarge(byteCount: Int, limit: Int)
    case invalidJSON(JSONError)
    /// `field` is `nil` when the record as a whole breaks the rule.
    case invalid(PortfolioRecord, field: String?, FieldProblem)

    public var description: String {
        switch self {
        case .empty:
            return "The input is empty; expected a JSON array of accounts or an object with \"accounts\"."
        case let .tooLarge(byteCount, limit):
            return "The input is \(byteCount) bytes long; at most \(limit) bytes are accepted."
        case let .invalidJSON(error):
            return error.description
        case let .invalid(record, field, problem):
            let subject = record == .document ? "The input" : record.description
            if let field {
                return "\(subject), field \(UnicodeText.quoted(field)): \(problem)."
            }
            return "\(subject) \(problem)."
        }
    }
}

extension BridgeError {
    package init(_ problem: InputProblem) { self.init(problem: problem) }
}
