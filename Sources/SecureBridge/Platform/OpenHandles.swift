package import SystemPackage

/// A directory held open through a platform, reached only through it and never through a link.
package struct OpenDirectory {
    package let platform: any BridgePlatform
    package let handle: PlatformHandle

    package init(platform: any BridgePlatform, handle: PlatformHandle) {
        self.platform = platform
        self.handle = handle
    }

    package func openFile(
        named name: String, _ mode: FileDescriptor.AccessMode, options: FileDescriptor.OpenOptions,
        permissions: FilePermissions? = nil
    ) throws(Errno) -> OpenFile {
        precondition(permissions != nil || !options.contains(.create), "creating a file needs permissions")
        let file = try platform.openFile(named: name, in: handle, mode, options: options, permissions: permissions)
        return OpenFile(platform: platform, handle: file)
    }

    package func statusOfEntry(named name: String) throws(Errno) -> Stat {
        try platform.statusOfEntry(named: name, in: handle)
    }

    package func renameEntry(named name: String, to newName: String) throws(Errno) {
        try platform.renameEntry(named: name, to: newName, in: handle)
    }

    /// Removes the entry `name` (`unlinkat`); a directory there fails with `EISDIR` on every
    /// platform (Darwin says `EPERM`), so a caller can tell a planted directory from a refusal.
    package func unlinkEntry(named name: UnsafePointer<CChar>) throws(Errno) {
        do {
            try platform.unlinkEntry(named: name, in: handle)
        } catch .notPermitted where (try? statusOfEntry(named: String(cString: name)))?.type == .directory {
            throw .isDirectory
        }
    }

    package func unlinkEntry(named name: String) throws(Errno) {
        try name.withCString { name in Result { () throws(Errno) in try unlinkEntry(named: name) } }.get()
    }

    package func forEachEntry(_ body: (UnsafePointer<CChar>) throws -> Void) throws {
        try platform.forEachEntry(in: handle, body)
    }

    package func status() throws(Errno) -> Stat {
        try platform.status(of: handle)
    }

    package func sync() throws(Errno) {
        try platform.sync(handle)
    }

    package func close() throws(Errno) {
        try platform.close(handle)
    }
}

/// A file held open through a platform.
package struct OpenFile {
    package let platform: any BridgePlatform
    package let handle: PlatformHandle

    package init(platform: any BridgePlatform, handle: PlatformHandle) {
        self.platform = platform
        self.handle = handle
    }

    /// Reads into `buffer` from the file position (`read`); 0 at the end.
    package func read(into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
        try Self.checked(buffer.count) { () throws(Errno) in try platform.read(handle, into: buffer) }
    }

    package func write(_ buffer: UnsafeRawBufferPointer) throws(Errno) -> Int {
        try Self.checked(buffer.count) { () throws(Errno) in try platform.write(handle, from: buffer) }
    }

    /// Tries of one read or write while the platform answers `EINTR`, before it is an I/O error.
    static let interruptedTries = 1000

    /// One read or write of at most `limit` bytes: `EINTR` is retried up to `interruptedTries` times
    /// (a signal storm must not hold a command and its lock for ever); a count outside `0...limit` is never trusted.
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

    /// Writes all of `buffer` at `offset`, whatever the file position (`pwrite`, repeated).
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

    package func write(_ bytes: [UInt8], atOffset offset: Int64) throws(Errno) {
        try bytes.withUnsafeBytes { buffer in Result { () throws(Errno) in try write(buffer, atOffset: offset) } }.get()
    }

    package func status() throws(Errno) -> Stat {
        try platform.status(of: handle)
    }

    package func setPermissions(_ permissions: FilePermissions) throws(Errno) {
        try platform.setPermissions(permissions, of: handle)
    }

    package func sync() throws(Errno) {
        try platform.sync(handle)
    }

    package func syncData() throws(Errno) {
        try platform.syncData(handle)
    }

    package func lockExclusively() throws(Errno) {
        try platform.lockExclusively(handle)
    }

    package func close() throws(Errno) {
        try platform.close(handle)
    }

    /// Runs `body`, then closes the file; a close failure is thrown only when `body` did not throw.
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
