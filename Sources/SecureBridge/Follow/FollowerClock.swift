#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
import Foundation
#endif
import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
#if canImport(CLinux)
internal import CLinux
#endif
import SystemPackage

/// The time a follower judges by, and how it waits for a date on it.
///
/// A timeline's boundaries (stale, expired, the session's end) are instants
/// of the wall clock. A wait measured on a monotonic timer stands still
/// while the machine sleeps and ignores the clock being set, so a follower
/// waits on the wall clock itself, and looks again whenever it moved.
public protocol FollowerClock: Sendable {
    /// The current time.
    var now: Date { get }

    /// Returns when ``now`` reaches `date`, or earlier when the clock was set
    /// or the machine resumed from sleep (the follower then looks again).
    /// - Throws: `CancellationError` when the task is cancelled.
    func wait(until date: Date) async throws
}

/// The system's wall clock. On Linux a wait is a `timerfd` on
/// `CLOCK_REALTIME` armed for the date itself (`TFD_TIMER_ABSTIME`), which
/// the kernel also ends when the clock is set or the machine resumes
/// (`TFD_TIMER_CANCEL_ON_SET`); it blocks in `poll` on a private queue,
/// never on the concurrency pool. Elsewhere it sleeps a minute at most at a
/// time and looks at the clock again.
public struct SystemClock: FollowerClock {
    public init() {}

    /// Where waits block: one at a time, off the concurrency pool.
    private static let queue = DispatchQueue(label: "SecureBridge.follow.clock")

    public var now: Date { Date() }

    public func wait(until date: Date) async throws {
        #if canImport(CLinux)
        let alarm = try WallClockAlarm(at: date)
        let woke = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                Self.queue.async { continuation.resume(returning: alarm.wait()) }
            }
        } onCancel: {
            alarm.interrupt()
        }
        if !woke { throw CancellationError() }
        #else
        let left = date.timeIntervalSince(now)
        if left > 0 { try await Task.sleep(for: .milliseconds(Int64(min(left, 60) * 1000) + 1)) }
        #endif
    }
}

#if canImport(CLinux)
/// One wait on the wall clock: a timer descriptor armed for the date, and
/// a pipe that `interrupt()` makes readable.
///
/// `@unchecked Sendable`: the descriptors are set once in `init` and closed
/// only in `deinit`; `wait` runs once, and `interrupt` only writes one byte
/// into the pipe, which is safe from any thread.
private final class WallClockAlarm: @unchecked Sendable {
    private let timer: Int32
    private let cancelRead: Int32
    private let cancelWrite: Int32

    /// - Throws: `Errno` when the descriptors cannot be made or armed (out of descriptors).
    init(at date: Date) throws {
        timer = CLinux_openWallClockTimer()
        guard timer >= 0 else { throw Errno(rawValue: errno) }
        var ends: [Int32] = [-1, -1]
        let piped = pipe(&ends)
        for end in ends where end >= 0 {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        (cancelRead, cancelWrite) = (ends[0], ends[1])
        let seconds = max(date.timeIntervalSince1970, 0).rounded(.down)
        let nanoseconds = Int((date.timeIntervalSince1970 - seconds) * 1e9)
        // A date already past, or beyond the timer's range, fires at once: the follower then looks again.
        let armed = seconds < 1e15 ? CLinux_armWallClockTimer(timer, Int64(seconds), max(0, min(nanoseconds, 999_999_999))) : -1
        guard piped == 0, armed == 0 else {
            let error = Errno(rawValue: errno)
            for descriptor in [timer, cancelRead, cancelWrite] where descriptor >= 0 { close(descriptor) }
            throw error
        }
    }

    deinit {
        for descriptor in [timer, cancelRead, cancelWrite] { close(descriptor) }
    }

    func interrupt() {
        var byte: UInt8 = 1
        _ = write(cancelWrite, &byte, 1)
    }

    /// Blocks until the date, a change of the clock, or `interrupt()`.
    /// - Returns: `false` when interrupted.
    func wait() -> Bool {
        var descriptors = [pollfd(fd: timer, events: Int16(POLLIN), revents: 0), pollfd(fd: cancelRead, events: Int16(POLLIN), revents: 0)]
        while poll(&descriptors, 2, -1) < 0 {
            guard errno == EINTR else { return true }  // the follower looks again
        }
        // Readable: expired, or the read fails with ECANCELED (the clock was set); either way, look again.
        return descriptors[1].revents == 0
    }
}
#endif
