import FoundationEssentials

/// What the widget host asks for: which widget, at which size, in which context.
public struct WidgetRequest: Sendable, Hashable {
    /// The shortest accepted refresh interval: one minute.
    public static let minimumRefreshInterval: TimeInterval = 60
    /// The longest accepted refresh interval: one week.
    public static let maximumRefreshInterval: TimeInterval = 7 * 24 * 3600

    /// Balance or spending widget.
    public let kind: WidgetKind
    /// The size class, which limits how much is listed and whether amounts may show.
    public let family: WidgetFamily
    /// The account the user picked for this widget, if any (balance widgets only).
    public let configuredAccountID: String?
    /// The device is in a privacy context (locked screen, screen sharing): no amounts.
    public let isPrivacyContext: Bool
    /// The locale amounts and percentages are formatted for, e.g. `en_US`, `de_DE`.
    public let localeIdentifier: String
    /// The app's URL scheme for deep links, normalised to lower case.
    public let deepLinkScheme: String
    /// How long until the widget should ask for a new timeline when nothing changes sooner.
    public let refreshInterval: TimeInterval

    /// Creates a request.
    ///
    /// - Parameters:
    ///   - kind: Balance or spending widget.
    ///   - family: The size class.
    ///   - configuredAccountID: The account the user picked, or `nil` for the main account.
    ///   - isPrivacyContext: Whether the device is in a privacy context.
    ///   - localeIdentifier: The formatting locale; `en_US` by default.
    ///   - deepLinkScheme: The app's URL scheme; `securebridge` by default.
    ///   - refreshInterval: Seconds until the next reload when nothing changes sooner;
    ///     30 minutes by default, 1 minute to 7 days.
    /// - Throws: `TimelineError` if the scheme or the interval is not acceptable.
    public init(
        kind: WidgetKind,
        family: WidgetFamily,
        configuredAccountID: String? = nil,
        isPrivacyContext: Bool = false,
        localeIdentifier: String = "en_US",
        deepLinkScheme: String = "securebridge",
        refreshInterval: TimeInterval = 30 * 60
    ) throws {
        guard DeepLink.isValidScheme(deepLinkScheme) else { throw TimelineError.invalidDeepLinkScheme }
        guard refreshInterval.isFinite,
            refreshInterval >= Self.minimumRefreshInterval,
            refreshInterval <= Self.maximumRefreshInterval
        else {
            throw TimelineError.invalidRefreshInterval(
                minimum: Int(Self.minimumRefreshInterval), maximum: Int(Self.maximumRefreshInterval))
        }
        self.kind = kind
        self.family = family
        self.configuredAccountID = configuredAccountID
        self.isPrivacyContext = isPrivacyContext
        self.localeIdentifier = localeIdentifier
        self.deepLinkScheme = deepLinkScheme.lowercased()
        self.refreshInterval = refreshInterval
    }

    /// The same request without a configured account (the sample data has none of the user's ids).
    var withoutConfiguredAccount: WidgetRequest {
        WidgetRequest(copying: self, configuredAccountID: nil)
    }

    private init(copying other: WidgetRequest, configuredAccountID: String?) {
        kind = other.kind
        family = other.family
        self.configuredAccountID = configuredAccountID
        isPrivacyContext = other.isPrivacyContext
        localeIdentifier = other.localeIdentifier
        deepLinkScheme = other.deepLinkScheme
        refreshInterval = other.refreshInterval
    }
}
