import SecureBridge
public import SystemPackage

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
        /// An item of a store outside the file system (a keyring daemon's
        /// database) replaced by `bytes`, or deleted for `nil`, atomically and
        /// durably in one step (``SimulatedPlatform/replaceItem(atPath:with:)``):
        /// no crash state holds part of it, and every state after it holds it.
        case replaceItem(bytes: [UInt8]?)
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
        case .replaceItem(let bytes?): return "store item \(path): \(bytes.count) bytes, atomic and durable"
        case .replaceItem(nil): return "store item \(path) deleted, atomic and durable"
        }
    }
}

/// What survives a power cut on a ``SimulatedPlatform``.
///
/// Each case is one crash state: which of the operations before the cut
/// reached storage. ``SimulatedPlatform/crashModels(afterOperation:family:limit:seed:)``
/// lists the states a file system may legally leave under each documented
/// model (``SimulatedCrashFamily``); operations are numbered by their place
/// in ``SimulatedPlatform/operations``.
public enum SimulatedCrashModel: Sendable, Hashable, CustomStringConvertible {
    /// The pessimistic model: only what was synced survives. A file's bytes
    /// are those of its last `fsync`/`fdatasync` (empty if it had none), a
    /// directory's entries those of its last `fsync`, a mode that of its
    /// file's last `fsync`; everything else was in the page cache and is lost.
    case onlySynced

    /// ext4 with `data=ordered` (Linux's default): the journal committed the
    /// first `journaledMetadata` metadata operations (creates, `mkdir`s,
    /// renames, unlinks, truncates, mode changes), in order, and at least
    /// every one before the last sync of any file or directory; a file's data
    /// is that of its last `fsync`/`fdatasync`, and for the unsynced data
    /// operations listed in `unsyncedDataKept` (each file's whole or none of
    /// it), what the process wrote.
    case ext4Ordered(journaledMetadata: Int, unsyncedDataKept: Set<Int>)

    /// Pessimistic POSIX: what an `fsync`/`fdatasync` of a file (its data and
    /// mode) or an `fsync` of a directory (its entries) made durable, plus the
    /// operations listed in `keeping`, any subset of the rest; each write in
    /// `tears` reached storage only on one side of a 512-byte boundary.
    case pessimistic(keeping: Set<Int>, tears: Set<SimulatedTear>)

    public var description: String {
        func list(_ operations: Set<Int>) -> String { "[" + operations.sorted().map(String.init).joined(separator: ",") + "]" }
        switch self {
        case .onlySynced:
            return "only-synced"
        case let .ext4Ordered(journaled, kept):
            return "ext4-ordered(metadata: \(journaled), unsynced data kept: \(list(kept)))"
        case let .pessimistic(keeping, tears):
            let torn = tears.sorted { $0.operation < $1.operation }.map(\.description).joined(separator: ",")
            return "pessimistic(kept: \(list(keeping))" + (tears.isEmpty ? ")" : ", torn: [\(torn)])")
        }
    }
}

/// A write that a power cut tore at a sector boundary: only the part before
/// `boundary` (its first `boundary` bytes) or only the part after it reached storage.
public struct SimulatedTear: Sendable, Hashable, CustomStringConvertible {
    /// The write's number in ``SimulatedPlatform/operations``.
    public var operation: Int
    /// Where, in bytes from the start of the write, it tore; a file offset that is a multiple of 512.
    public var boundary: Int
    /// Whether the part before the boundary survived (else the part after it).
    public var keepsFirstPart: Bool

    /// A tear of operation `operation` at `boundary`, keeping one side.
    public init(operation: Int, boundary: Int, keepsFirstPart: Bool) {
        self.operation = operation
        self.boundary = boundary
        self.keepsFirstPart = keepsFirstPart
    }

    public var description: String {
        "\(operation)\(keepsFirstPart ? "<" : ">")\(boundary)"
    }
}

/// A documented model of what a file system may leave after a power cut,
/// whose every allowed state ``SimulatedPlatform/crashModels(afterOperation:family:limit:seed:)`` lists.
public enum SimulatedCrashFamily: String, Sendable, CaseIterable {
    /// ext4 `data=ordered`: metadata persists in order, as a prefix of the
    /// journal; unsynced data may be missing (see ``SimulatedCrashModel/ext4Ordered(journaledMetadata:unsyncedDataKept:)``).
    case ext4Ordered = "ext4-ordered"
    /// Pessimistic POSIX: only synced things are guaranteed, any subset of
    /// the rest survives, writes tear at 512 bytes (see ``SimulatedCrashModel/pessimistic(keeping:tears:)``).
    case pessimistic
}
