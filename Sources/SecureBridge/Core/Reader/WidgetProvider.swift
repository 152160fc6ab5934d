#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
public import Logging

/// A widget's timeline provider: the three answers of WidgetKit's
/// `TimelineProvider`, for one family and configuration at a time.
///
/// The home, the clock and the logger are given once, at construction;
/// each call takes the ``WidgetRequest`` that names the widget's kind,
/// family and configured account.
///
/// ```swift
/// let provider = WidgetProvider(home: home, logger: logger)
/// let request = WidgetRequest(kind: .balance, family: .systemSmall)
/// provider.placeholder(for: request)  // sample data, no I/O
/// provider.snapshot(for: request)     // the entry shown now
/// provider.timeline(for: request)     // entries and the reload policy
/// ```
public struct WidgetProvider: Sendable {
    /// The widget side of the home: it runs the gate.
    public let reader: WidgetReader
    /// The current time; the system clock unless a test or preview injects another.
    private let clock: @Sendable () -> Date

    /// A provider for the widgets of `home`.
    /// - Parameters:
    ///   - home: The keychain and container places the widget reads.
    ///   - logger: Where the gate's refusals are logged (never data); ``Logging/Logger/secureBridge`` by default.
    ///   - clock: The current time; the system clock by default.
    public init(home: BridgeHome, logger: Logger = .secureBridge, clock: @escaping @Sendable () -> Date = { Date() }) {
        reader = WidgetReader(home: home, logger: logger)
        self.clock = clock
    }

    /// WidgetKit's `placeholder(in:)`: built-in sample data, marked
    /// ``BridgeEntry/isSample``, redacted like real data, with no I/O at all.
    public func placeholder(for request: WidgetRequest) -> BridgeEntry {
        WidgetTimeline.placeholder(for: request, at: clock())
    }

    /// WidgetKit's `snapshot(for:in:)`: the entry the widget shows now,
    /// after the whole gate (the first entry of ``timeline(for:)``).
    public func snapshot(for request: WidgetRequest) -> BridgeEntry {
        let reading = reader.read(now: clock())
        return WidgetTimeline.snapshot(for: reading.result, request: request, now: reading.now)
    }

    /// WidgetKit's `timeline(for:in:)`: an entry now and one at each change
    /// within 24 hours (stale, expired, session end), and when to ask again.
    public func timeline(for request: WidgetRequest) -> BridgeTimeline {
        reader.timeline(for: request, now: clock())
    }
}
