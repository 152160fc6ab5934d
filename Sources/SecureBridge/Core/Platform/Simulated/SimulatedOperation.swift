import SystemPackage

/// One operation of a ``SimulatedPlatform`` that changes what is, or will be,
/// on its storage, in the order it happened: the recording a power-loss test
/// cuts at (``SimulatedPlatform/crashState(afterOperation:model:bootIdentifier:)``).
public struct SimulatedOperation: Sendable, Equatable, CustomStringConvertible {
    /// What the operation did.
    public enum Kind: Sendable, Equatable {
        /// `mkdir`: a new directory with these permissions.
        case makeDirectory(permissions: FilePermissions)
        /// `open` with `O_CREAT`: a new empty file with these permissions.
        case create(permissions: FilePermissions)
        /// A symbolic link made by the test itself.
        case createSymbolicLink(target: String)
        /// `write` or `pwrite` of `bytes` at `offset`.
        case write(offset: Int64, bytes: [UInt8])
        /// `open` with `O_TRUNC`: the file emptied.
        case truncate
        /// `fchmod`.
        case setPermissions(FilePermissions)
        /// A change of owner made by the test itself.
        case setOwner(UserID)
        /// `renameat` of the entry at `path` to `newName` in the same directory.
        case rename(to: String)
        /// `unlinkat`.
        case unlink
        /// `fsync` of a file: its data and metadata on storage.
        case sync
        /// `fdatasync` of a file: its data on storage.
        case syncData
        /// `fsync` of a directory: its entries on storage.
        case syncDirectory
        /// Everything in the page cache written back, as a kernel does within
        /// seconds (``SimulatedPlatform/writeBack()``).
        case writeBack
    }

    /// What the operation did.
    public let kind: Kind
    /// The path it was done to, as the process named it ("" for ``Kind/writeBack``).
    public let path: String
    /// The change to replay it with.
    let change: SimulatedDisk.Change

    public static func == (lhs: SimulatedOperation, rhs: SimulatedOperation) -> Bool {
        lhs.kind == rhs.kind && lhs.path == rhs.path
    }

    public var description: String {
        switch kind {
        case .makeDirectory(let permissions): return "mkdir \(path) \(permissions)"
        case .create(let permissions): return "create \(path) \(permissions)"
        case .createSymbolicLink(let target): return "symlink \(path) -> \(target)"
        case .write(let offset, let bytes): return "write \(path) at \(offset): \(bytes.count) bytes"
        case .truncate: return "truncate \(path)"
        case .setPermissions(let permissions): return "chmod \(path) \(permissions)"
        case .setOwner(let owner): return "chown \(path) \(owner.rawValue)"
        case .rename(let newName): return "rename \(path) -> \(newName)"
        case .unlink: return "unlink \(path)"
        case .sync: return "fsync \(path)"
        case .syncData: return "fdatasync \(path)"
        case .syncDirectory: return "fsync directory \(path)"
        case .writeBack: return "write back everything"
        }
    }
}

/// What survives a power cut on a ``SimulatedPlatform``.
///
/// More models can join this one (an ext4 `data=ordered` model, a chosen
/// subset of the unsynced operations, torn writes) without changing how a
/// test asks for a crash state.
public enum SimulatedCrashModel: Sendable, Equatable {
    /// The pessimistic model: only what was synced survives. A file's bytes
    /// are those of its last `fsync`/`fdatasync` (empty if it had none), a
    /// directory's entries those of its last `fsync`, a mode that of its
    /// file's last `fsync`; everything else was in the page cache and is lost.
    case onlySynced
}
