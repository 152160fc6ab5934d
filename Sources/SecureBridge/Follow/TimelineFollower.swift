import SecureBridge
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
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
/// emitted again. A publish of the same data may still move the timeline's
/// dates (the soft and hard expiry); `FollowOutput` prints only what renders
/// differently, so such a publish prints nothing.
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
    ///   - desktopLock: The desktop session's lock, when it is watched: while
    ///     it is locked every amount is masked (`desktop-locked`), and on a
    ///     change the timeline is made again from the last gate result,
    ///     without reading the files or the keys again.
    ///   - emit: Called with each timeline, in order.
    /// - Throws: What `emit` throws; cancellation ends the loop normally.
    public func follow(
        wakingOn source: some WakeUpSource, desktopLock: DesktopLock? = nil, emit: (BridgeTimeline) async throws -> Void
    ) async throws {
        var lock = desktopLock?.snapshot
        var shownAt = clock()
        var reading = reader.read(now: shownAt)
        var timeline = WidgetTimeline.timeline(for: reading.result, request: request(locked: lock?.isLocked), now: reading.now)
        try await emit(timeline)
        var reloads = 1
        while !Task.isCancelled {
            let deadline = Self.reloadDate(of: timeline)
            let timeout = deadline.map { Self.duration(from: clock(), to: $0) }
            let wakeUp: WakeUp
            do {
                wakeUp = try await Self.next(from: source, timeout: timeout, or: desktopLock, after: lock?.generation)
            } catch is CancellationError {
                break
            }
            switch wakeUp {
            case .containerChanged:
                // Judged at the instant of the timeline on screen, so only a change of the files counts.
                guard reader.timeline(for: request(locked: lock?.isLocked), now: shownAt, whatIf: true) != timeline else { continue }
                reader.logger.debug("the places changed", metadata: ["reloads": "\(reloads)"])
            case .deadlineReached:
                reader.logger.debug("reload date reached", metadata: ["deadline": "\(deadline.map(UTCTimestamp.string(from:)) ?? "none")"])
            case .desktopLockChanged:
                lock = desktopLock?.snapshot
                reader.logger.debug("desktop lock changed", metadata: ["locked": "\(lock?.isLocked ?? false)"])
                // The gate result already read: the keys are not read again.
                shownAt = max(clock(), reading.now)
                let next = WidgetTimeline.timeline(for: reading.result, request: request(locked: lock?.isLocked), now: shownAt)
                guard next != timeline else { continue }
                timeline = next
                try await emit(timeline)
                reloads += 1
                continue
            }
            shownAt = clock()
            reading = reader.read(now: shownAt)
            timeline = WidgetTimeline.timeline(for: reading.result, request: request(locked: lock?.isLocked), now: reading.now)
            try await emit(timeline)
            reloads += 1
        }
        reader.logger.debug("stopped", metadata: ["reloads": "\(reloads)"])
    }

    /// The request, with the desktop lock when it is watched.
    private func request(locked: Bool?) -> WidgetRequest {
        locked.map { request.desktopLocked($0) } ?? request
    }

    /// The source's next wake-up, or a change of the desktop lock, whichever comes first.
    private static func next(
        from source: some WakeUpSource, timeout: Duration?, or lock: DesktopLock?, after generation: Int?
    ) async throws -> WakeUp {
        guard let lock, let generation else { return try await source.next(timeout: timeout) }
        return try await withThrowingTaskGroup(of: WakeUp.self) { group in
            group.addTask { try await source.next(timeout: timeout) }
            group.addTask {
                await lock.change(after: generation)
                try Task.checkCancellation()
                return .desktopLockChanged
            }
            defer { group.cancelAll() }
            return try await group.next()!
        }
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
