// What an iOS widget extension imports, for Linux: the few WidgetKit and
// CryptoKit declarations the samples use, under their real names. Because
// these names live beside `import SecureBridge`, any public SecureBridge type
// of the same name would make the samples ambiguous and fail to compile.
#if !canImport(WidgetKit)
import Foundation

/// WidgetKit's entry protocol.
protocol TimelineEntry {
    var date: Date { get }
}

/// WidgetKit's size classes.
enum WidgetFamily: CaseIterable {
    case systemSmall, systemMedium, systemLarge, systemExtraLarge
    case accessoryCircular, accessoryRectangular, accessoryInline
}

/// WidgetKit's reload policy.
struct TimelineReloadPolicy: Equatable {
    static let atEnd = TimelineReloadPolicy(date: nil, atEnd: true)
    static let never = TimelineReloadPolicy(date: nil, atEnd: false)
    static func after(_ date: Date) -> TimelineReloadPolicy { TimelineReloadPolicy(date: date, atEnd: false) }
    let date: Date?
    let atEnd: Bool
}

/// WidgetKit's timeline.
struct Timeline<EntryType: TimelineEntry> {
    let entries: [EntryType]
    let policy: TimelineReloadPolicy
    init(entries: [EntryType], policy: TimelineReloadPolicy) {
        self.entries = entries
        self.policy = policy
    }
}

/// What WidgetKit tells a provider about the widget being rendered.
struct TimelineProviderContext {
    let family: WidgetFamily
    let isPreview: Bool
}

/// WidgetKit's provider protocol, with its three calls.
protocol TimelineProvider {
    associatedtype Entry: TimelineEntry
    typealias Context = TimelineProviderContext
    func placeholder(in context: Context) -> Entry
    func getSnapshot(in context: Context, completion: @escaping (Entry) -> Void)
    func getTimeline(in context: Context, completion: @escaping (Timeline<Entry>) -> Void)
}
#endif

#if !canImport(CryptoKit)
/// CryptoKit's names, present so that a clash with SecureBridge would not compile.
enum SHA256 {}
enum HKDF {}
struct SymmetricKey {}
enum AES {}
enum Curve25519 {}
#endif
