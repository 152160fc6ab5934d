#if canImport(Glibc)
import Glibc
#endif

/// What a journal's files were at one instant, to tell a settled journal
/// from one being saved: each file's identity (device and inode), size and
/// modification and change times, and whether some process has it open for
/// writing.
///
/// A read is of a settled journal when no file was open for writing before
/// the tool ran and every file is the same after it ran: a writer that saves
/// in place in pieces holds the file open (or moves its times) the whole
/// while, and one that renames a new file into place changes the inode.
struct JournalState: Equatable {
    /// One file's facts; `nil` fields for a file that does not exist.
    struct FileState: Equatable {
        let path: String
        let device: UInt64?
        let inode: UInt64?
        let size: Int64?
        let modified: timespec?
        let changed: timespec?

        static func == (left: FileState, right: FileState) -> Bool {
            left.path == right.path && left.device == right.device && left.inode == right.inode && left.size == right.size
                && left.modified?.tv_sec == right.modified?.tv_sec && left.modified?.tv_nsec == right.modified?.tv_nsec
                && left.changed?.tv_sec == right.changed?.tv_sec && left.changed?.tv_nsec == right.changed?.tv_nsec
        }
    }

    let files: [FileState]
    /// A file some process holds open for writing, if one does (not part of equality).
    let beingWritten: String?

    static func == (left: JournalState, right: JournalState) -> Bool { left.files == right.files }

    /// The state of `files` now.
    init(of files: [String]) {
        var writing: String?
        self.files = files.map { path in
            var status = stat()
            guard stat(path, &status) == 0 else {
                return FileState(path: path, device: nil, inode: nil, size: nil, modified: nil, changed: nil)
            }
            if writing == nil, status.st_mode & S_IFMT == S_IFREG, Self.isOpenForWriting(path) { writing = path }
            return FileState(
                path: path, device: UInt64(status.st_dev), inode: UInt64(status.st_ino), size: Int64(status.st_size),
                modified: status.st_mtim, changed: status.st_ctim)
        }
        beingWritten = writing
    }

    /// Whether a process has `path` open for writing: Linux refuses a read
    /// lease (`F_SETLEASE`, `F_RDLCK`) on such a file with `EAGAIN`. The
    /// lease is let go at once. Where leases cannot be had (a file of another
    /// owner, a file system without them) nothing can be told, and the
    /// before-and-after comparison alone decides.
    private static func isOpenForWriting(_ path: String) -> Bool {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        // F_SETLEASE is 1024 on Linux; Glibc's module leaves it out (it is _GNU_SOURCE's).
        let setLease: Int32 = 1024
        guard fcntl(descriptor, setLease, Int32(F_RDLCK)) == 0 else { return errno == EAGAIN }
        _ = fcntl(descriptor, setLease, Int32(F_UNLCK))
        return false
    }
}
