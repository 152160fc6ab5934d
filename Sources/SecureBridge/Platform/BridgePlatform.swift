public import SystemPackage

/// An open file or directory of a ``BridgePlatform``: the number the platform
/// gave it, meaningful only to that platform.
///
/// The core never calls the operating system with it: every operation on it
/// goes through the platform that opened it, so a second platform (a port,
/// or `SimulatedPlatform`) sees everything the core does.
public struct PlatformHandle: RawRepresentable, Hashable, Sendable {
    /// The platform's number for the open file (on Linux, the file descriptor).
    public let rawValue: Int32

    /// The handle numbered `rawValue`.
    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }
}

/// Everything SecureBridge asks of the operating system about files, in one
/// table of operations chosen per home (`BridgeHome.platform`), as SQLite's
/// VFS is chosen per database.
///
/// The core reaches storage only through the home's platform: directory
/// entries, durable writes and renames, file status, locks, the effective
/// user and the boot's identity. Two implementations ship: `LinuxPlatform`
/// (`.system` on Linux) and `SimulatedPlatform` (the `SecureBridgeTesting`
/// library), an
/// in-memory file system that knows which bytes and entries are durable. A
/// port brings its own (docs/PORTING.md lists what a Darwin one provides).
///
/// Each requirement names the Linux call it stands for and has its semantics:
/// the core's safety (SECURITY.md) rests on them, in particular on
/// ``openDirectory(at:)`` and `.noFollow` refusing a symbolic link, on
/// ``sync(_:)`` reaching storage, and on ``renameEntry(named:to:in:)``
/// replacing its target in one step. Failures are the `Errno` the operation
/// would set on Linux, which the core turns into its storage errors; a port
/// whose system answers otherwise where POSIX allows either answer returns
/// Linux's, so the core has one answer to handle.
/// `Tests/SecureBridgeTests/Platform/PlatformConformanceTests.swift` runs
/// every documented answer on `LinuxPlatform` and `SimulatedPlatform` alike.
///
/// A platform reports only what it did: an operation that returns has done
/// what its requirement says. The core does not read back what it wrote or
/// renamed, so a platform that reports a rename it did not make breaks the
/// contract, and a publish on it reports success for a snapshot nobody can read.
///
/// Process-wide needs that no home is at hand for stay functions of the
/// platform layer, not requirements here: the random bytes of the OpenSSL
/// backend (`getrandom`), the wipe of the CryptoKit backend
/// (`explicit_bzero`), the protection of a process that handles secrets
/// (no core dump, not dumpable), and where the translations are
/// (the executable's directory).
public protocol BridgePlatform: AnyObject, Sendable {
    // MARK: Identity

    /// The user this process acts as, who must own every place and file
    /// (Linux: `geteuid`).
    var effectiveUserID: UserID { get }

    /// An identifier that changes whenever the machine boots, or `nil` when the
    /// platform has none (Linux: `/proc/sys/kernel/random/boot_id`). Hex digits
    /// and dashes, at most 64 of them; anything else counts as unknown. A
    /// publish trusts its unsynced cursor only within one boot.
    var bootIdentifier: String? { get }

    /// The directory a relative path starts from, or `nil` when it cannot be
    /// named (Linux: `getcwd`).
    func workingDirectory() -> String?

    // MARK: Paths

    /// Opens the directory at `path` for reading its entries, refusing a
    /// symbolic link as its last component (Linux: `open` with
    /// `O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC`). Links on the way
    /// to it are followed.
    /// - Throws: `Errno`: `.noSuchFileOrDirectory` when it or a directory on
    ///   the way is absent; `.notDirectory` for anything that is not a
    ///   directory, a symbolic link included (Linux answers `ENOTDIR`, not
    ///   `ELOOP`, when `O_DIRECTORY` meets a link; a caller that must tell a
    ///   link from a file asks ``linkStatus(atPath:)``).
    func openDirectory(at path: FilePath) throws(Errno) -> PlatformHandle

    /// Creates the directory `path` (Linux: `mkdir`).
    /// - Throws: `Errno`: `.fileExists` when something is there (a link
    ///   included), `.noSuchFileOrDirectory` when its parent is missing,
    ///   `.notDirectory` when a file is on the way.
    func makeDirectory(at path: FilePath, permissions: FilePermissions) throws(Errno)

    /// The status of the entry at `path`, a symbolic link itself rather than
    /// its target (Linux: `lstat`).
    /// - Throws: `Errno`: `.noSuchFileOrDirectory` when absent, `.notDirectory`
    ///   when a file is on the way.
    func linkStatus(atPath path: String) throws(Errno) -> Stat

    /// What the symbolic link at `path` points to, as written (Linux: `readlink`).
    /// - Throws: `Errno`: `.noSuchFileOrDirectory` when absent, `.invalidArgument`
    ///   for anything but a link.
    func symbolicLinkTarget(atPath path: String) throws(Errno) -> String

    // MARK: Entries of an open directory

    /// Opens `name` in `directory` (Linux: `openat`). With `.noFollow`, a
    /// symbolic link fails with `.tooManySymbolicLinkLevels`, or with
    /// `.notDirectory` when `.directory` is asked too; with `.create`,
    /// `permissions` are the new file's.
    /// - Throws: `Errno`: `.noSuchFileOrDirectory` when absent without
    ///   `.create`; `.fileExists` for any entry, a link included, with
    ///   `.create` and `.exclusiveCreate`; `.isDirectory` for a directory
    ///   opened for writing; `.notDirectory` for a file with `.directory`.
    func openFile(
        named name: String, in directory: PlatformHandle, _ mode: FileDescriptor.AccessMode,
        options: FileDescriptor.OpenOptions, permissions: FilePermissions?
    ) throws(Errno) -> PlatformHandle

    /// The status of `name` in `directory`, a link itself (Linux: `fstatat`, `AT_SYMLINK_NOFOLLOW`).
    /// - Throws: `Errno`: `.noSuchFileOrDirectory` when absent.
    func statusOfEntry(named name: String, in directory: PlatformHandle) throws(Errno) -> Stat

    /// Replaces `newName` with `name`, both in `directory`, in one step; a link
    /// at `newName` is replaced, not followed (Linux: `renameat`).
    ///
    /// When it returns, `newName` names what `name` named and `name` is gone,
    /// for every process at once; after ``sync(_:)`` of `directory` that
    /// holds across a power cut. A platform that returns without renaming
    /// breaks the contract: the core takes the return as the rename done.
    /// - Throws: `Errno`: `.noSuchFileOrDirectory` when `name` is absent,
    ///   `.isDirectory` for a file over a directory, `.notDirectory` for a
    ///   directory over a file.
    func renameEntry(named name: String, to newName: String, in directory: PlatformHandle) throws(Errno)

    /// Removes the entry `name`, not a directory, from `directory` (Linux: `unlinkat`).
    /// - Throws: `Errno`, `.isDirectory` for a directory.
    func unlinkEntry(named name: UnsafePointer<CChar>, in directory: PlatformHandle) throws(Errno)

    /// Calls `body` with the name of every entry of `directory` but `.` and
    /// `..`, NUL-terminated and valid during the call only (Linux: `getdents64`).
    /// `body` may remove the entry it is shown.
    /// - Throws: `Errno`, or what `body` throws.
    func forEachEntry(in directory: PlatformHandle, _ body: (UnsafePointer<CChar>) throws -> Void) throws

    // MARK: Open files

    /// Reads into `buffer` from the file position, moving it (Linux: `read`).
    /// - Returns: The count read, 0 at the end.
    /// - Throws: `Errno`: `.badFileDescriptor` for a handle opened write-only,
    ///   `.isDirectory` for a directory.
    func read(_ file: PlatformHandle, into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int

    /// Writes from `buffer` at the file position, moving it (Linux: `write`).
    /// - Returns: The count written.
    /// - Throws: `Errno`: `.badFileDescriptor` for a handle opened read-only
    ///   (a directory's among them).
    func write(_ file: PlatformHandle, from buffer: UnsafeRawBufferPointer) throws(Errno) -> Int

    /// Writes from `buffer` at `offset`, leaving the file position alone (Linux: `pwrite`).
    /// - Returns: The count written.
    /// - Throws: `Errno`: `.badFileDescriptor` for a handle opened read-only,
    ///   `.invalidArgument` for a negative offset.
    func write(_ file: PlatformHandle, from buffer: UnsafeRawBufferPointer, atOffset offset: Int64) throws(Errno) -> Int

    /// The open file's status (Linux: `fstat`).
    func status(of file: PlatformHandle) throws(Errno) -> Stat

    /// Sets the open file's permission bits (Linux: `fchmod`).
    func setPermissions(_ permissions: FilePermissions, of file: PlatformHandle) throws(Errno)

    /// Puts the file's data and metadata, or a directory's entries, on storage
    /// before it returns (Linux: `fsync`; Darwin: `fcntl(F_FULLFSYNC)`, as its
    /// `fsync` stops at the drive's cache). `.invalidArgument` from a directory
    /// means the file system cannot sync one, and is tolerated.
    func sync(_ handle: PlatformHandle) throws(Errno)

    /// Puts the file's data, and the metadata needed to read it back, on storage
    /// (Linux: `fdatasync`; Darwin: `F_FULLFSYNC`).
    func syncData(_ file: PlatformHandle) throws(Errno)

    /// Waits for an exclusive lock on the open file, held by its open file
    /// description across processes and released when it is closed
    /// (Linux: `flock(LOCK_EX)`).
    func lockExclusively(_ file: PlatformHandle) throws(Errno)

    /// Closes the handle (Linux: `close`, never retried).
    func close(_ handle: PlatformHandle) throws(Errno)

    /// What a person unlocks when the keychain's store cannot be reached: the
    /// words of the `keychain-unavailable` placeholder. ``KeychainUnlock/device``
    /// unless the platform says otherwise (Linux's desktop keyring says
    /// ``KeychainUnlock/keyring``).
    var keychainUnlock: KeychainUnlock { get }
}

/// What a person unlocks to let the widget reach the keychain again, as the
/// `keychain-unavailable` placeholder names it in each language.
public enum KeychainUnlock: Sendable, Hashable {
    /// The device, whose keychain opens with it (an Apple platform's):
    /// "Unlock your device to see your accounts".
    case device
    /// The desktop's keyring (the Secret Service's collection):
    /// "Unlock your keyring to see your accounts".
    case keyring
}

extension BridgePlatform {
    /// The device, for a platform that does not say otherwise.
    public var keychainUnlock: KeychainUnlock { .device }
}
