public import SecureBridge
#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
import Foundation
#endif
internal import Logging

/// `read --follow`: the widget host's side of `WidgetCenter.reloadTimelines`.
///
/// It emits the current timeline, then a new one each time something a
/// widget would show changes, within a second of the change:
/// - the app published, logged in or out, locked, unlocked or changed a
///   preference, or a writer changed any file of the container or the
///   keychain, with or without the reload token (`WakeUpSource`);
/// - the keychain's store became reachable or not (`KeychainWatch`): a
///   keyring locked, its daemon gone, the session bus lost;
/// - the desktop session was locked or unlocked (`DesktopLock`);
/// - a timeline boundary arrived (the reload policy's date: an entry turns
///   stale or expired, or the session ends), on the wall clock, so a
///   suspend or a clock set forward is caught at once (`FollowerClock`).
///
/// Each view comes from the same gate a one-shot read runs, so a follower
/// never shows more than `read` would at that moment. A watch that is lost
/// fails closed: while the keychain's cannot say whether the store is
/// reachable, the view is `keychain-unavailable`; while the desktop lock's
/// cannot see the desktop, it is `desktop-locked`. A timeline that reads
/// the same as the one last emitted, at the instant that one was made, is
/// not emitted again. A publish of the same data may still move the
/// timeline's dates (the soft and hard expiry); `FollowOutput` prints only
/// what renders differently, so such a publish prints nothing.
///
/// What wakes it is injected (`WakeUpSource`), and so is the clock, so the
/// loop runs the same under inotify, polling or a test's script.
public struct TimelineFollower: Sendable {
    /// The widget side that reads the places.
    public let reader: WidgetReader
    /// The widget the timelines are for.
    public let request: WidgetRequest
    private let clock: any FollowerClock

    /// A follower of one widget's timeline.
    /// - Parameters:
    ///   - reader: The widget side to read with.
    ///   - request: Which widget, at which size, in which context.
    ///   - clock: The current time, and waits for a date; the system's wall clock by default.
    public init(reader: WidgetReader, request: WidgetRequest, clock: any FollowerClock = SystemClock()) {
        self.reader = reader
        self.request = request
        self.clock = clock
    }

    /// The facts beside the files that a view depends on, as last seen.
    private struct Facts {
        var lock: (isLocked: Bool, generation: Int)?
        var keychain: (state: KeychainWatch.State, generation: Int)?
    }

    /// Emits the current timeline, then each new one, until the task is cancelled.
    ///
    /// - Parameters:
    ///   - source: What wakes the loop when the files may have changed.
    ///   - desktopLock: The desktop session's lock, when it is watched: while
    ///     it is locked every amount is masked (`desktop-locked`), and on a
    ///     change the timeline is made again from the last gate result,
    ///     without reading the files or the keys again.
    ///   - keychain: The keychain store's reachability, when it is watched:
    ///     on a change the gate runs again; while it is `unavailable` the
    ///     view is `keychain-unavailable`.
    ///   - emit: Called with each timeline, in order.
    /// - Throws: What `emit` throws; cancellation ends the loop normally.
    public func follow(
        wakingOn source: some WakeUpSource, desktopLock: DesktopLock? = nil, keychain: KeychainWatch? = nil,
        emit: (BridgeTimeline) async throws -> Void
    ) async throws {
        var facts = Facts(lock: desktopLock?.snapshot, keychain: keychain?.snapshot)
        var shownAt = clock.now
        var reading = reader.read(now: shownAt)
        var timeline = view(of: reading, facts)
        try await emit(timeline)
        var reloads = 1
        while !Task.isCancelled {
            let deadline = Self.reloadDate(of: timeline)
            let timeout = deadline.map { Self.duration(from: clock.now, to: $0) }
            let wakeUp: WakeUp
            do {
                wakeUp = try await next(from: source, timeout: timeout, deadline: deadline, desktopLock, keychain, facts)
            } catch is CancellationError {
                break
            }
            switch wakeUp {
            case .containerChanged:
                // A login may have chosen another store: its reachability is looked at again.
                keychain?.recheck()
                // Judged at the instant of the timeline on screen, so only a change of the files counts.
                let whatIf = reader.read(now: shownAt, whatIf: true)
                guard view(of: whatIf, facts) != timeline else { continue }
                reader.logger.debug("the places changed", metadata: ["reloads": "\(reloads)"])
            case .deadlineReached, .clockChanged:
                reader.logger.debug("reload date reached or clock set", metadata: [
                    "deadline": "\(deadline.map(UTCTimestamp.string(from:)) ?? "none")",
                ])
            case .keychainChanged:
                facts.keychain = keychain?.snapshot
                reader.logger.debug("keychain reachability changed", metadata: ["state": "\(facts.keychain.map { "\($0.state)" } ?? "none")"])
            case .desktopLockChanged:
                facts.lock = desktopLock?.snapshot
                reader.logger.debug("desktop lock changed", metadata: ["locked": "\(facts.lock?.isLocked ?? false)"])
                // The gate result already read: the keys are not read again.
                shownAt = max(clock.now, reading.now)
                let next = view(of: Reading(result: reading.result, now: shownAt), facts)
                guard next != timeline else { continue }
                timeline = next
                try await emit(timeline)
                reloads += 1
                continue
            }
            let now = clock.now
            let next = reader.read(now: now)
            // A wake-up that changed nothing shown (a clock set, a store that answers as before) prints nothing.
            guard view(of: next, facts) != timeline || wakeUp == .deadlineReached else { continue }
            (shownAt, reading) = (now, next)
            timeline = view(of: reading, facts)
            try await emit(timeline)
            reloads += 1
        }
        reader.logger.debug("stopped", metadata: ["reloads": "\(reloads)"])
    }

    private typealias Reading = WidgetReader.Reading

    /// The timeline of `reading` under `facts`: a keychain that cannot be
    /// said reachable shows `keychain-unavailable`, whatever was read; a
    /// locked desktop masks every amount.
    private func view(of reading: Reading, _ facts: Facts) -> BridgeTimeline {
        let result = facts.keychain?.state == .unavailable ? .refused(.keychainUnavailable) : reading.result
        let shown = facts.lock.map { request.desktopLocked($0.isLocked) } ?? request
        return WidgetTimeline.timeline(for: result, request: shown, now: reading.now)
    }

    /// The source's next wake-up, a change of a watched fact, or the wall
    /// clock reaching `deadline` (or being set), whichever comes first.
    private func next(
        from source: some WakeUpSource, timeout: Duration?, deadline: Date?, _ lock: DesktopLock?, _ keychain: KeychainWatch?,
        _ facts: Facts
    ) async throws -> WakeUp {
        try await withThrowingTaskGroup(of: WakeUp.self) { group in
            group.addTask { try await source.next(timeout: timeout) }
            if let lock, let generation = facts.lock?.generation {
                group.addTask {
                    await lock.change(after: generation)
                    try Task.checkCancellation()
                    return .desktopLockChanged
                }
            }
            if let keychain, let generation = facts.keychain?.generation {
                group.addTask {
                    await keychain.change(after: generation)
                    try Task.checkCancellation()
                    return .keychainChanged
                }
            }
            if let deadline {
                group.addTask { [clock] in
                    try await clock.wait(until: deadline)
                    return clock.now >= deadline ? .deadlineReached : .clockChanged
                }
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
