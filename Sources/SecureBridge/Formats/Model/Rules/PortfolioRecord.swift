/// Which record of a portfolio a problem was found in; numbers are 1-based.
package enum PortfolioRecord: Equatable, Sendable, CustomStringConvertible {
    /// The document as a whole, or a value an app builds before it is part of a portfolio.
    case document
    /// `id` is given once it has been read and found valid.
    case account(number: Int, id: String?)
    case analytics
    case spent(number: Int)
    case received(number: Int)

    /// The record as the subject of a sentence, e.g. `Account 2 ("acc-savings")`.
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
