#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// What the widget host asks for: which widget, at which size, in which context.
public struct WidgetRequest: Sendable, Hashable {
    /// The shortest accepted refresh interval: one minute.
    public static let minimumRefreshInterval: Duration = .seconds(60)
    /// The longest accepted refresh interval: one week.
    public static let maximumRefreshInterval: Duration = .seconds(7 * 24 * 3600)
    /// The refresh interval unless the app gives one: 30 minutes.
    public static let defaultRefreshInterval: Duration = .seconds(30 * 60)

    /// Balance or spending widget.
    public let kind: WidgetKind
    /// The size class, which limits how much is listed and whether amounts may show.
    public let family: BridgeFamily
    /// The account the user picked for this widget, if any (balance widgets only).
    public let configuredAccountID: String?
    /// The device is in a privacy context (locked screen, screen sharing): no amounts.
    public let isPrivacyContext: Bool
    /// Whether the user's desktop session is locked: entries are masked `desktop-locked`.
    public private(set) var isDesktopLocked = false
    /// What the `keychain-unavailable` prompt asks to unlock; the reader sets it from the home's platform.
    package var keychainUnlock: KeychainUnlock = .keyring
    /// The identifier of ``locale``, well formed (see ``isValidLocaleIdentifier(_:)``), e.g. `en_US`, `de_DE`.
    package let localeIdentifier: String
    /// The app's URL scheme for deep links, normalised to lower case.
    public let deepLinkScheme: String
    /// How long until the widget should ask for a new timeline when nothing changes sooner.
    public let refreshInterval: Duration

    /// A request with the `securebridge` scheme and a 30-minute refresh, in `en_US` until a provider localizes it.
    public init(kind: WidgetKind, family: BridgeFamily, configuredAccountID: String? = nil, isPrivacyContext: Bool = false) {
        self.kind = kind
        self.family = family
        self.configuredAccountID = configuredAccountID
        self.isPrivacyContext = isPrivacyContext
        localeIdentifier = "en_US"
        deepLinkScheme = "securebridge"
        refreshInterval = Self.defaultRefreshInterval
    }

    /// A request with the app's own deep-link scheme (e.g. `examplebank`) and refresh interval (1 minute to 7 days).
    /// - Throws: `TimelineError` if the scheme or the interval is not acceptable.
    public init(
        kind: WidgetKind,
        family: BridgeFamily,
        configuredAccountID: String? = nil,
        isPrivacyContext: Bool = false,
        deepLinkScheme: String,
        refreshInterval: Duration = defaultRefreshInterval
    ) throws {
        try self.init(
            kind: kind, family: family, configuredAccountID: configuredAccountID, isPrivacyContext: isPrivacyContext,
            localeIdentifier: "en_US", deepLinkScheme: deepLinkScheme, refreshInterval: refreshInterval)
    }

    /// A request in the locale `localeIdentifier` (`bridgectl read --locale`).
    /// - Throws: `TimelineError` if the locale, the scheme or the interval is not acceptable.
    package init(
        kind: WidgetKind,
        family: BridgeFamily,
        configuredAccountID: String? = nil,
        isPrivacyContext: Bool = false,
        localeIdentifier: String,
        deepLinkScheme: String = "securebridge",
        refreshInterval: Duration = defaultRefreshInterval
    ) throws {
        guard Self.isValidLocaleIdentifier(localeIdentifier) else { throw TimelineError.invalidLocale }
        guard DeepLink.isValidScheme(deepLinkScheme) else { throw TimelineError.invalidDeepLinkScheme }
        guard Self.minimumRefreshInterval <= refreshInterval, refreshInterval <= Self.maximumRefreshInterval else {
            throw TimelineError.invalidRefreshInterval(
                minimum: Int(Self.minimumRefreshInterval.components.seconds),
                maximum: Int(Self.maximumRefreshInterval.components.seconds))
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
    package var withoutConfiguredAccount: WidgetRequest {
        WidgetRequest(self, family: family, configuredAccountID: nil)
    }

    /// `other` for another family; it cannot fail, as `other`'s fields were validated.
    package init(_ other: WidgetRequest, family: BridgeFamily) {
        self.init(other, family: family, configuredAccountID: other.configuredAccountID)
    }

    /// `other` for another family and configured account: the one request copier.
    package init(
        _ other: WidgetRequest, family: BridgeFamily, configuredAccountID: String?,
        localeIdentifier: String? = nil
    ) {
        kind = other.kind
        self.family = family
        self.configuredAccountID = configuredAccountID
        isPrivacyContext = other.isPrivacyContext
        isDesktopLocked = other.isDesktopLocked
        self.localeIdentifier = localeIdentifier ?? other.localeIdentifier
        deepLinkScheme = other.deepLinkScheme
        refreshInterval = other.refreshInterval
    }
}

extension WidgetRequest {
    /// The same request with the desktop session locked or not.
    public func desktopLocked(_ locked: Bool) -> WidgetRequest {
        var request = self
        request.isDesktopLocked = locked
        return request
    }

    /// The locale the entries are written for: their language, amounts, percentages and months.
    public var locale: Locale { Locale(identifier: localeIdentifier) }

    /// The same request in `locale`: words in its language when translated, else English; amounts, percentages
    /// and months in the whole locale. Keywords and code set are dropped; POSIX and malformed locales give `en_US`.
    public func localized(_ locale: Locale) -> WidgetRequest {
        WidgetRequest(self, family: family, configuredAccountID: configuredAccountID,
                      localeIdentifier: Self.localeIdentifier(of: locale))
    }

    /// `locale`'s identifier without keywords or code set (`de_DE.UTF-8` → `de_DE`); `en_US` for POSIX or a
    /// malformed identifier, so only well-formed text reaches ICU.
    package static func localeIdentifier(of locale: Locale) -> String {
        let name = String(locale.identifier.prefix { $0 != "@" && $0 != "." })
        guard name != "en_US_POSIX", name != "C", name != "POSIX", isValidLocaleIdentifier(name) else { return "en_US" }
        return name
    }
}

extension WidgetRequest {
    static let maximumLocaleLength = 64

    /// Whether `identifier` is a well-formed BCP 47 or ICU-style locale identifier, the only text that reaches ICU:
    /// a 2–3-letter language, then optionally a 4-letter script, a region (2 letters or 3 digits) and variants
    /// (5–8 alphanumerics, or 4 starting with a digit), joined by `_` or `-`, at most 64 bytes.
    public static func isValidLocaleIdentifier(_ identifier: String) -> Bool {
        let bytes = Array(identifier.utf8)
        guard !bytes.isEmpty, bytes.count <= maximumLocaleLength else { return false }
        let parts = bytes.split(separator: UInt8(ascii: "_"), omittingEmptySubsequences: false)
            .flatMap { $0.split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false) }
        func isLetter(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
        }
        func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
        var rest = parts[...]
        guard let language = rest.popFirst(), (2...3).contains(language.count), language.allSatisfy(isLetter) else {
            return false
        }
        if let script = rest.first, script.count == 4, script.allSatisfy(isLetter) { rest.removeFirst() }
        if let region = rest.first,
            (region.count == 2 && region.allSatisfy(isLetter)) || (region.count == 3 && region.allSatisfy(isDigit))
        {
            rest.removeFirst()
        }
        return rest.allSatisfy { variant in
            variant.allSatisfy { isLetter($0) || isDigit($0) }
                && ((5...8).contains(variant.count) || (variant.count == 4 && variant.first.map(isDigit) == true))
        }
    }
}

extension Duration {
    var timeInterval: TimeInterval {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
