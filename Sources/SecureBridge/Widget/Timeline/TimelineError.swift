/// What was wrong with a widget request.
public enum TimelineError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The deep-link scheme is not a URL scheme (`ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`, 1–32 characters).
    case invalidDeepLinkScheme
    /// The refresh interval is not a finite number of seconds within the accepted range.
    case invalidRefreshInterval(minimum: Int, maximum: Int)
    /// The locale is not a well-formed identifier (`WidgetRequest.isValidLocaleIdentifier`).
    case invalidLocale

    public var description: String {
        switch self {
        case .invalidDeepLinkScheme:
            return "The deep-link scheme must be 1–32 characters: a letter, then letters, digits, '+', '-' or '.'."
        case let .invalidRefreshInterval(minimum, maximum):
            return "The refresh interval must be between \(minimum) and \(maximum) seconds."
        case .invalidLocale:
            return "The locale must be an identifier like en_US, de-DE, sr-Latn-RS or zh_Hant_TW."
        }
    }
}
