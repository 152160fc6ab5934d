import SecureBridge
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Dispatch
internal import Logging
import Synchronization
import SystemPackage

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Wakes a follower when anything changes in the watched directories: an
/// entry created, written (`IN_CLOSE_WRITE`, `IN_MODIFY`), renamed in or out,
/// deleted, or its permissions or owner changed (`IN_ATTRIB`), and the same
/// for the directory itself. Names starting with a dot (storage's own
/// temporary and lock files) are ignored: what a writer renames into place
/// arrives under its real name. An overflowed event queue counts as a change.
///
/// The blocking `poll(2)` runs on a private serial queue, never on the
/// concurrency pool; cancelling the waiting task writes a byte into a pipe
/// that the same `poll` watches. If a directory itself goes away or is
/// replaced (its watch is dropped), or reading events fails, it reports a
/// change and polls (`fallback`) from then on.
final class InotifyWatch: WakeUpSource, Sendable {
    let handles: Handles
    private let fallback: PollingWakeUps
    private let queue = DispatchQueue(label: "SecureBridge.follow.inotify")
    /// Set once a watch is gone; `next` then polls.
    private let watchLost = Mutex(false)
    private let logger: Logger

    /// Starts watching `directories`.
    /// - Throws: `Errno` when inotify or the pipe cannot be set up, or a directory cannot be watched.
    init(directories: [FilePath], fallback: PollingWakeUps, logger: Logger = .secureBridge) throws {
        handles = try Handles(directories: directories)
        self.fallback = fallback
        self.logger = logger
    }

    func next(timeout: Duration?) async throws -> WakeUp {
        if watchLost.withLock({ $0 }) { return try await fallback.next(timeout: timeout) }
        let deadline = timeout.map { ContinuousClock.now + $0 }
        let handles = self.handles
        var outcome: Outcome
        repeat {
            outcome = await withTaskCancellationHandler {
                await withCheckedContinuation { continuation in
                    queue.async { continuation.resume(returning: Self.settled(handles.wait(until: deadline), handles)) }
                }
            } onCancel: {
                handles.interrupt()
            }
            // A task cancelled just after its wait ended (the follower's clock
            // and this timeout fire at the same instant) leaves its byte in the
            // pipe: the next wait sees it at once, and it was not meant for that wait.
        } while outcome == .cancelled && !Task.isCancelled
        switch outcome {
        case .changed: return .containerChanged
        case .deadline: return .deadlineReached
        case .cancelled: throw CancellationError()
        case let .lost(reason):
            logger.debug("inotify watch lost; polling from now on", metadata: ["reason": "\(reason)"])
            watchLost.withLock { $0 = true }
            return .containerChanged
        }
    }
}

extension InotifyWatch {
    /// How long the directories must stay still before a change is reported.
    static let settleTime: Duration = .milliseconds(100)

    /// A change, once the burst it starts has ended: an app-side command
    /// changes several files within milliseconds (a lock raises the keychain
    /// mark before it writes the record), and a widget should show where the
    /// burst ends, not each step. Waits until nothing changed for
    /// `settleTime`, at most a second; other outcomes pass unchanged.
    static func settled(_ outcome: Outcome, _ handles: Handles) -> Outcome {
        guard case .changed = outcome else { return outcome }
        let end = ContinuousClock.now + .seconds(1)
        while ContinuousClock.now < end {
            switch handles.wait(until: min(end, ContinuousClock.now + settleTime)) {
            case .changed: continue
            case .deadline: return .changed
            case let other: return other
            }
        }
        return .changed
    }

    enum Outcome: Sendable, Equatable {
        case changed, deadline, cancelled
        case lost(String)
    }

    /// The inotify instance and the cancellation pipe.
    ///
    /// `@unchecked Sendable`: the descriptors are set once in `init` and closed
    /// only in `deinit`; `wait` runs on one serial queue at a time, and
    /// `interrupt` only writes one byte into the pipe, which is safe from any thread.
    final class Handles: @unchecked Sendable {
        let inotify: Int32
        let cancelRead: Int32
        let cancelWrite: Int32

        init(directories: [FilePath]) throws {
            let inotify = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
            guard inotify >= 0 else { throw Errno(rawValue: errno) }
            var ends: [Int32] = [-1, -1]
            guard pipe(&ends) == 0 else {
                let error = Errno(rawValue: errno)
                close(inotify)
                throw error
            }
            for end in ends {
                _ = fcntl(end, F_SETFD, FD_CLOEXEC)
                _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            }
            let changes = IN_CLOSE_WRITE | IN_MODIFY | IN_ATTRIB | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO
            let mask = UInt32(changes | IN_DELETE_SELF | IN_MOVE_SELF) | UInt32(IN_ONLYDIR) | UInt32(IN_DONT_FOLLOW)
            for directory in directories {
                let watch = directory.withPlatformString { inotify_add_watch(inotify, $0, mask) }
                guard watch >= 0 else {
                    let error = Errno(rawValue: errno)
                    close(inotify)
                    ends.forEach { close($0) }
                    throw error
                }
            }
            self.inotify = inotify
            self.cancelRead = ends[0]
            self.cancelWrite = ends[1]
        }

        deinit {
            close(inotify)
            close(cancelRead)
            close(cancelWrite)
        }

        /// Wakes a `wait` in progress, or the next one.
        func interrupt() {
            var byte: UInt8 = 1
            _ = write(cancelWrite, &byte, 1)
        }

        /// Blocks until a relevant event, the deadline, or `interrupt`.
        func wait(until deadline: ContinuousClock.Instant?) -> Outcome {
            while true {
                var descriptors = [
                    pollfd(fd: inotify, events: Int16(POLLIN), revents: 0),
                    pollfd(fd: cancelRead, events: Int16(POLLIN), revents: 0),
                ]
                let ready = poll(&descriptors, 2, Self.timeout(until: deadline))
                if ready < 0 {
                    if errno == EINTR { continue }
                    return .lost("poll failed: \(Errno(rawValue: errno))")
                }
                if descriptors[1].revents != 0 {
                    var byte: UInt8 = 0
                    while read(cancelRead, &byte, 1) > 0 {}
                    return .cancelled
                }
                if descriptors[0].revents != 0 {
                    switch drainEvents() {
                    case .relevant: return .changed
                    case let .lost(reason): return .lost(reason)
                    case .irrelevant: break
                    }
                }
                if let deadline, ContinuousClock.now >= deadline { return .deadline }
            }
        }

        /// `poll`'s timeout in milliseconds: rounded up, at most `Int32.max`, -1 for none.
        static func timeout(until deadline: ContinuousClock.Instant?) -> Int32 {
            guard let deadline else { return -1 }
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { return 0 }
            let (seconds, attoseconds) = left.components
            guard seconds < Int64(Int32.max / 1000) else { return Int32.max }
            return Int32(seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
        }

        enum Events { case relevant, irrelevant, lost(String) }

        /// Reads every queued event and says whether one of them matters.
        private func drainEvents() -> Events {
            var result = Events.irrelevant
            var buffer = [UInt8](repeating: 0, count: 16 * 1024)
            let headerSize = MemoryLayout<inotify_event>.size
            while true {
                let count = buffer.withUnsafeMutableBytes { read(inotify, $0.baseAddress, $0.count) }
                if count < 0 {
                    if errno == EINTR { continue }
                    if errno == EAGAIN || errno == EWOULDBLOCK { return result }
                    return .lost("read failed: \(Errno(rawValue: errno))")
                }
                if count == 0 { return result }
                buffer.withUnsafeBytes { raw in
                    var offset = 0
                    while offset + headerSize <= count {
                        let mask = raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
                        let length = Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                        let nameBytes = raw[(offset + headerSize)..<min(count, offset + headerSize + length)]
                        let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
                        offset += headerSize + length
                        if mask & UInt32(IN_Q_OVERFLOW) != 0 {
                            if case .irrelevant = result { result = .relevant }
                        } else if mask & UInt32(IN_IGNORED | IN_DELETE_SELF | IN_MOVE_SELF | IN_UNMOUNT) != 0 {
                            result = .lost("the directory was removed, moved or unmounted")
                        } else if !name.hasPrefix(".") {
                            if case .irrelevant = result { result = .relevant }
                        }
                    }
                }
            }
        }
    }
}
