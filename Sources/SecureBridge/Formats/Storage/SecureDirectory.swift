package import SystemPackage

/// One storage place's directory, checked before every use.
///
/// The directory must be a real directory (not a symbolic link), owned by the
/// effective user, and closed to group and others as its `place` demands (see
/// `StoragePlace`). Every operation works relative to a checked descriptor
/// (`openat`, `renameat`, `unlinkat`), so swapping the directory after the
/// check gains nothing.
///
/// There are four ways in, each with its own job:
/// - `BridgeHome.checkedDirectories(_:)`: the ways to several places checked
///   together (ancestors, no overlap), for a command or a read that uses them all;
/// - `BridgeHome.open(_:creatingIfMissing:)`: one place alone, its way checked,
///   then held open;
/// - `heldOpen(creatingIfMissing:)`: the directory opened and checked once and
///   held for one command or read, every operation then using that descriptor;
/// - `withDirectory(_:)`: the descriptor for one operation, the held one or one
///   opened for it.
///
/// File names are single path components that do not start with a dot; dot
/// names are reserved for temporary files (`.<name>.tmp-<hex>`) and the lock (`.lock`).
package struct SecureDirectory: Sendable {
    /// Where the directory is.
    package let path: FilePath
    /// Which place it is, which decides how strict the checks are.
    package let place: StoragePlace
    /// The platform every operation goes through: the home's.
    package let platform: any BridgePlatform
    /// The checked descriptor every operation uses while this directory is
    /// held open; `nil` when each operation opens it anew.
    private let held: HeldDescriptor?

    package init(path: FilePath, place: StoragePlace, platform: any BridgePlatform) {
        self.init(path: path, place: place, platform: platform, held: nil)
    }

    private init(path: FilePath, place: StoragePlace, platform: any BridgePlatform, held: HeldDescriptor?) {
        self.path = path
        self.place = place
        self.platform = platform
        self.held = held
    }

    /// This directory opened and checked once, for the span of one command or
    /// read: the copy returned (and its copies) use that one descriptor, and
    /// the effective user id asked once, for every operation; the descriptor is
    /// closed when the last of them is gone. Someone who swaps the directory
    /// meanwhile changes nothing, as if the swap came just after.
    ///
    /// The caller has checked the ancestors (`BridgeHome.checkedDirectories`).
    /// - Parameter creatingIfMissing: Whether a missing directory is made
    ///   first, with its missing parents (mode 0700, each made durable). An
    ///   existing one is checked, never repaired.
    /// - Returns: The held directory, or `nil` when it does not exist (and was not to be made).
    /// - Throws: `StorageError` when it exists but is not safe to use.
    package func heldOpen(creatingIfMissing: Bool = false) throws -> SecureDirectory? {
        if held != nil { return self }
        if let descriptor = try openDirectory() { return holding(descriptor) }
        guard creatingIfMissing else { return nil }
        try makeDirectory(path)
        guard let descriptor = try openDirectory() else {
            throw StorageError(.io(path: path.string, operation: .open, errno: .noSuchFileOrDirectory))
        }
        return holding(descriptor)
    }

    private func holding(_ descriptor: OpenDirectory) -> SecureDirectory {
        SecureDirectory(
            path: path, place: place, platform: platform,
            held: HeldDescriptor(descriptor, user: platform.effectiveUserID))
    }

    /// The full path of `name` in this directory, for messages.
    package func path(of name: String) -> String {
        path.string + "/" + name
    }
}

// MARK: - Checks shared by the file operations

extension SecureDirectory {
    /// The longest file name accepted, leaving room for the temporary-file suffix.
    static let maximumNameLength = 200

    /// Refuses names that are not one plain path component.
    func checkName(_ name: String) throws {
        let bytes = name.utf8
        guard !bytes.isEmpty, bytes.count <= Self.maximumNameLength,
            bytes.first != UInt8(ascii: "."),
            !bytes.contains(UInt8(ascii: "/")), !bytes.contains(0)
        else {
            throw StorageError(.invalidName(path: path(of: name)))
        }
    }

    /// Refuses a file or directory not owned by the effective user, open to
    /// group or others beyond what this place allows, or closed to its owner
    /// (a file it may not read, a directory it may not search).
    /// - Parameter user: The effective user id, when the caller already asked for it.
    func checkOwnerAndPermissions(_ status: Stat, path: String, isDirectory: Bool, user: UserID? = nil) throws {
        let user = user ?? self.user
        guard status.userID == user else {
            throw StorageError(.wrongOwner(path: path, owner: status.userID.rawValue, expected: user.rawValue))
        }
        let mode = UInt32(status.permissions.rawValue) & 0o7777
        guard mode & place.forbiddenPermissions == 0 else {
            throw StorageError(.insecurePermissions(path: path, mode: mode, isDirectory: isDirectory))
        }
        // What a reader needs of its own: read a file, search a directory
        // (docs/SPEC.md 3.2). Checked by the mode, not left to `EACCES`, so
        // root, whom the kernel lets in anyway, refuses the same homes.
        guard mode & (isDirectory ? 0o100 : 0o400) != 0 else {
            throw StorageError(.closedToOwner(path: path, mode: mode, isDirectory: isDirectory))
        }
    }

    /// Refuses anything but a regular file with one link, owned by the
    /// effective user and closed to group and others as this place demands.
    ///
    /// A link count of zero is accepted: it means a writer renamed a new
    /// version over the file after it was opened, and what was opened is still
    /// the complete old version.
    func checkFile(_ status: Stat, path: String, user: UserID? = nil) throws {
        guard status.type == .regular else {
            throw status.type == .symbolicLink
                ? StorageError(.symbolicLink(path: path)) : StorageError(.notRegularFile(path: path))
        }
        try checkOwnerAndPermissions(status, path: path, isDirectory: false, user: user)
        guard status.linkCount <= 1 else {
            throw StorageError(.hardLinked(path: path, linkCount: status.linkCount))
        }
    }

    /// Runs `body`, turning an `Errno` into `StorageError.io` for `operation` on `path`.
    func attempt<Result>(_ operation: StorageError.Operation, _ path: String, _ body: () throws -> Result) throws -> Result {
        do {
            return try body()
        } catch let error as Errno {
            throw StorageError(.io(path: path, operation: operation, errno: error))
        }
    }
}

// MARK: - The directory descriptor

extension SecureDirectory {
    /// Opens and checks the directory.
    /// - Returns: Its descriptor, or `nil` when it does not exist.
    private func openDirectory() throws -> OpenDirectory? {
        let descriptor: OpenDirectory
        do {
            descriptor = OpenDirectory(platform: platform, handle: try platform.openDirectory(at: path))
        } catch Errno.noSuchFileOrDirectory {
            return nil
        } catch {
            // A link answers `.notDirectory` as a file does (`BridgePlatform.openDirectory`): ask which.
            if error == .notDirectory, let status = try? platform.linkStatus(atPath: path.string) {
                if status.type == .symbolicLink { throw StorageError(.symbolicLink(path: path.string)) }
                if status.type != .directory { throw StorageError(.notDirectory(path: path.string)) }
            }
            throw StorageError(.io(path: path.string, operation: .open, errno: error))
        }
        do {
            let status = try attempt(.inspect, path.string) { try descriptor.status() }
            guard status.type == .directory else { throw StorageError(.notDirectory(path: path.string)) }
            try checkOwnerAndPermissions(status, path: path.string, isDirectory: true)
            return descriptor
        } catch {
            try? descriptor.close()
            throw error
        }
    }

    /// Runs `body` with the checked directory's descriptor: the held one, or
    /// one opened for `body` and closed afterwards.
    /// - Returns: `body`'s result, or `nil` when the directory does not exist.
    package func withDirectory<Result>(_ body: (OpenDirectory) throws -> Result) throws -> Result? {
        if let held { return try body(held.directory) }
        guard let descriptor = try openDirectory() else { return nil }
        defer { try? descriptor.close() }
        return try body(descriptor)
    }

    /// The effective user id files here must belong to: asked once while held.
    var user: UserID { held?.user ?? platform.effectiveUserID }

    /// Makes the directory's entries durable (after a rename or an unlink).
    /// File systems that cannot sync directories (`EINVAL`) are tolerated.
    func syncDirectory(_ descriptor: OpenDirectory) throws {
        do {
            try descriptor.sync()
        } catch Errno.invalidArgument {
            return
        } catch {
            throw StorageError(.io(path: path.string, operation: .sync, errno: error))
        }
    }

    /// Creates `path` and its missing parents with mode 0700, each made
    /// durable (its parent synced) before anything is put in it, so a power
    /// cut cannot lose a place whose files were synced; existing ones are left alone.
    func makeDirectory(_ path: FilePath) throws {
        let parent = path.removingLastComponent()
        do {
            try platform.makeDirectory(at: path, permissions: .ownerReadWriteExecute)
        } catch Errno.fileExists {
            return
        } catch Errno.noSuchFileOrDirectory {
            guard !parent.isEmpty, parent != path else {
                throw StorageError(.io(path: path.string, operation: .create, errno: .noSuchFileOrDirectory))
            }
            try makeDirectory(parent)
            do {
                try platform.makeDirectory(at: path, permissions: .ownerReadWriteExecute)
            } catch Errno.fileExists {
                return
            } catch {
                throw StorageError(.io(path: path.string, operation: .create, errno: error))
            }
        } catch {
            throw StorageError(.io(path: path.string, operation: .create, errno: error))
        }
        try syncNewEntry(in: parent.isEmpty ? FilePath(platform.workingDirectory() ?? ".") : parent)
    }

    /// Makes the entry just created in the directory `parent` durable (`fsync`
    /// of the directory). A parent that cannot be opened to sync it (no read
    /// permission) or a file system that cannot sync directories (`EINVAL`)
    /// is tolerated: the entry then lasts as that file system keeps it.
    private func syncNewEntry(in parent: FilePath) throws {
        guard let handle = try openToSync(parent) else { return }
        defer { try? platform.close(handle) }
        do {
            try platform.sync(handle)
        } catch Errno.invalidArgument {
            return
        } catch {
            throw StorageError(.io(path: parent.string, operation: .sync, errno: error))
        }
    }

    /// The directory `parent` opened to sync an entry made in it, or `nil`
    /// when it may not be read.
    ///
    /// A `parent` that is a symbolic link (`~/.local/share` kept by GNU
    /// stow) is where the entry went only through the link: `mkdir` made it
    /// in the link's target, so that is the directory synced. Its path is
    /// resolved as `checkAncestors` resolves a place's ancestors (`PathWalk`,
    /// every link followed, this one included) and opened like any other,
    /// never through a link. The directory holding the link is not synced:
    /// none of its entries changed. A parent swapped again between the walk
    /// and the open is left unsynced: a sync of the wrong directory loses
    /// only durability, and the place itself is checked when it is opened.
    private func openToSync(_ parent: FilePath) throws -> PlatformHandle? {
        do {
            return try platform.openDirectory(at: parent)
        } catch Errno.permissionDenied {
            return nil
        } catch Errno.notDirectory where isSymbolicLink(parent) {
            let target = FilePath(PathWalk.absolutePath(
                try PathWalk.components(of: parent, on: platform, visiting: .everything)))
            do {
                return try platform.openDirectory(at: target)
            } catch Errno.permissionDenied, Errno.notDirectory {
                return nil
            } catch {
                throw StorageError(.io(path: target.string, operation: .sync, errno: error))
            }
        } catch {
            throw StorageError(.io(path: parent.string, operation: .sync, errno: error))
        }
    }

    /// Whether the entry at `path` is a symbolic link itself.
    private func isSymbolicLink(_ path: FilePath) -> Bool {
        (try? platform.linkStatus(atPath: path.string).type) == .symbolicLink
    }
}

/// A directory's checked descriptor and the user its files must belong to,
/// closed when the last `SecureDirectory` holding it is gone.
private final class HeldDescriptor: Sendable {
    let directory: OpenDirectory
    let user: UserID

    init(_ directory: OpenDirectory, user: UserID) {
        self.directory = directory
        self.user = user
    }

    deinit {
        try? directory.close()
    }
}
