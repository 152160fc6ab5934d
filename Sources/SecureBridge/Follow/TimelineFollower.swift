import SecureBridge
import FoundationEssentials
internal import Logging

/// `read --follow`: the widget host's side of `WidgetCenter.reloadTimelines`.
///
/// It emits the current timeline, then a new one each time something a
/// widget would show changes (the app published, logged in or out, locked,
/// unlocked or changed a preference, or a writer changed any file of the
/// container or the keychain, with or without the reload token) or the
/// timeline's reload date arrives (the reload policy's date: at the latest
/// the next transition, when an entry turns stale, expired or the session
/// ends). On each wake-up it runs the gate again; a timeline that reads the
/// same as the one last emitted, at the instant that one was made, is not
/// emitted again, so a publish of the same data prints nothing.
///
/// What wakes it is injected (`WakeUpSource`), and so is the clock, so the
/// loop runs the same under inotify, polling or a test's script.
public struct TimelineFollower: Sendable {
    /// The widget side that reads the places.
    public let reader: WidgetReader
    /// The widget the timelines are for.
    public let request: WidgetRequest
    private let clock: @Sendable () -> Date

    /// A follower of one widget's timeline.
    /// - Parameters:
    ///   - reader: The widget side to read with.
    ///   - request: Which widget, at which size, in which context.
    ///   - clock: The current time; the system clock by default.
    public init(reader: WidgetReader, request: WidgetRequest, clock: @escaping @Sendable () -> Date = { Date() }) {
        self.reader = reader
        self.request = request
        self.clock = clock
    }

    /// Emits the current timeline, then each new one, until the task is cancelled.
    ///
    /// - Parameters:
    ///   - source: What wakes the loop between timelines.
    ///   - emit: Called with each timeline, in order.
    /// - Throws: What `emit` throws; cancellation ends the loop normally.
    public func follow(wakingOn source: some WakeUpSource, emit: (BridgeTimeline) async throws -> Void) async throws {
        var shownAt = clock()
        var timeline = reader.timeline(for: request, now: shownAt)
        try await emit(timeline)
        var reloads = 1
        while !Task.isCancelled {
            let deadline = Self.reloadDate(of: timeline)
            let timeout = deadline.map { Self.duration(from: clock(), to: $0) }
            let wakeUp: WakeUp
            do {
                wakeUp = try await source.next(timeout: timeout)
            } catch is CancellationError {
                break
            }
            switch wakeUp {
            case .containerChanged:
                // Judged at the instant of the timeline on screen, so only a change of the files counts.
                guard reader.timeline(for: request, now: shownAt, whatIf: true) != timeline else { continue }
                reader.logger.debug("the places changed", metadata: ["reloads": "\(reloads)"])
            case .deadlineReached:
                reader.logger.debug("reload date reached", metadata: ["deadline": "\(deadline.map(UTCTimestamp.string(from:)) ?? "none")"])
            }
            shownAt = clock()
            timeline = reader.timeline(for: request, now: shownAt)
            try await emit(timeline)
            reloads += 1
        }
        reader.logger.debug("stopped", metadata: ["reloads": "\(reloads)"])
    }

    /// When a widget host would ask for a new timeline by itself: the policy's
    /// date for `after`, the last entry's date for `atEnd`, `nil` for `never`.
    public static func reloadDate(of timeline: BridgeTimeline) -> Date? {
        switch timeline.policy {
        case let .after(date): date
        case .atEnd: timeline.entries.last?.date
        case .never: nil
        }
    }

    /// The time from `now` to `date`, in whole milliseconds rounded up; zero when `date` has passed.
    static func duration(from now: Date, to date: Date) -> Duration {
        let milliseconds = (date.timeIntervalSince(now) * 1000).rounded(.up)
        guard milliseconds > 0 else { return .zero }
        return .milliseconds(Int64(min(milliseconds, Double(Int64.max / 2))))
    }
}
