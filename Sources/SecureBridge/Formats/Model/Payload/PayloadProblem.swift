/// Why a snapshot payload could not be decoded, or a portfolio encoded, each
/// way with the values its description names, as a
/// `BridgeError` holds it.
///
/// Descriptions name the record and field and never repeat a balance, IBAN
/// or account name.
package enum PayloadProblem: BridgeProblem {
    /// The first byte is a format version this build does not read.
    case unsupportedVersion(UInt8)
    /// The payload ends inside `field` of `record`.
    case truncated(PortfolioRecord, field: String)
    /// Bytes follow the end of the portfolio.
    case trailingBytes(count: Int)
    /// A decoded field breaks a portfolio rule.
    case invalid(PortfolioRecord, field: String, FieldProblem)
    /// The portfolio breaks a rule, so it cannot be encoded.
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
    /// The error of `problem`.
    package init(_ problem: PayloadProblem) { self.init(problem: problem) }
}
