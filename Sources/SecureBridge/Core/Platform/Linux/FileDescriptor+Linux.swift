#if os(Linux)
internal import CLinux
import SystemPackage

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// System calls that swift-system does not wrap, in its style: each returns
// normally or throws the `Errno`, and retries on `EINTR` (never for `close`).

/// Calls `body` until it stops failing with `EINTR`; throws the `Errno` of
/// any other failure (a result of -1).
private func retryingOnInterrupt<Result: BinaryInteger>(_ body: () -> Result) throws -> Result {
    while true {
        let result = body()
        if result != -1 { return result }
        let error = Errno(rawValue: errno)
        if error != .interrupted { throw error }
    }
}

/// The status of the entry at `path`, a symbolic link itself rather than its target.
///
/// The corresponding C function is `lstat`.
/// - Throws: `Errno` on failure, `.noSuchFileOrDirectory` when absent.
func linkStatus(atPath path: String) throws(Errno) -> Stat {
    var status = CInterop.Stat()
    while lstat(path, &status) == -1 {
        let error = Errno(rawValue: errno)
        if error != .interrupted { throw error }
    }
    return Stat(rawValue: status)
}

/// What the symbolic link at `path` points to, as written in the link.
///
/// The corresponding C function is `readlink`.
/// - Throws: `Errno` on failure.
func symbolicLinkTarget(atPath path: String) throws(Errno) -> String {
    var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = buffer.withUnsafeMutableBufferPointer { pointer in
        pointer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: pointer.count) {
            readlink(path, $0, pointer.count)
        }
    }
    guard count >= 0 else { throw Errno(rawValue: errno) }
    return String(decoding: buffer[..<count], as: UTF8.self)
}

/// The directory of the running executable (`/proc/self/exe`), or `nil`
/// when it cannot be named: where the core's resource bundle is looked for.
func executableDirectory() -> String? {
    guard let executable = try? symbolicLinkTarget(atPath: "/proc/self/exe"),
        let slash = executable.lastIndex(of: "/")
    else { return nil }
    return String(executable[..<slash])
}

/// The process's working directory, or `nil` when it cannot be named.
///
/// The corresponding C function is `getcwd`.
func workingDirectory() -> String? {
    guard let directory = getcwd(nil, 0) else { return nil }
    defer { free(directory) }
    return String(cString: directory)
}

/// `pwrite`, by a name that methods of `FileDescriptor` do not hide.
private func positionalWrite(_ descriptor: CInt, _ bytes: UnsafeRawPointer, _ count: Int, _ offset: off_t) -> Int {
    pwrite(descriptor, bytes, count, offset)
}

/// The effective user id of this process, which owns everything in storage.
///
/// The corresponding C function is `geteuid`, asked once: SecureBridge never
/// changes its user, and a publish checks ownership some thirty times.
func effectiveUserID() -> UserID {
    processUserID
}

private let processUserID = UserID(rawValue: geteuid())

extension FileDescriptor {
    /// Opens `name` relative to this directory descriptor.
    ///
    /// The corresponding C function is `openat`.
    /// - Parameters:
    ///   - name: A single path component inside this directory.
    ///   - mode: The read and write access to use.
    ///   - options: The behaviour for opening the file.
    ///   - permissions: The permissions for a created file; required with `.create`.
    /// - Returns: The new descriptor.
    /// - Throws: `Errno` on failure.
    func openFile(
        named name: String,
        _ mode: FileDescriptor.AccessMode,
        options: FileDescriptor.OpenOptions,
        permissions: FilePermissions? = nil
    ) throws -> FileDescriptor {
        precondition(permissions != nil || !options.contains(.create), "creating a file needs permissions")
        let flags = mode.rawValue | options.rawValue
        let descriptor = try retryingOnInterrupt {
            openat(rawValue, name, flags, permissions?.rawValue ?? 0)
        }
        return FileDescriptor(rawValue: descriptor)
    }

    /// Returns the status of `name` in this directory without following a
    /// trailing symbolic link.
    ///
    /// The corresponding C function is `fstatat(..., AT_SYMLINK_NOFOLLOW)`.
    /// - Throws: `Errno` on failure, `.noSuchFileOrDirectory` when absent.
    func statusOfEntry(named name: String) throws -> Stat {
        var status = CInterop.Stat()
        _ = try retryingOnInterrupt { fstatat(rawValue, name, &status, AT_SYMLINK_NOFOLLOW) }
        return Stat(rawValue: status)
    }

    /// The status of the open file.
    ///
    /// The corresponding C function is `fstat`. (swift-system's `stat()` and
    /// `Stat` initialisers return through a `Result<stat, Errno>`, whose
    /// generic metadata a static `bridgectl read` would build at start-up for
    /// this alone: about 0.2 M instructions. These three wrappers call the C
    /// functions directly.)
    func status() throws -> Stat {
        var status = CInterop.Stat()
        _ = try retryingOnInterrupt { fstat(rawValue, &status) }
        return Stat(rawValue: status)
    }

    /// Flushes the file's data and metadata (or a directory's entries) to storage.
    ///
    /// The corresponding C function is `fsync`.
    package func sync() throws {
        _ = try retryingOnInterrupt { fsync(rawValue) }
    }

    /// Writes all of `bytes` at `offset`, without moving the file offset.
    ///
    /// The corresponding C function is `pwrite`, repeated until every byte is written.
    func write(_ bytes: [UInt8], atOffset offset: Int64) throws {
        var written = 0
        while written < bytes.count {
            let count = try bytes.withUnsafeBytes { buffer in
                try retryingOnInterrupt {
                    positionalWrite(rawValue, buffer.baseAddress! + written, buffer.count - written, off_t(offset) + off_t(written))
                }
            }
            // A write that makes no progress would loop for ever: report it as the I/O error it is.
            guard count > 0 else { throw Errno.ioError }
            written += count
        }
    }

    /// Flushes the file's data, and only the metadata needed to read it back
    /// (not its times), to storage.
    ///
    /// The corresponding C function is `fdatasync`.
    func syncData() throws {
        _ = try retryingOnInterrupt { fdatasync(rawValue) }
    }

    /// Sets the permission bits of the open file.
    ///
    /// The corresponding C function is `fchmod`.
    func setPermissions(_ permissions: FilePermissions) throws {
        _ = try retryingOnInterrupt { fchmod(rawValue, permissions.rawValue) }
    }

    /// Waits for an exclusive advisory lock on the open file. The lock belongs
    /// to the open file description and is released when it is closed.
    ///
    /// The corresponding C function is `flock(LOCK_EX)`.
    func lockExclusively() throws {
        _ = try retryingOnInterrupt { flock(rawValue, LOCK_EX) }
    }

    /// Renames `name` to `newName`, both in this directory, replacing whatever
    /// `newName` was (a symbolic link is replaced, not followed).
    ///
    /// The corresponding C function is `renameat`.
    func renameEntry(named name: String, to newName: String) throws {
        _ = try retryingOnInterrupt { renameat(rawValue, name, rawValue, newName) }
    }

    /// Removes the entry `name` (not a directory) from this directory.
    ///
    /// The corresponding C function is `unlinkat`.
    func unlinkEntry(named name: UnsafePointer<CChar>) throws {
        _ = try retryingOnInterrupt { unlinkat(rawValue, name, 0) }
    }

    /// Removes the entry `name` (not a directory) from this directory.
    ///
    /// The corresponding C function is `unlinkat`.
    func unlinkEntry(named name: String) throws {
        try name.withCString { try unlinkEntry(named: $0) }
    }

    /// Calls `body` with the name of every entry of this directory except
    /// `.` and `..`, from the start of the directory. The names are
    /// NUL-terminated bytes, valid only during the call.
    ///
    /// The corresponding C functions are `lseek` and `getdents64`.
    package func forEachEntry(_ body: (UnsafePointer<CChar>) throws -> Void) throws {
        _ = try seek(offset: 0, from: .start)
        let bufferSize = 32 * 1024
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: bufferSize, alignment: 8)
        defer { buffer.deallocate() }
        // struct linux_dirent64: inode (8), offset (8), record length (2), type (1), name.
        let recordLengthOffset = 16, nameOffset = 19
        while true {
            let filled = try retryingOnInterrupt { CLinux_readDirectoryEntries(rawValue, buffer, UInt(bufferSize)) }
            if filled == 0 { return }
            var record = 0
            while record + nameOffset < filled {
                let length = Int(buffer.load(fromByteOffset: record + recordLengthOffset, as: UInt16.self))
                guard length > nameOffset, record + length <= filled else { throw Errno.ioError }
                let name = (buffer + record + nameOffset).assumingMemoryBound(to: CChar.self)
                let isDotOrDotDot = name[0] == 0x2E && (name[1] == 0 || (name[1] == 0x2E && name[2] == 0))
                if !isDotOrDotDot { try body(name) }
                record += length
            }
        }
    }
}

extension FilePath {
    /// Creates this directory with `permissions`.
    ///
    /// The corresponding C function is `mkdir`.
    /// - Throws: `Errno` on failure, `.fileExists` if something is already there.
    func makeDirectory(permissions: FilePermissions) throws {
        _ = try withPlatformString { path in
            try retryingOnInterrupt { mkdir(path, permissions.rawValue) }
        }
    }
}
#endif
