#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// When the widget host should ask for a new timeline.
public enum ReloadPolicy: Sendable, Equatable {
    /// After the last entry's date.
    case atEnd
    /// At (or soon after) this instant.
    case after(Date)
    /// Only when the app asks for it (e.g. after login).
    case never
}

/// Entries in date order and the reload policy: what a timeline provider returns.
public struct BridgeTimeline: Sendable, Equatable {
    /// The widget the timeline is for.
    public let kind: WidgetKind
    /// The size class the timeline is for.
    public let family: BridgeFamily
    /// The entries, strictly increasing by date; the first is at the request's `now`.
    public let entries: [BridgeEntry]
    /// When to ask again.
    public let policy: ReloadPolicy
    /// A developer's note on the app's own bug (e.g. an unregistered `KeychainStoreKind`) that caused a placeholder,
    /// to log or show in a debug build; `nil` otherwise. Never a secret or an amount.
    public package(set) var developerNote: String?
    /// The identifier of the locale the entries' text was written for, e.g. `de_DE`.
    package let localeIdentifier: String

    package init(
        kind: WidgetKind, family: BridgeFamily, entries: [BridgeEntry], policy: ReloadPolicy,
        localeIdentifier: String = "en_US"
    ) {
        self.kind = kind
        self.family = family
        self.entries = entries
        self.policy = policy
        self.localeIdentifier = localeIdentifier
    }

    /// The locale the entries' text was written for (the request's).
    public var locale: Locale { Locale(identifier: localeIdentifier) }

    package var language: WidgetLanguage { WidgetLanguage(localeIdentifier: localeIdentifier) }
}
