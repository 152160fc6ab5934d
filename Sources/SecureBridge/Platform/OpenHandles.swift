package import SystemPackage

/// A directory held open through a platform: its entries are reached relative
/// to it and never through a symbolic link. The core's storage works on these
/// and never on a file descriptor, so every call reaches the home's platform.
package struct OpenDirectory {
    /// The platform that opened it.
    package let platform: any BridgePlatform
    /// The platform's handle.
    package let handle: PlatformHandle

    package init(platform: any BridgePlatform, handle: PlatformHandle) {
        self.platform = platform
        self.handle = handle
    }

    /// Opens `name` in this directory (`openat`).
    package func openFile(
        named name: String, _ mode: FileDescriptor.AccessMode, options: FileDescriptor.OpenOptions,
        permissions: FilePermissions? = nil
    ) throws(Errno) -> OpenFile {
        precondition(permissions != nil || !options.contains(.create), "creating a file needs permissions")
        let file = try platform.openFile(named: name, in: handle, mode, options: options, permissions: permissions)
        return OpenFile(platform: platform, handle: file)
    }

    /// The status of `name` itself, a link included (`fstatat`, no follow).
    package func statusOfEntry(named name: String) throws(Errno) -> Stat {
        try platform.statusOfEntry(named: name, in: handle)
    }

    /// Replaces `newName` with `name` in one step (`renameat`).
    package func renameEntry(named name: String, to newName: String) throws(Errno) {
        try platform.renameEntry(named: name, to: newName, in: handle)
    }

    /// Removes the entry `name` (`unlinkat`). A directory there is not
    /// removed and fails with `EISDIR` on every platform (Darwin's `unlink`
    /// says `EPERM`), so a caller can tell a directory planted at a file's
    /// name from a refusal.
    package func unlinkEntry(named name: UnsafePointer<CChar>) throws(Errno) {
        do {
            try platform.unlinkEntry(named: name, in: handle)
        } catch .notPermitted where (try? statusOfEntry(named: String(cString: name)))?.type == .directory {
            throw .isDirectory
        }
    }

    /// Removes the entry `name` (`unlinkat`).
    package func unlinkEntry(named name: String) throws(Errno) {
        try name.withCString { name in Result { () throws(Errno) in try unlinkEntry(named: name) } }.get()
    }

    /// Calls `body` with each entry's name but `.` and `..` (`getdents64`).
    package func forEachEntry(_ body: (UnsafePointer<CChar>) throws -> Void) throws {
        try platform.forEachEntry(in: handle, body)
    }

    /// The directory's status (`fstat`).
    package func status() throws(Errno) -> Stat {
        try platform.status(of: handle)
    }

    /// Makes the directory's entries durable (`fsync`).
    package func sync() throws(Errno) {
        try platform.sync(handle)
    }

    /// Closes the directory.
    package func close() throws(Errno) {
        try platform.close(handle)
    }
}

/// A file held open through a platform.
package struct OpenFile {
    /// The platform that opened it.
    package let platform: any BridgePlatform
    /// The platform's handle.
    package let handle: PlatformHandle

    package init(platform: any BridgePlatform, handle: PlatformHandle) {
        self.platform = platform
        self.handle = handle
    }

    /// Reads into `buffer` from the file position (`read`).
    /// - Returns: The count read, 0 at the end.
    package func read(into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
        try Self.checked(buffer.count) { () throws(Errno) in try platform.read(handle, into: buffer) }
    }

    /// Writes from `buffer` at the file position (`write`).
    /// - Returns: The count written.
    package func write(_ buffer: UnsafeRawBufferPointer) throws(Errno) -> Int {
        try Self.checked(buffer.count) { () throws(Errno) in try platform.write(handle, from: buffer) }
    }

    /// How many times one read or write is tried while the platform answers
    /// `EINTR`, before it counts as the I/O error it then is.
    static let interruptedTries = 1000

    /// One read or write of at most `limit` bytes through the platform,
    /// whatever the platform does: an interrupted call (`EINTR`, which a
    /// platform should retry itself) is made again, up to `interruptedTries`
    /// times in all, then fails as `Errno.ioError` (a signal storm or a
    /// wedged mount must not keep a command, and the lock it holds, for ever);
    /// a count outside `0...limit` is no count at all but `Errno.ioError`, never trusted.
    private static func checked(_ limit: Int, _ call: () throws(Errno) -> Int) throws(Errno) -> Int {
        for _ in 0..<interruptedTries {
            let count: Int
            do {
                count = try call()
            } catch .interrupted {
                continue
            }
            guard (0...limit).contains(count) else { throw Errno.ioError }
            return count
        }
        throw Errno.ioError
    }

    /// Writes all of `buffer` at `offset`, whatever the file position (`pwrite`,
    /// repeated until every byte is written).
    package func write(_ buffer: UnsafeRawBufferPointer, atOffset offset: Int64) throws(Errno) {
        var written = 0
        while written < buffer.count {
            let rest = UnsafeRawBufferPointer(rebasing: buffer[written...])
            let count = try Self.checked(rest.count) { () throws(Errno) in
                try platform.write(handle, from: rest, atOffset: offset + Int64(written))
            }
            // A write that makes no progress would loop for ever: report it as the I/O error it is.
            guard count > 0 else { throw Errno.ioError }
            written += count
        }
    }

    /// Writes all of `bytes` at `offset` (`pwrite`).
    package func write(_ bytes: [UInt8], atOffset offset: Int64) throws(Errno) {
        try bytes.withUnsafeBytes { buffer in Result { () throws(Errno) in try write(buffer, atOffset: offset) } }.get()
    }

    /// The open file's status (`fstat`).
    package func status() throws(Errno) -> Stat {
        try platform.status(of: handle)
    }

    /// Sets the open file's permission bits (`fchmod`).
    package func setPermissions(_ permissions: FilePermissions) throws(Errno) {
        try platform.setPermissions(permissions, of: handle)
    }

    /// The file's data and metadata on storage (`fsync`).
    package func sync() throws(Errno) {
        try platform.sync(handle)
    }

    /// The file's data on storage (`fdatasync`).
    package func syncData() throws(Errno) {
        try platform.syncData(handle)
    }

    /// Waits for the exclusive lock (`flock(LOCK_EX)`).
    package func lockExclusively() throws(Errno) {
        try platform.lockExclusively(handle)
    }

    /// Closes the file.
    package func close() throws(Errno) {
        try platform.close(handle)
    }

    /// Runs `body`, then closes the file, whether `body` threw or not; a
    /// failure to close is thrown when `body` did not throw.
    package func closeAfter<Result>(_ body: () throws -> Result) throws -> Result {
        let result: Result
        do {
            result = try body()
        } catch {
            try? close()
            throw error
        }
        try close()
        return result
    }
}
