package import SystemPackage

/// One storage place's directory, checked before every use.
///
/// The directory must be a real directory (not a symbolic link), owned by the
/// effective user, and closed to group and others as its `place` demands (see
/// `StoragePlace`). Every operation opens the directory again with `O_NOFOLLOW`,
/// re-checks it and works relative to that descriptor (`openat`, `renameat`,
/// `unlinkat`), so swapping the directory after the first check gains nothing;
/// a directory held open for one command (`heldOpen()`) is opened and
/// checked once, and all its operations work relative to that one descriptor.
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
    /// The checked descriptor every operation uses, while this directory is
    /// held open (`heldOpen()`); `nil` when each operation opens it anew.
    private let held: HeldDescriptor?

    init(path: FilePath, place: StoragePlace, platform: any BridgePlatform) {
        self.init(path: path, place: place, platform: platform, held: nil)
    }

    private init(path: FilePath, place: StoragePlace, platform: any BridgePlatform, held: HeldDescriptor?) {
        self.path = path
        self.place = place
        self.platform = platform
        self.held = held
    }

    /// Opens a place for writing, creating it (and missing parents) with mode 0700 first.
    ///
    /// Its ancestors are checked first (`checkAncestors`), before anything is
    /// created. An existing directory is checked, never repaired: a symbolic
    /// link, a non-directory, another owner or too-open permissions are refused.
    /// - Parameters:
    ///   - place: Which place this is.
    ///   - path: Where it is.
    ///   - platform: The platform it is on.
    /// - Returns: The checked directory.
    /// - Throws: `StorageError`.
    static func prepare(
        _ place: StoragePlace, at path: FilePath, on platform: any BridgePlatform
    ) throws -> SecureDirectory {
        let directory = SecureDirectory(path: path, place: place, platform: platform)
        try directory.checkAncestors()
        try directory.create()
        return directory
    }

    /// `prepare`'s second half, for a caller that has checked the ancestors:
    /// opens and checks the directory, creating it first if it is missing.
    /// - Returns: The directory held open (`heldOpen()`).
    @discardableResult
    package func create() throws -> SecureDirectory {
        if let existing = try heldOpen() { return existing }
        try makeDirectory(path)
        guard let directory = try heldOpen() else {
            throw StorageError(.io(path: path.string, operation: .open, errno: .noSuchFileOrDirectory))
        }
        return directory
    }

    /// This directory opened and checked once, for the span of one command:
    /// the copy returned (and its copies) use that one descriptor for every
    /// operation, and it is closed when the last of them is gone. Someone who
    /// swaps the directory meanwhile changes nothing for the command, as if
    /// the swap came just after it.
    /// - Returns: The held directory, or `nil` when it does not exist.
    /// - Throws: `StorageError` when it exists but is not safe to use.
    package func heldOpen() throws -> SecureDirectory? {
        if held != nil { return self }
        guard let descriptor = try openDirectory() else { return nil }
        return SecureDirectory(path: path, place: place, platform: platform, held: HeldDescriptor(descriptor))
    }

    /// Opens a place for writing under `home`, creating it if needed. See `prepare(_:at:)`.
    static func prepare(_ place: StoragePlace, in home: BridgeHome) throws -> SecureDirectory {
        try prepare(place, at: home.path(for: place), on: home.platform)
    }

    /// Opens a place for reading, creating nothing; its ancestors are checked
    /// first (`checkAncestors`).
    /// - Parameters:
    ///   - place: Which place this is.
    ///   - path: Where it is.
    ///   - platform: The platform it is on.
    /// - Returns: The checked directory, or `nil` when it does not exist.
    /// - Throws: `StorageError` when it exists but is not safe to use.
    package static func open(
        _ place: StoragePlace, at path: FilePath, on platform: any BridgePlatform
    ) throws -> SecureDirectory? {
        let directory = SecureDirectory(path: path, place: place, platform: platform)
        try directory.checkAncestors()
        guard let descriptor = try directory.openDirectory() else { return nil }
        try? descriptor.close()
        return directory
    }

    /// Opens a place for reading under `home`, creating nothing. See `open(_:at:)`.
    package static func open(_ place: StoragePlace, in home: BridgeHome) throws -> SecureDirectory? {
        try open(place, at: home.path(for: place), on: home.platform)
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
        let user = user ?? platform.effectiveUserID
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
    func openDirectory() throws -> OpenDirectory? {
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

    /// Runs `body` with the checked directory's descriptor; a missing directory
    /// is an error for `operation` on `name`.
    func withExistingDirectory<Result>(
        _ operation: StorageError.Operation, _ name: String, _ body: (OpenDirectory) throws -> Result
    ) throws -> Result {
        if let held { return try body(held.directory) }
        guard let descriptor = try openDirectory() else {
            throw StorageError(.io(path: path(of: name), operation: operation, errno: .noSuchFileOrDirectory))
        }
        defer { try? descriptor.close() }
        return try body(descriptor)
    }

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

/// A directory's descriptor, closed when the last `SecureDirectory` holding it is gone.
private final class HeldDescriptor: Sendable {
    let platform: any BridgePlatform
    let handle: PlatformHandle

    init(_ directory: OpenDirectory) {
        self.platform = directory.platform
        self.handle = directory.handle
    }

    var directory: OpenDirectory { OpenDirectory(platform: platform, handle: handle) }

    deinit {
        try? platform.close(handle)
    }
}
