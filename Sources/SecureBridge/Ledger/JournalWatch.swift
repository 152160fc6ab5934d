#if os(Linux)
import Glibc

/// Waits until something changes in a set of directories: any entry
/// created, written, closed after writing, renamed, deleted or
/// re-permissioned, or the directory itself moved or deleted.
///
/// It watches directories, not files: an editor that saves by renaming a
/// new file over the old one is seen like one that writes in place, a file
/// that disappears and comes back is seen both times, and a directory that
/// does not exist yet is watched through the nearest one that does
/// (`JournalFiles.directories`). A watch is made anew for each wait, so a
/// directory replaced since the last one is the one watched. Events are
/// only a hint: the caller compares the files' state (`JournalState`) and
/// runs only when it moved, so a change to a neighbour costs a `stat`.
final class JournalWatch {
    private let descriptor: Int32
    /// Whether every directory could be watched; when not, the caller looks again sooner.
    private(set) var isComplete = true

    /// A watch on `directories`; one that cannot be watched (gone since, no
    /// watches left) makes the watch incomplete, not a failure.
    /// - Throws: `Failure` when inotify cannot be had at all.
    init(directories: [String]) throws {
        descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard descriptor >= 0 else { throw Failure(errno: errno) }
        let mask = UInt32(IN_CLOSE_WRITE | IN_MODIFY | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_ATTRIB
            | IN_DELETE_SELF | IN_MOVE_SELF)
        for directory in directories where inotify_add_watch(descriptor, directory, mask) < 0 {
            isComplete = false
        }
    }

    deinit { close(descriptor) }

    /// inotify could not be set up (`errno`).
    struct Failure: Error, CustomStringConvertible {
        let errno: Int32
        var description: String { "The journal cannot be watched for changes (errno \(errno))." }
    }

    /// Waits for an event, at most `timeout`; then lets the events of the
    /// next `coalescing` arrive too, so one save gives one look.
    /// - Returns: Whether an event came.
    func wait(timeout: Duration, coalescing: Duration = .milliseconds(50)) -> Bool {
        guard poll(for: timeout) else { return false }
        while poll(for: coalescing) {}
        return true
    }

    /// Whether events came within `duration`; they are read and dropped.
    private func poll(for duration: Duration) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(clamping: duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000)
        let ready = Glibc.poll(&entry, 1, milliseconds)
        guard ready > 0 else { return false }
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var came = false
        while buffer.withUnsafeMutableBytes({ read(descriptor, $0.baseAddress, $0.count) }) > 0 { came = true }
        return came
    }
}
#endif
