import SystemPackage

// The platform layer: what SecureBridge needs of the operating system, as
// small internal protocols, each with the Linux implementation that ships
// (`Linux/`). Nothing else in the core imports Glibc or a C shim, so a port
// replaces the files of `Linux/` and the compiler names every requirement
// left unmet; docs/PORTING.md says what an Apple implementation provides for
// each. The two other seams: the crypto backend (`Crypto/CryptoBackend.swift`,
// a package trait) and a long-lived reader's wake-ups (`WakeUpSource`, in
// SecureBridgeFollow, whose Linux implementation is inotify).
//
// Beside the protocols, `Linux/` provides a few functions the compiler asks
// a port for by name: `linkStatus(atPath:)` and `symbolicLinkTarget(atPath:)`
// (the ancestor walk), `workingDirectory()`, `executableDirectory()` (the
// translations), `effectiveUserID()`,
// `currentBootID()` (the publish cursor), `PlatformSecureMemory.wipe`
// (the CryptoKit backend's wipe) and `KernelRandom.fill` (the OpenSSL
// backend's random bytes).

/// A directory held open, whose entries are reached relative to it and never
/// through a symbolic link: the places' files, and their temporary files.
protocol DirectoryEntries {
    /// Opens `name` in this directory (Linux: `openat`).
    func openFile(
        named name: String, _ mode: FileDescriptor.AccessMode, options: FileDescriptor.OpenOptions,
        permissions: FilePermissions?
    ) throws -> FileDescriptor
    /// The status of `name` itself, a link included (Linux: `fstatat`, no follow).
    func statusOfEntry(named name: String) throws -> Stat
    /// Replaces `newName` with `name` in one step (Linux: `renameat`).
    func renameEntry(named name: String, to newName: String) throws
    /// Removes the file `name` (Linux: `unlinkat`).
    func unlinkEntry(named name: String) throws
    /// Calls `body` with each entry's name but `.` and `..` (Linux: `getdents64`).
    func forEachEntry(_ body: (UnsafePointer<CChar>) throws -> Void) throws
}

/// Writes that have reached storage when the call returns: what makes each
/// step of an app-side command durable (docs/SECURITY.md, "App side").
protocol DurableWrites {
    /// Writes all of `bytes` at `offset`, whatever the file position (Linux: `pwrite`).
    func write(_ bytes: [UInt8], atOffset offset: Int64) throws
    /// The file's data and metadata, or a directory's entries, on storage
    /// (Linux: `fsync`; Apple: `fcntl(F_FULLFSYNC)`, as `fsync` stops at the drive's cache).
    func sync() throws
    /// The file's data on storage (Linux: `fdatasync`; Apple: `F_FULLFSYNC`).
    func syncData() throws
}

/// One open file's owner, mode and type, and its mode set.
protocol FileStatus {
    /// The open file's status (Linux: `fstat`).
    func status() throws -> Stat
    /// Sets the open file's mode (Linux: `fchmod`).
    func setPermissions(_ permissions: FilePermissions) throws
}

/// The lock every writer of a place takes: exclusive, across processes,
/// released when the descriptor is closed (Linux: `flock(LOCK_EX)`).
protocol ExclusiveLock {
    func lockExclusively() throws
}

extension FileDescriptor: DirectoryEntries, DurableWrites, FileStatus, ExclusiveLock {}

/// What a process that handles keys and passcodes asks of the system before
/// it touches one: no core file, no same-user debugger (Linux: `RLIMIT_CORE`
/// 0 and `prctl(PR_SET_DUMPABLE, 0)`; an Apple app has its sandbox and the
/// hardened runtime instead).
protocol ProcessProtection {
    /// Protects the process, or throws, and the caller stops before reading a secret.
    static func protectSecrets() throws
    /// Whether another process of the user could still dump or attach to this one.
    static var isDumpable: Bool { get }
}

extension ProcessHardening: ProcessProtection {}
