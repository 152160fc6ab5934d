#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
import Dispatch
public import Logging

/// A widget's timeline provider: the answers of WidgetKit's `TimelineProvider` and `AppIntentTimelineProvider`,
/// one request at a time, in the provider's locale (docs/INTEGRATION.md).
public struct WidgetProvider: Sendable {
    /// The widget side of the home: it runs the gate.
    public let reader: WidgetReader
    /// The locale every entry is written for.
    public let locale: Locale
    private let localeIdentifier: String
    private let clock: @Sendable () -> Date

    /// A provider for the widgets of `home`, writing every entry for `locale` (by default `Locale.current`,
    /// in a widget extension the user's) and logging the gate's refusals, never data, to `logger`.
    public init(
        home: BridgeHome, locale: Locale = .current, logger: Logger = .secureBridge,
        clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        reader = WidgetReader(home: home, logger: logger)
        self.locale = locale
        localeIdentifier = WidgetRequest.localeIdentifier(of: locale)
        self.clock = clock
    }

    /// WidgetKit's `placeholder(in:)`: built-in sample data (``BridgeEntry/isSample``), with no I/O at all.
    public func placeholder(for request: WidgetRequest) -> BridgeEntry {
        WidgetTimeline.placeholder(for: localized(request), at: clock())
    }

    /// WidgetKit's `getSnapshot(in:completion:)`: the entry shown now, after the whole gate.
    public func snapshot(for request: WidgetRequest) -> BridgeEntry {
        let reading = reader.read(now: clock())
        return WidgetTimeline.snapshot(for: reading.result, request: localized(request), now: reading.now)
    }

    /// WidgetKit's `getTimeline(in:completion:)`: entries for the next 24 hours and when to ask again.
    public func timeline(for request: WidgetRequest) -> BridgeTimeline {
        reader.timeline(for: localized(request), now: clock())
    }

    /// `AppIntentTimelineProvider`'s `snapshot(for:in:)`, off the cooperative pool: the read may block on a lock.
    public func snapshot(for request: WidgetRequest) async -> BridgeEntry {
        await Self.offThePool { snapshot(for: request) }
    }

    /// `AppIntentTimelineProvider`'s `timeline(for:in:)`, read off the cooperative pool like `snapshot(for:)`.
    public func timeline(for request: WidgetRequest) async -> BridgeTimeline {
        await Self.offThePool { timeline(for: request) }
    }

    private func localized(_ request: WidgetRequest) -> WidgetRequest {
        WidgetRequest(request, family: request.family, configuredAccountID: request.configuredAccountID,
                      localeIdentifier: localeIdentifier)
    }

    /// A serial queue off the cooperative pool, where the asynchronous calls read.
    private static let readQueue = DispatchQueue(label: "SecureBridge.WidgetProvider.read")

    private static func offThePool<Value: Sendable>(_ read: @escaping @Sendable () -> Value) async -> Value {
        await withCheckedContinuation { continuation in
            readQueue.async { continuation.resume(returning: read()) }
        }
    }
}
