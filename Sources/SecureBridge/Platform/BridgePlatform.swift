public import SystemPackage

/// An open file or directory of a ``BridgePlatform``, meaningful only to the platform that opened it.
public struct PlatformHandle: RawRepresentable, Hashable, Sendable {
    /// The platform's number for the open file (on Linux, the file descriptor).
    public let rawValue: Int32

    /// The handle numbered `rawValue`.
    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }
}

/// The file operations SecureBridge asks of the operating system, chosen per home
/// (`BridgeHome.platform`): the core reaches storage only through it (docs/PORTING.md).
///
/// Each requirement names the Linux call it stands for and must keep its semantics: the core's
/// safety rests on ``openDirectory(at:)`` and `.noFollow` refusing a symbolic link, on ``sync(_:)``
/// reaching storage, and on ``renameEntry(named:to:in:)`` replacing its target in one step.
/// Failures are the `Errno` Linux would set. An operation that returns must have done what it
/// says: the core never reads back what it wrote or renamed.
public protocol BridgePlatform: AnyObject, Sendable {
    // MARK: Identity

    /// The user this process acts as, who must own every place and file (Linux: `geteuid`).
    var effectiveUserID: UserID { get }

    /// An identifier that changes at every boot, or `nil` (Linux: `/proc/sys/kernel/random/boot_id`).
    var bootIdentifier: String? { get }

    /// The directory a relative path starts from, or `nil` when it cannot be named (Linux: `getcwd`).
    func workingDirectory() -> String?

    // MARK: Paths

    /// Opens the directory at `path` for reading its entries, refusing a symbolic link as its last
    /// component but following links on the way (Linux: `open` with
    /// `O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC`).
    /// - Throws: `Errno`: `.noSuchFileOrDirectory` when it or a directory on the way is absent;
    ///   `.notDirectory` for anything else, a symbolic link included.
    func openDirectory(at path: FilePath) throws(Errno) -> PlatformHandle

    /// Creates the directory `path` (Linux: `mkdir`).
    /// - Throws: `Errno`: `.fileExists` when something is there, a link included;
    ///   `.noSuchFileOrDirectory` for a missing parent; `.notDirectory` for a file on the way.
    func makeDirectory(at path: FilePath, permissions: FilePermissions) throws(Errno)

    /// The status of the entry at `path`, a symbolic link itself (Linux: `lstat`).
    /// - Throws: `Errno`: `.noSuchFileOrDirectory` when absent, `.notDirectory` for a file on the way.
    func linkStatus(atPath path: String) throws(Errno) -> Stat

    /// What the symbolic link at `path` points to, as written (Linux: `readlink`).
    /// - Throws: `Errno`: `.noSuchFileOrDirectory` when absent, `.invalidArgument` for anything but a link.
    func symbolicLinkTarget(atPath path: String) throws(Errno) -> String

    // MARK: Entries of an open directory

    /// Opens `name` in `directory` (Linux: `openat`); with `.create`, `permissions` are the new file's.
    /// - Throws: `Errno`: `.noSuchFileOrDirectory` when absent without `.create`; `.fileExists` for
    ///   any entry, a link included, with `.exclusiveCreate`; `.tooManySymbolicLinkLevels` for a link
    ///   with `.noFollow` (`.notDirectory` with `.directory` too); `.isDirectory` for a directory
    ///   opened for writing; `.notDirectory` for a file with `.directory`.
    func openFile(
        named name: String, in directory: PlatformHandle, _ mode: FileDescriptor.AccessMode,
        options: FileDescriptor.OpenOptions, permissions: FilePermissions?
    ) throws(Errno) -> PlatformHandle

    /// The status of `name` in `directory`, a link itself (Linux: `fstatat`, `AT_SYMLINK_NOFOLLOW`).
    /// - Throws: `Errno`: `.noSuchFileOrDirectory` when absent.
    func statusOfEntry(named name: String, in directory: PlatformHandle) throws(Errno) -> Stat

    /// Replaces `newName` with `name`, both in `directory`, in one step for every process; a link at
    /// `newName` is replaced, not followed (Linux: `renameat`), durably after ``sync(_:)`` of `directory`.
    /// - Throws: `Errno`: `.noSuchFileOrDirectory` when `name` is absent, `.isDirectory` for a
    ///   file over a directory, `.notDirectory` for a directory over a file.
    func renameEntry(named name: String, to newName: String, in directory: PlatformHandle) throws(Errno)

    /// Removes the entry `name`, not a directory, from `directory` (Linux: `unlinkat`).
    /// - Throws: `Errno`, `.isDirectory` for a directory.
    func unlinkEntry(named name: UnsafePointer<CChar>, in directory: PlatformHandle) throws(Errno)

    /// Calls `body` with each entry's NUL-terminated name but `.` and `..`, valid during the call; `body` may remove it (Linux: `getdents64`).
    /// - Throws: `Errno`, or what `body` throws.
    func forEachEntry(in directory: PlatformHandle, _ body: (UnsafePointer<CChar>) throws -> Void) throws

    // MARK: Open files

    /// Reads into `buffer` from the file position, moving it; returns the count, 0 at the end (Linux: `read`).
    /// - Throws: `Errno`: `.badFileDescriptor` for a handle opened write-only, `.isDirectory` for a directory.
    func read(_ file: PlatformHandle, into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int

    /// Writes from `buffer` at the file position, moving it; returns the count (Linux: `write`).
    /// - Throws: `Errno`: `.badFileDescriptor` for a handle opened read-only, a directory's included.
    func write(_ file: PlatformHandle, from buffer: UnsafeRawBufferPointer) throws(Errno) -> Int

    /// Writes from `buffer` at `offset`, leaving the file position alone; returns the count (Linux: `pwrite`).
    /// - Throws: `Errno`: `.badFileDescriptor` for a read-only handle, `.invalidArgument` for a negative offset.
    func write(_ file: PlatformHandle, from buffer: UnsafeRawBufferPointer, atOffset offset: Int64) throws(Errno) -> Int

    /// The open file's status (Linux: `fstat`).
    func status(of file: PlatformHandle) throws(Errno) -> Stat

    /// Sets the open file's permission bits (Linux: `fchmod`).
    func setPermissions(_ permissions: FilePermissions, of file: PlatformHandle) throws(Errno)

    /// Puts the file's data and metadata, or a directory's entries, on storage (Linux: `fsync`; Darwin:
    /// `fcntl(F_FULLFSYNC)`); `.invalidArgument` from a directory that cannot be synced is tolerated.
    func sync(_ handle: PlatformHandle) throws(Errno)

    /// Puts the file's data, and the metadata to read it back, on storage (Linux: `fdatasync`; Darwin: `F_FULLFSYNC`).
    func syncData(_ file: PlatformHandle) throws(Errno)

    /// Waits for an exclusive lock, held by the open file description until it is closed (Linux: `flock(LOCK_EX)`).
    func lockExclusively(_ file: PlatformHandle) throws(Errno)

    /// Closes the handle (Linux: `close`, never retried).
    func close(_ handle: PlatformHandle) throws(Errno)

    /// What a person unlocks when the store cannot be reached; ``KeychainUnlock/device`` unless the platform says otherwise.
    var keychainUnlock: KeychainUnlock { get }
}

/// What a person unlocks to let the widget reach the keychain again.
public enum KeychainUnlock: Sendable, Hashable {
    /// The device, whose keychain opens with it: "Unlock your device to see your accounts".
    case device
    /// The desktop's keyring (Secret Service): "Unlock your keyring to see your accounts".
    case keyring
}

extension BridgePlatform {
    /// The device, for a platform that does not say otherwise.
    public var keychainUnlock: KeychainUnlock { .device }
}
