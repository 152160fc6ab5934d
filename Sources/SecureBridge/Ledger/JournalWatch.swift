#if os(Linux)
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Glibc

/// Waits until a journal or a file it includes changes.
///
/// It watches the directories that hold the files, not the files, and
/// matches events by name: an editor that saves by writing a new file and
/// renaming it over the old one (or deleting and re-creating it) is seen
/// like one that writes in place, and a file that disappears and comes back
/// is seen both times. Changes that arrive within `settleTime` of each other
/// count as one, so one save gives one run.
public final class JournalWatch {
    private let descriptor: Int32
    /// The watched files, by directory; refreshed by `watch(_:)`.
    private var watched: [Int32: (directory: String, names: Set<String>)] = [:]
    /// How long a change must be followed by quiet before it counts.
    public var settleTime: Duration = .milliseconds(150)

    /// A watch on nothing yet; `watch(_:)` names the files.
    /// - Throws: `Errno`-style `JournalWatch.Failure` when inotify cannot be set up.
    public init() throws {
        descriptor = inotify_init1(Int32(IN_CLOEXEC))
        guard descriptor >= 0 else { throw Failure(errno: errno) }
    }

    deinit { close(descriptor) }

    /// inotify failed (`errno`).
    public struct Failure: Error, CustomStringConvertible {
        public let errno: Int32
        public var description: String { "The journal cannot be watched for changes (errno \(errno))." }
    }

    /// Watches `files` (paths), in addition to the directories already watched.
    /// - Throws: `Failure` when a directory cannot be watched.
    public func watch(_ files: [String]) throws {
        for file in files {
            let url = URL(fileURLWithPath: file)
            let directory = url.deletingLastPathComponent().path
            let mask = UInt32(IN_CLOSE_WRITE | IN_MODIFY | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_ATTRIB)
            let wd = inotify_add_watch(descriptor, directory, mask)
            guard wd >= 0 else { throw Failure(errno: errno) }
            watched[wd, default: (directory, [])].names.insert(url.lastPathComponent)
        }
    }

    /// Blocks until a watched file changes and then stays quiet for `settleTime`.
    /// - Throws: `Failure` when reading events fails.
    public func waitForChange() throws {
        while !(try readEvents(timeout: -1)) {}
        while try readEvents(timeout: Int32(settleTime.components.seconds * 1000
            + settleTime.components.attoseconds / 1_000_000_000_000_000)) {}
    }

    /// Reads the events that arrive within `timeout` milliseconds (-1: no
    /// limit); whether one of them names a watched file.
    private func readEvents(timeout: Int32) throws -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let ready = poll(&entry, 1, timeout)
        if ready < 0 {
            if errno == EINTR { return false }
            throw Failure(errno: errno)
        }
        guard ready > 0 else { return false }
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else {
            if count < 0, errno == EINTR || errno == EAGAIN { return false }
            throw Failure(errno: count < 0 ? errno : EIO)
        }
        var matched = false
        var offset = 0
        let header = MemoryLayout<inotify_event>.size
        while offset + header <= count {
            let (wd, mask, length) = buffer.withUnsafeBytes { bytes in
                let event = bytes.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                return (event.wd, event.mask, Int(event.len))
            }
            let nameBytes = buffer[(offset + header)..<min(count, offset + header + length)].prefix { $0 != 0 }
            let name = String(decoding: nameBytes, as: UTF8.self)
            if mask & UInt32(IN_Q_OVERFLOW) != 0 || watched[wd]?.names.contains(name) == true { matched = true }
            offset += header + length
        }
        return matched
    }
}
#endif
