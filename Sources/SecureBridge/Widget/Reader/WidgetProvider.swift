#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
import Dispatch
public import Logging

/// A widget's timeline provider: the three answers of WidgetKit's
/// `TimelineProvider` and `AppIntentTimelineProvider`, for one family and
/// configuration at a time.
///
/// The home, the locale, the clock and the logger are given once, at
/// construction; each call takes the ``WidgetRequest`` that names the
/// widget's kind, family and configured account, and is answered in the
/// provider's locale.
///
/// ```swift
/// let provider = WidgetProvider(home: home, locale: Locale(identifier: "de_DE"), logger: logger)
/// let request = WidgetRequest(kind: .balance, family: .systemSmall)
/// provider.placeholder(for: request)      // sample data, no I/O
/// provider.snapshot(for: request)         // the entry shown now
/// provider.timeline(for: request)         // entries and the reload policy
/// await provider.timeline(for: request)   // the same, off the cooperative pool
/// ```
public struct WidgetProvider: Sendable {
    /// The widget side of the home: it runs the gate.
    public let reader: WidgetReader
    /// The locale every entry is written for.
    public let locale: Locale
    /// The identifier of ``locale`` the requests carry (`WidgetRequest.localized(_:)`).
    private let localeIdentifier: String
    /// The current time; the system clock unless a test or preview injects another.
    private let clock: @Sendable () -> Date

    /// A provider for the widgets of `home`.
    /// - Parameters:
    ///   - home: The keychain and container places the widget reads.
    ///   - locale: The locale of every entry: its language (titles,
    ///     placeholders, relative times, accessibility labels) when the
    ///     package translates it (English, German, French, Spanish, Japanese,
    ///     Arabic), else English; its amounts, percentages and months in any
    ///     language. `Locale.current` by default, which in a widget extension
    ///     is the user's; the POSIX locale gives `en_US`.
    ///   - logger: Where the gate's refusals are logged (never data); `Logging.Logger.secureBridge` by default.
    ///   - clock: The current time; the system clock by default.
    public init(
        home: BridgeHome, locale: Locale = .current, logger: Logger = .secureBridge,
        clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        reader = WidgetReader(home: home, logger: logger)
        self.locale = locale
        localeIdentifier = WidgetRequest.localeIdentifier(of: locale)
        self.clock = clock
    }

    /// WidgetKit's `placeholder(in:)`: built-in sample data, marked
    /// ``BridgeEntry/isSample``, redacted like real data, with no I/O at all.
    public func placeholder(for request: WidgetRequest) -> BridgeEntry {
        WidgetTimeline.placeholder(for: localized(request), at: clock())
    }

    /// WidgetKit's `getSnapshot(in:completion:)`: the entry the widget shows
    /// now, after the whole gate (the first entry of `timeline(for:)`).
    public func snapshot(for request: WidgetRequest) -> BridgeEntry {
        let reading = reader.read(now: clock())
        return WidgetTimeline.snapshot(for: reading.result, request: localized(request), now: reading.now)
    }

    /// WidgetKit's `getTimeline(in:completion:)`: an entry now and one at
    /// each change within 24 hours (stale, expired, session end), and when
    /// to ask again.
    public func timeline(for request: WidgetRequest) -> BridgeTimeline {
        reader.timeline(for: localized(request), now: clock())
    }

    /// `AppIntentTimelineProvider`'s `snapshot(for:in:)`: the same entry as
    /// the synchronous `snapshot(for:)`, read on a thread of its own.
    ///
    /// The read is blocking file I/O, and not always short: when the gate
    /// raises the high-water marks it waits for the keychain lock (which
    /// the app holds while it publishes) and for a durable write (`fsync`).
    /// So it runs on a serial dispatch queue outside Swift's cooperative
    /// thread pool, whose few threads every task of the extension shares;
    /// the calling task suspends until it is done. Reads of all providers
    /// take turns, as they would at the keychain lock anyway.
    public func snapshot(for request: WidgetRequest) async -> BridgeEntry {
        await Self.offThePool { snapshot(for: request) }
    }

    /// `AppIntentTimelineProvider`'s `timeline(for:in:)`: the same timeline
    /// as the synchronous `timeline(for:)`, read on a thread of its own (see
    /// the asynchronous `snapshot(for:)` for why).
    public func timeline(for request: WidgetRequest) async -> BridgeTimeline {
        await Self.offThePool { timeline(for: request) }
    }

    /// `request` in the provider's locale.
    private func localized(_ request: WidgetRequest) -> WidgetRequest {
        WidgetRequest(request, family: request.family, configuredAccountID: request.configuredAccountID,
                      localeIdentifier: localeIdentifier)
    }

    /// Where the asynchronous calls read: a serial queue, whose thread is
    /// not one of the cooperative pool's.
    private static let readQueue = DispatchQueue(label: "SecureBridge.WidgetProvider.read")

    /// `read()` run on ``readQueue``, the calling task suspended meanwhile.
    private static func offThePool<Value: Sendable>(_ read: @escaping @Sendable () -> Value) async -> Value {
        await withCheckedContinuation { continuation in
            readQueue.async { continuation.resume(returning: read()) }
        }
    }
}
