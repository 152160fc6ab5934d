/// Why publish input was refused, each way with the values its description
/// names, as a `BridgeError` holds it. The input is the bank API's JSON
/// (`Portfolio(bankJSON:)`), or the values an app builds a portfolio from
/// (`Portfolio(accounts:analytics:)`, `Account(id:name:balance:iban:type:)`,
/// `IBAN(_:)`, …). Both apply the same rules and report a broken one with the
/// same error.
///
/// Every description is one sentence that names the record and field, e.g.
/// `Account 2 ("acc-savings"), field "IBAN": the checksum is wrong.` It never
/// repeats a balance, IBAN or account name.
package enum InputProblem: BridgeProblem {
    /// The input has no bytes, or only whitespace.
    case empty
    /// The input is larger than `limit` bytes; it was not parsed.
    case tooLarge(byteCount: Int, limit: Int)
    /// The input is not strict JSON.
    case invalidJSON(JSONError)
    /// A record breaks a rule; `field` is `nil` when the record as a whole does.
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
    /// The error of `problem`.
    package init(_ problem: InputProblem) { self.init(problem: problem) }
}
