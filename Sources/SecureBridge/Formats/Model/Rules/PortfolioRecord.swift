/// Which record of a portfolio a problem was found in. Numbers are 1-based,
/// in the order the records appear.
package enum PortfolioRecord: Equatable, Sendable, CustomStringConvertible {
    /// The document as a whole (the top-level array or object, or the payload
    /// header); for a value an app builds on its own (`IBAN(_:)`,
    /// `Money(decimal:currency:)`, `Account(id:name:balance:iban:type:)`,
    /// `CategoryAmount(category:amount:)`), that value, not yet a numbered
    /// record of a portfolio.
    case document
    /// An account; `id` is given once the record's id has been read and found valid.
    case account(number: Int, id: String?)
    /// The analytics object.
    case analytics
    /// An entry of the analytics' `spent` list.
    case spent(number: Int)
    /// An entry of the analytics' `received` list.
    case received(number: Int)

    /// The record as the subject of a sentence, e.g. `Account 2 ("acc-savings")`.
    /// The document reads "The document"; the errors name it more precisely.
    public var description: String {
        switch self {
        case .document:
            return "The document"
        case let .account(number, id?):
            return "Account \(number) (\(UnicodeText.quoted(id)))"
        case let .account(number, nil):
            return "Account \(number)"
        case .analytics:
            return "The analytics"
        case let .spent(number):
            return "Spent entry \(number)"
        case let .received(number):
            return "Received entry \(number)"
        }
    }

    /// The record in the middle of a sentence, e.g. `account 2 ("acc-savings")`.
    var phrase: String {
        switch self {
        case .document: return "the document"
        case .analytics: return "the analytics"
        default:
            let text = description
            return text.prefix(1).lowercased() + text.dropFirst()
        }
    }
}
