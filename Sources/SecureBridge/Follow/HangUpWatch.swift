import Dispatch
public import SystemPackage

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a follower has nobody left to follow for.
public enum HangUp: Error, Sendable, Equatable {
    /// Nobody reads its output any more: the read end of the pipe was closed,
    /// or the socket's peer or the terminal went away.
    case readerGone
    /// The process that started it (a status bar) has exited.
    case parentExited
}

/// Tells a follower when nobody is left to read it, without waiting for its
/// next write (which may be hours away): a bar that exits closes the pipe it
/// read the follower's output from, and a bar that is restarted would
/// otherwise leave one more follower behind each time.
///
/// One `poll(2)` on a private queue (never on the concurrency pool) watches
/// three descriptors: the output for `POLLERR` (a pipe's read end closed) or
/// `POLLHUP` (a socket's peer or a terminal gone), the parent process's
/// descriptor (a pidfd, readable once that process has exited), and a pipe
/// that `cancel()` writes to. A regular file or `/dev/null` never hangs up.
public final class HangUpWatch: Sendable {
    private let handles: Handles
    private let queue = DispatchQueue(label: "SecureBridge.follow.hangup")

    /// Starts watching.
    /// - Parameters:
    ///   - output: Where the follower writes; standard output by default.
    ///   - parent: A descriptor that `poll` reports readable once the parent
    ///     process has exited (Linux's `pidfd_open`), or `nil` not to watch
    ///     the parent. The watch owns it and closes it.
    ///   - action: Called at most once, on the watch's queue, with why the
    ///     follower should stop.
    /// - Throws: `Errno` when the cancellation pipe cannot be made (out of descriptors).
    public init(
        output: FileDescriptor = .standardOutput, parent: FileDescriptor? = nil,
        whenHungUp action: @escaping @Sendable (HangUp) -> Void
    ) throws {
        let handles = try Handles(output: output.rawValue, parent: parent?.rawValue ?? -1)
        self.handles = handles
        queue.async {
            if let cause = handles.wait() { action(cause) }
        }
    }

    /// Stops watching: a hang-up after this calls no action.
    public func cancel() {
        handles.interrupt()
    }

    deinit {
        handles.interrupt()
    }

    /// The watched descriptors and the cancellation pipe.
    ///
    /// `@unchecked Sendable`: the descriptors are set once in `init` and closed
    /// only in `deinit`; `wait` runs once, on the watch's queue, and
    /// `interrupt` only writes one byte into the pipe, which is safe from any thread.
    private final class Handles: @unchecked Sendable {
        let output: Int32
        let parent: Int32
        let cancelRead: Int32
        let cancelWrite: Int32

        init(output: Int32, parent: Int32) throws {
            var ends: [Int32] = [-1, -1]
            guard pipe(&ends) == 0 else {
                let error = Errno(rawValue: errno)
                if parent >= 0 { close(parent) }
                throw error
            }
            for end in ends {
                _ = fcntl(end, F_SETFD, FD_CLOEXEC)
                _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            }
            self.output = output
            self.parent = parent
            cancelRead = ends[0]
            cancelWrite = ends[1]
        }

        deinit {
            if parent >= 0 { close(parent) }
            close(cancelRead)
            close(cancelWrite)
        }

        func interrupt() {
            var byte: UInt8 = 1
            _ = write(cancelWrite, &byte, 1)
        }

        /// Blocks until the output hangs up, the parent exits, or `interrupt`.
        /// - Returns: Why the follower should stop, or `nil` when cancelled
        ///   (or when there is nothing left that could hang up).
        func wait() -> HangUp? {
            // A negative descriptor is skipped by poll; one found closed (POLLNVAL) is dropped.
            var descriptors = [
                pollfd(fd: cancelRead, events: Int16(POLLIN), revents: 0),
                pollfd(fd: output, events: 0, revents: 0),  // POLLHUP and POLLERR are always reported
                pollfd(fd: parent, events: Int16(POLLIN), revents: 0),
            ]
            while descriptors[1].fd >= 0 || descriptors[2].fd >= 0 {
                if poll(&descriptors, nfds_t(descriptors.count), -1) < 0 {
                    if errno == EINTR { continue }
                    return nil
                }
                if descriptors[0].revents != 0 { return nil }
                let output = descriptors[1].revents
                if output & Int16(POLLNVAL) != 0 { descriptors[1].fd = -1 }
                else if output & Int16(POLLHUP | POLLERR) != 0 { return .readerGone }
                let parent = descriptors[2].revents
                if parent & Int16(POLLNVAL) != 0 { descriptors[2].fd = -1 }
                else if parent != 0 { return .parentExited }
            }
            return nil
        }
    }
}
