/// Why a payload could not be decoded, or a portfolio encoded; never naming a balance, IBAN or name.
package enum PayloadProblem: BridgeProblem {
    case unsupportedVersion(UInt8)
    case truncated(PortfolioRecord, field: String)
    case trailingBytes(count: Int)
    case invalid(PortfolioRecord, field: String, FieldProblem)
    case unencodable(PortfolioRecord, field: String, FieldProblem)

    public var description: String {
        switch self {
        case let .unsupportedVersion(version):
            let versions = PortfolioPayload.readableVersions
            return "The payload has format version \(version); this build reads versions \(versions.lowerBound) to \(versions.upperBound)."
        case let .truncated(record, field):
            return "The payload is truncated: it ends inside \(Self.location(record, field))."
        case let .trailingBytes(count):
            return "The payload has \(count) unexpected \(count == 1 ? "byte" : "bytes") after its end."
        case let .invalid(record, field, problem):
            return "The payload is invalid: \(Self.location(record, field)): \(problem)."
        case let .unencodable(record, field, problem):
            return "The portfolio cannot be encoded: \(Self.location(record, field)): \(problem)."
        }
    }

    private static func location(_ record: PortfolioRecord, _ field: String) -> String {
        let quoted = UnicodeText.quoted(field)
        return record == .document ? "the field \(quoted)" : "\(record.phrase), field \(quoted)"
    }
}

extension BridgeError {
    package init(_ problem: PayloadProblem) { self.init(problem: problem) }
}
