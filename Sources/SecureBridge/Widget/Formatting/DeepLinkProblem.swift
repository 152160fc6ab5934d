/// Why a deep link was refused, as a `BridgeError` holds it.
package enum DeepLinkProblem: BridgeProblem {
    case tooLong(limit: Int)
    case invalidCharacter
    case wrongScheme(expected: String)
    case unknownDestination
    case forbiddenComponent(Component)
    case invalidPath
    case invalidAccountID
    case invalidScheme

    public var description: String {
        switch self {
        case let .tooLong(limit):
            return "The deep link is longer than \(limit) bytes."
        case .invalidCharacter:
            return "The deep link contains whitespace, a control character or a non-ASCII character."
        case let .wrongScheme(expected):
            return "The deep link does not start with '\(expected)://'."
        case .unknownDestination:
            return "The deep link's destination is neither 'login' nor 'account'."
        case let .forbiddenComponent(component):
            return "The deep link has a \(component) part, which app links never have."
        case .invalidPath:
            return "The deep link's path must be 'login' or 'account/<id>' with nothing more."
        case .invalidAccountID:
            return "The deep link's account id must be 1–64 characters of letters, digits, '.', '_' or '-', and not '.' or '..'."
        case .invalidScheme:
            return "The app's URL scheme must be a letter followed by letters, digits, '+', '-' or '.' (at most 32)."
        }
    }
}

extension DeepLinkProblem {
    /// A URL component app links never have.
    package enum Component: Equatable, Sendable, CustomStringConvertible {
        case query
        case fragment
        case userInfo
        case port
        case percentEscape

        public var description: String {
            switch self {
            case .query: "query"
            case .fragment: "fragment"
            case .userInfo: "user info"
            case .port: "port"
            case .percentEscape: "percent-escape"
            }
        }
    }
}

extension BridgeError {
    package init(_ problem: DeepLinkProblem) { self.init(problem: problem) }
}
