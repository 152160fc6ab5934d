// What an iOS widget extension imports, for Linux: WidgetKit's and CryptoKit's
// top-level type names, with the few members the samples use. This is its own
// module, so a file that imports it beside SecureBridge sees both modules'
// names at once: a public SecureBridge type of the same name would make every
// unqualified use ambiguous, and the API tests would not compile.
#if !canImport(WidgetKit)
import Foundation
#if canImport(Glibc)
import Glibc
#endif

extension FileManager {
    /// Foundation's App Group container, which Linux lacks: a directory of
    /// the group's own under the temporary directory (`app-groups-UID/ID`,
    /// both mode 0700, as a sandbox keeps a container), made on first use.
    public func containerURL(forSecurityApplicationGroupIdentifier groupIdentifier: String) -> URL? {
        let groups = temporaryDirectory.appendingPathComponent("app-groups-\(getuid())", isDirectory: true)
        let group = groups.appendingPathComponent(groupIdentifier, isDirectory: true)
        for directory in [groups, group] {
            try? createDirectory(at: directory, withIntermediateDirectories: false)
            guard (try? setAttributes([.posixPermissions: 0o700], ofItemAtPath: directory.path)) != nil else { return nil }
        }
        return group
    }
}

/// WidgetKit's entry protocol.
public protocol TimelineEntry {
    var date: Date { get }
}

/// WidgetKit's size classes.
public enum WidgetFamily: CaseIterable {
    case systemSmall, systemMedium, systemLarge, systemExtraLarge
    case accessoryCircular, accessoryRectangular, accessoryInline
}

/// WidgetKit's reload policy.
public struct TimelineReloadPolicy: Equatable, Sendable {
    public static let atEnd = TimelineReloadPolicy(date: nil, atEnd: true)
    public static let never = TimelineReloadPolicy(date: nil, atEnd: false)
    public static func after(_ date: Date) -> TimelineReloadPolicy { TimelineReloadPolicy(date: date, atEnd: false) }
    public let date: Date?
    public let atEnd: Bool
}

/// WidgetKit's timeline.
public struct Timeline<EntryType: TimelineEntry> {
    public let entries: [EntryType]
    public let policy: TimelineReloadPolicy
    public init(entries: [EntryType], policy: TimelineReloadPolicy) {
        self.entries = entries
        self.policy = policy
    }
}

/// What WidgetKit tells a provider about the widget being rendered.
public struct TimelineProviderContext {
    public let family: WidgetFamily
    public let isPreview: Bool
    public init(family: WidgetFamily, isPreview: Bool) {
        self.family = family
        self.isPreview = isPreview
    }
}

/// WidgetKit's provider protocol, with its three calls.
public protocol TimelineProvider {
    associatedtype Entry: TimelineEntry
    typealias Context = TimelineProviderContext
    func placeholder(in context: Context) -> Entry
    func getSnapshot(in context: Context, completion: @escaping (Entry) -> Void)
    func getTimeline(in context: Context, completion: @escaping (Timeline<Entry>) -> Void)
}

/// WidgetKit's provider protocol for configurable widgets: asynchronous calls.
public protocol AppIntentTimelineProvider {
    associatedtype Entry: TimelineEntry
    associatedtype Intent
    typealias Context = TimelineProviderContext
    func placeholder(in context: Context) -> Entry
    func snapshot(for configuration: Intent, in context: Context) async -> Entry
    func timeline(for configuration: Intent, in context: Context) async -> Timeline<Entry>
}

/// The rest of WidgetKit's top-level type names (see `PlatformNameTests`).
public enum Widget {}
public enum WidgetConfiguration {}
public enum StaticConfiguration {}
public enum AppIntentConfiguration {}
public enum IntentTimelineProvider {}
public enum WidgetCenter {}
public enum WidgetInfo {}
public enum WidgetBundle {}
public enum WidgetRenderingMode {}
public enum WidgetLocation {}
public enum WidgetPreviewContext {}
public enum ActivityConfiguration {}
public enum EmptyWidgetConfiguration {}
#endif

#if !canImport(CryptoKit)
/// CryptoKit's top-level type names (see `PlatformNameTests`).
public enum SHA256 {}
public enum SHA384 {}
public enum SHA512 {}
public enum HKDF {}
public enum HMAC {}
public struct SymmetricKey {}
public enum SymmetricKeySize {}
public enum SharedSecret {}
public enum AES {}
public enum ChaChaPoly {}
public enum Curve25519 {}
public enum P256 {}
public enum P384 {}
public enum P521 {}
public enum Insecure {}
public enum CryptoKitError {}
public enum HashFunction {}
public enum Digest {}
public enum MessageAuthenticationCode {}
public enum SecureEnclave {}
#endif
