/// Why a deep link was refused, each way with the values its description
/// names, as a `BridgeError` holds it: `DeepLink(parsing:scheme:)` and
/// `DeepLink.url(scheme:)` throw it.
package enum DeepLinkProblem: BridgeProblem {
    /// The link is longer than the limit.
    case tooLong(limit: Int)
    /// The link holds whitespace, a control character or a non-ASCII character.
    case invalidCharacter
    /// The link does not start with `<scheme>://`.
    case wrongScheme(expected: String)
    /// The destination is neither `login` nor `account`.
    case unknownDestination
    /// The link has a component deep links never have (query, fragment, user info, port, percent-escape).
    case forbiddenComponent(Component)
    /// The path has missing or extra segments.
    case invalidPath
    /// The account id is not 1–64 characters of `A-Z a-z 0-9 . _ -`, or is `.` or `..`.
    case invalidAccountID
    /// The app's scheme itself is not a valid URL scheme.
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
        /// `?…`.
        case query
        /// `#…`.
        case fragment
        /// `user@`.
        case userInfo
        /// `:port`.
        case port
        /// `%XX`.
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
    /// The error of `problem`.
    package init(_ problem: DeepLinkProblem) { self.init(problem: problem) }
}
