#if os(Linux)
public import SecureBridgePlatform
internal import CLinux
public import SystemPackage

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The operating system's ``/SecureBridgePlatform/BridgePlatform`` on Linux: each requirement is its system call.
public final class LinuxPlatform: BridgePlatform {
    static let shared = LinuxPlatform()

    private init() {}

    /// `geteuid`, asked once: SecureBridge never changes its user.
    public var effectiveUserID: UserID { Self.processUserID }

    private static let processUserID = UserID(rawValue: geteuid())

    /// `/proc/sys/kernel/random/boot_id` without its newline, read once; `nil` when absent.
    public var bootIdentifier: String? { Self.bootID }

    private static let bootID: String? = {
        let descriptor = open("/proc/sys/kernel/random/boot_id", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { _ = closeDescriptor(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = buffer.withUnsafeMutableBytes { readDescriptor(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count].prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
    }()

    /// `getcwd`.
    public func workingDirectory() -> String? {
        guard let directory = getcwd(nil, 0) else { return nil }
        defer { free(directory) }
        return String(cString: directory)
    }

    /// `open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)`: a link answers `ENOTDIR`.
    public func openDirectory(at path: FilePath) throws(Errno) -> PlatformHandle {
        let flags = O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC
        return PlatformHandle(rawValue: try succeeded(path.withPlatformString { path in
            resultOrNegatedErrno { open(path, flags) }
        }))
    }

    /// `mkdir`.
    public func makeDirectory(at path: FilePath, permissions: FilePermissions) throws(Errno) {
        _ = try succeeded(path.withPlatformString { path in
            resultOrNegatedErrno { mkdir(path, permissions.rawValue) }
        })
    }

    /// `lstat`.
    public func linkStatus(atPath path: String) throws(Errno) -> Stat {
        var status = CInterop.Stat()
        _ = try retryingOnInterrupt { lstat(path, &status) }
        return Stat(rawValue: status)
    }

    /// `readlink`.
    public func symbolicLinkTarget(atPath path: String) throws(Errno) -> String {
        var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = buffer.withUnsafeMutableBufferPointer { pointer in
            pointer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: pointer.count) {
                readlink(path, $0, pointer.count)
            }
        }
        guard count >= 0 else { throw Errno(rawValue: errno) }
        return String(decoding: buffer[..<count], as: UTF8.self)
    }

    /// `openat`.
    public func openFile(
        named name: String, in directory: PlatformHandle, _ mode: FileDescriptor.AccessMode,
        options: FileDescriptor.OpenOptions, permissions: FilePermissions?
    ) throws(Errno) -> PlatformHandle {
        let flags = mode.rawValue | options.rawValue
        let descriptor = try retryingOnInterrupt {
            openat(directory.rawValue, name, flags, permissions?.rawValue ?? 0)
        }
        return PlatformHandle(rawValue: descriptor)
    }

    /// `fstatat(..., AT_SYMLINK_NOFOLLOW)`.
    public func statusOfEntry(named name: String, in directory: PlatformHandle) throws(Errno) -> Stat {
        var status = CInterop.Stat()
        _ = try retryingOnInterrupt { fstatat(directory.rawValue, name, &status, AT_SYMLINK_NOFOLLOW) }
        return Stat(rawValue: status)
    }

    /// `renameat`.
    public func renameEntry(named name: String, to newName: String, in directory: PlatformHandle) throws(Errno) {
        _ = try retryingOnInterrupt { renameat(directory.rawValue, name, directory.rawValue, newName) }
    }

    /// `unlinkat`.
    public func unlinkEntry(named name: UnsafePointer<CChar>, in directory: PlatformHandle) throws(Errno) {
        _ = try retryingOnInterrupt { unlinkat(directory.rawValue, name, 0) }
    }

    /// `lseek` to the start, then `getdents64` until the end.
    public func forEachEntry(in directory: PlatformHandle, _ body: (UnsafePointer<CChar>) throws -> Void) throws {
        _ = try retryingOnInterrupt { lseek(directory.rawValue, 0, SEEK_SET) }
        let bufferSize = 32 * 1024
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: bufferSize, alignment: 8)
        defer { buffer.deallocate() }
        // struct linux_dirent64: inode (8), offset (8), record length (2), type (1), name.
        let recordLengthOffset = 16, nameOffset = 19
        while true {
            let filled = try retryingOnInterrupt {
                CLinux_readDirectoryEntries(directory.rawValue, buffer, UInt(bufferSize))
            }
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

    /// `read`.
    public func read(_ file: PlatformHandle, into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
        try retryingOnInterrupt { readDescriptor(file.rawValue, buffer.baseAddress, buffer.count) }
    }

    /// `write`.
    public func write(_ file: PlatformHandle, from buffer: UnsafeRawBufferPointer) throws(Errno) -> Int {
        try retryingOnInterrupt { writeDescriptor(file.rawValue, buffer.baseAddress, buffer.count) }
    }

    /// `pwrite`.
    public func write(
        _ file: PlatformHandle, from buffer: UnsafeRawBufferPointer, atOffset offset: Int64
    ) throws(Errno) -> Int {
        try retryingOnInterrupt { pwrite(file.rawValue, buffer.baseAddress, buffer.count, off_t(offset)) }
    }

    /// `fstat`.
    public func status(of file: PlatformHandle) throws(Errno) -> Stat {
        var status = CInterop.Stat()
        _ = try retryingOnInterrupt { fstat(file.rawValue, &status) }
        return Stat(rawValue: status)
    }

    /// `fchmod`.
    public func setPermissions(_ permissions: FilePermissions, of file: PlatformHandle) throws(Errno) {
        _ = try retryingOnInterrupt { fchmod(file.rawValue, permissions.rawValue) }
    }

    /// `fsync`.
    public func sync(_ handle: PlatformHandle) throws(Errno) {
        _ = try retryingOnInterrupt { fsync(handle.rawValue) }
    }

    /// `fdatasync`.
    public func syncData(_ file: PlatformHandle) throws(Errno) {
        _ = try retryingOnInterrupt { fdatasync(file.rawValue) }
    }

    /// `flock(LOCK_EX)`.
    public func lockExclusively(_ file: PlatformHandle) throws(Errno) {
        _ = try retryingOnInterrupt { flock(file.rawValue, LOCK_EX) }
    }

    /// The keyring: on the Linux desktop the keychain's store that locks is the Secret Service's.
    public var keychainUnlock: KeychainUnlock { .keyring }

    /// `close`, not retried: on Linux the descriptor is gone even when it fails.
    public func close(_ handle: PlatformHandle) throws(Errno) {
        guard closeDescriptor(handle.rawValue) != -1 else { throw Errno(rawValue: errno) }
    }
}

extension BridgePlatform where Self == LinuxPlatform {
    /// The operating system's platform: what a home uses unless told otherwise.
    public static var system: LinuxPlatform { LinuxPlatform.shared }
}

/// Calls `body` until it stops failing with `EINTR`; throws the `Errno` of any other -1.
private func retryingOnInterrupt<Result: BinaryInteger>(_ body: () -> Result) throws(Errno) -> Result {
    while true {
        let result = body()
        if result != -1 { return result }
        let error = Errno(rawValue: errno)
        if error != .interrupted { throw error }
    }
}

/// `body`'s result, retried on `EINTR`, or its negated `errno`: a plain `CInt`, not a generic `Result`.
private func resultOrNegatedErrno(_ body: () -> CInt) -> CInt {
    while true {
        let result = body()
        if result != -1 { return result }
        if errno != EINTR { return -errno }
    }
}

/// `resultOrNegatedErrno`'s value, or its `Errno` thrown.
private func succeeded(_ result: CInt) throws(Errno) -> CInt {
    guard result >= 0 else { throw Errno(rawValue: -result) }
    return result
}

// `read`, `write` and `close` by names that the methods of `LinuxPlatform` do not hide.
private func readDescriptor(_ descriptor: CInt, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

private func writeDescriptor(_ descriptor: CInt, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}

private func closeDescriptor(_ descriptor: CInt) -> CInt {
    close(descriptor)
}

extension FileDescriptor {
    /// `fsync`, for a tool that writes a file of its own.
    package func sync() throws {
        try LinuxPlatform.shared.sync(PlatformHandle(rawValue: rawValue))
    }
}
#endif
