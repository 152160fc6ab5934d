import Synchronization
public import SecureBridge
public import SystemPackage

/// A `BridgePlatform` whose file system is in memory and knows what is
/// durable: for each file the bytes a process reads and the bytes storage
/// holds, for each directory its entries and the entries storage holds.
///
/// A file's bytes reach storage at its `fsync` or `fdatasync`, its mode at
/// its `fsync`; a directory's entries (a create, a rename, an unlink, a
/// `mkdir`) at the directory's `fsync`. Every operation that changes what is
/// or will be on storage is recorded in order (``operations``), and
/// ``crashState(afterOperation:model:bootIdentifier:)`` materialises what a power cut after
/// any of them leaves, as a new platform to open the home on again: under
/// a model of what survives (``SimulatedCrashModel``), whose every allowed
/// state for ext4 `data=ordered` or pessimistic POSIX
/// ``crashModels(afterOperation:family:limit:seed:)`` lists.
///
/// The rest of a file system is simulated as far as SecureBridge relies on
/// it: owners (``effectiveUserID``; `/` belongs to root), permission bits
/// (stored and reported, not enforced, and no umask), symbolic links
/// (followed on the way, refused last with `O_NOFOLLOW`: `ELOOP`, or
/// `ENOTDIR` with `O_DIRECTORY`, as on Linux), exclusive locks
/// held per open file description across every process using the same
/// platform, and a boot identifier. A lock held by another description
/// fails with `.resourceTemporarilyUnavailable` rather than wait, since one
/// thread simulating two processes would wait for ever.
///
/// Nothing here touches the machine's disk. All operations are thread-safe.
public final class SimulatedPlatform: BridgePlatform {
    /// The user every process of this platform acts as.
    public let effectiveUserID: UserID
    /// This boot's identifier.
    public let bootIdentifier: String?
    /// Where relative paths start.
    private let workingDirectoryPath: String
    private let state: Mutex<State>

    fileprivate struct OpenDescription: Sendable {
        var inode: Int
        var access: FileDescriptor.AccessMode
        var position: Int
        /// The path it was opened by, for the recording.
        var path: String
    }

    fileprivate struct State: Sendable {
        /// What the file system holds now.
        var disk: SimulatedDisk
        /// What it held when this platform was made: where replays start.
        var initial: SimulatedDisk
        var operations: [SimulatedOperation] = []
        var open: [Int32: OpenDescription] = [:]
        var locks: [Int: Int32] = [:]
        var nextHandle: Int32 = 3
        var losesDirectorySyncs = false
    }

    /// Where replays start and what happened since, for the crash models.
    var recording: (initial: SimulatedDisk, operations: [SimulatedOperation], nextInode: Int) {
        state.withLock { ($0.initial, $0.operations, $0.disk.nextInode) }
    }

    /// What the file system holds now.
    var currentDisk: SimulatedDisk { state.withLock { $0.disk } }

    /// An empty file system, holding only `/` (owned by root, mode 0755).
    /// - Parameters:
    ///   - userID: The user every process acts as.
    ///   - bootIdentifier: This boot's identifier, hex digits and dashes; `nil` for none.
    ///   - workingDirectory: Where relative paths start.
    public convenience init(
        userID: UserID = UserID(rawValue: 501),
        bootIdentifier: String? = "00000000-0000-4000-8000-000000000001",
        workingDirectory: String = "/"
    ) {
        self.init(disk: SimulatedDisk(), userID: userID, bootIdentifier: bootIdentifier, workingDirectory: workingDirectory)
    }

    /// A platform whose directory syncs do nothing: a deliberately broken
    /// file system, or a core that forgot them, for a test to prove it sees
    /// what a missing directory sync loses.
    /// - Parameter losingDirectorySyncs: Whether `fsync` of a directory is
    ///   accepted and ignored (recorded nowhere, storage unchanged).
    public convenience init(losingDirectorySyncs: Bool) {
        self.init()
        state.withLock { $0.losesDirectorySyncs = losingDirectorySyncs }
    }

    init(disk: SimulatedDisk, userID: UserID, bootIdentifier: String?, workingDirectory: String) {
        self.effectiveUserID = userID
        self.bootIdentifier = bootIdentifier
        self.workingDirectoryPath = workingDirectory
        self.state = Mutex(State(disk: disk, initial: disk))
    }

    // MARK: - The recording and power cuts

    /// Every operation that changed what is, or will be, on storage, since
    /// this platform was made, oldest first.
    public var operations: [SimulatedOperation] {
        state.withLock { $0.operations }
    }

    /// What a power cut right after the first `count` operations of
    /// ``operations`` leaves on storage, as a new platform (of the same user,
    /// in a new boot) whose files are that state and nothing else, all of it
    /// on storage, with no file open and an empty recording.
    /// - Parameters:
    ///   - count: How many operations happened before the cut, from 0 to `operations.count`.
    ///   - model: What survives the cut.
    ///   - bootIdentifier: The new boot's identifier; by default one made from `count`.
    /// - Returns: The platform after the cut.
    public func crashState(
        afterOperation count: Int, model: SimulatedCrashModel = .onlySynced, bootIdentifier: String? = nil
    ) -> SimulatedPlatform {
        let disk = state.withLock { state in
            precondition((0...state.operations.count).contains(count), "a power cut comes after an operation that happened")
            var disk = state.initial
            for operation in state.operations.prefix(count) { disk.apply(operation.change) }
            return disk
        }
        let digits = String(UInt64(count), radix: 16)
        let boot = bootIdentifier ?? "00000000-0000-4000-8001-" + String(repeating: "0", count: max(0, 12 - digits.count)) + digits
        let afterCut: SimulatedDisk
        switch model {
        case .onlySynced:
            afterCut = disk.afterPowerCut
        case .ext4Ordered, .pessimistic:
            afterCut = SimulatedCrash(recording: recording, count: count).disk(for: model)
        }
        return SimulatedPlatform(disk: afterCut, userID: effectiveUserID, bootIdentifier: boot, workingDirectory: workingDirectoryPath)
    }

    /// Replaces the file at `path` by one holding `bytes`, or removes it for
    /// `nil`, as a store outside the file system keeps an item (the Secret
    /// Service's keyring database, the iOS Keychain): atomically and durably,
    /// in one operation of the recording that every later crash state holds
    /// and that orders nothing else (``SimulatedOperation/Kind/replaceItem(bytes:)``).
    /// A test's keychain store writes its items with it, so the power-loss
    /// states include a cut between two item writes but never inside one.
    /// - Parameters:
    ///   - path: The item's file; its directory must exist and be on storage.
    ///   - bytes: The item's new bytes, or `nil` to delete it (deleting what is not there is no error).
    /// - Throws: `Errno`: `.noSuchFileOrDirectory` or `.notDirectory` for the way to it, `.isDirectory` when a directory is at `path`.
    public func replaceItem(atPath path: String, with bytes: [UInt8]?) throws(Errno) {
        let path = absolute(path)
        try state.withLock { (state) throws(Errno) in
            let (parent, name, existing) = try state.locate(path, followingLast: false)
            if let existing, state.isDirectory(existing) { throw Errno.isDirectory }
            guard bytes != nil || existing != nil else { return }
            state.record(
                .replaceItem(bytes: bytes),
                change: .replaceItem(parent: parent, name: name, inode: state.disk.nextInode, bytes: bytes, owner: effectiveUserID),
                path: path)
        }
    }

    /// Writes everything the page cache holds to storage, as a kernel does
    /// within seconds of a change: after it, a power cut loses nothing done so far.
    public func writeBack() {
        state.withLock { $0.record(.writeBack, change: .writeBack, path: "") }
    }

    // MARK: - Looking and arranging, for tests

    /// The bytes a process reads from the file at `path` (links followed), or
    /// `nil` when there is no file there.
    public func contents(ofFile path: String) -> [UInt8]? {
        state.withLock { state in
            guard let inode = try? state.locate(absolute(path), followingLast: true).inode,
                case .file(let bytes) = state.disk.nodes[inode]?.content
            else { return nil }
            return bytes
        }
    }

    /// The names in the directory at `path` (links followed), sorted, or `nil`
    /// when there is no directory there.
    public func entries(ofDirectory path: String) -> [String]? {
        state.withLock { state in
            guard let inode = try? state.locate(absolute(path), followingLast: true).inode,
                case .directory(let entries) = state.disk.nodes[inode]?.content
            else { return nil }
            return entries.keys.sorted()
        }
    }

    /// Makes a symbolic link at `path` (its parent must exist) to `target`, as written.
    /// - Throws: `Errno`: `.fileExists` when something is at `path`.
    public func createSymbolicLink(atPath path: String, target: String) throws(Errno) {
        try state.withLock { (state) throws(Errno) in
            let place = try state.locate(absolute(path), followingLast: false)
            guard place.inode == nil else { throw Errno.fileExists }
            let inode = state.disk.nextInode
            state.record(
                .createSymbolicLink(target: target),
                change: .add(parent: place.parent, name: place.name, inode: inode, .symbolicLink(target), permissions: FilePermissions(rawValue: 0o777), owner: effectiveUserID),
                path: path)
        }
    }

    /// Gives the entry at `path` (not followed) to `owner`.
    public func setOwner(_ owner: UserID, ofPath path: String) throws(Errno) {
        try state.withLock { (state) throws(Errno) in
            guard let inode = try state.locate(absolute(path), followingLast: false).inode else {
                throw Errno.noSuchFileOrDirectory
            }
            state.record(.setOwner(owner), change: .setOwner(inode: inode, owner), path: path)
        }
    }

    /// Sets the permission bits of the entry at `path` (not followed).
    public func setPermissions(_ permissions: FilePermissions, ofPath path: String) throws(Errno) {
        try state.withLock { (state) throws(Errno) in
            guard let inode = try state.locate(absolute(path), followingLast: false).inode else {
                throw Errno.noSuchFileOrDirectory
            }
            state.record(.setPermissions(permissions), change: .setPermissions(inode: inode, permissions), path: path)
        }
    }

    // MARK: - BridgePlatform: paths

    public func workingDirectory() -> String? {
        workingDirectoryPath
    }

    public func openDirectory(at path: FilePath) throws(Errno) -> PlatformHandle {
        let path = absolute(path.string)
        return try state.withLock { (state) throws(Errno) in
            guard let inode = try state.locate(path, followingLast: false).inode else {
                throw Errno.noSuchFileOrDirectory
            }
            // As Linux: `O_DIRECTORY` refuses a link as it refuses a file, with `ENOTDIR`.
            guard state.isDirectory(inode) else { throw Errno.notDirectory }
            return state.open(inode, .readOnly, path: path)
        }
    }

    public func makeDirectory(at path: FilePath, permissions: FilePermissions) throws(Errno) {
        let path = absolute(path.string)
        try state.withLock { (state) throws(Errno) in
            let place = try state.locate(path, followingLast: false)
            guard place.inode == nil else { throw Errno.fileExists }
            state.record(
                .makeDirectory(permissions: permissions),
                change: .add(parent: place.parent, name: place.name, inode: state.disk.nextInode, .directory([:]), permissions: permissions, owner: effectiveUserID),
                path: path)
        }
    }

    public func linkStatus(atPath path: String) throws(Errno) -> Stat {
        let path = absolute(path)
        return try state.withLock { (state) throws(Errno) in
            guard let inode = try state.locate(path, followingLast: false).inode else { throw Errno.noSuchFileOrDirectory }
            return state.status(of: inode)
        }
    }

    public func symbolicLinkTarget(atPath path: String) throws(Errno) -> String {
        let path = absolute(path)
        return try state.withLock { (state) throws(Errno) in
            guard let inode = try state.locate(path, followingLast: false).inode else { throw Errno.noSuchFileOrDirectory }
            guard case .symbolicLink(let target) = state.disk.nodes[inode]!.content else { throw Errno.invalidArgument }
            return target
        }
    }

    // MARK: - BridgePlatform: entries of an open directory

    public func openFile(
        named name: String, in directory: PlatformHandle, _ mode: FileDescriptor.AccessMode,
        options: FileDescriptor.OpenOptions, permissions: FilePermissions?
    ) throws(Errno) -> PlatformHandle {
        try state.withLock { (state) throws(Errno) in
            let parent = try state.directory(directory)
            let path = parent.path + "/" + name
            var inode = try state.entry(name, in: parent.inode)
            if let existing = inode {
                if options.contains(.create) && options.contains(.exclusiveCreate) { throw Errno.fileExists }
                if case .symbolicLink = state.disk.nodes[existing]!.content {
                    if options.contains(.noFollow) {
                        // As Linux: `O_DIRECTORY` answers before `O_NOFOLLOW`.
                        throw options.contains(.directory) ? Errno.notDirectory : Errno.tooManySymbolicLinkLevels
                    }
                    inode = try state.locate(path, followingLast: true).inode
                    guard inode != nil else { throw Errno.noSuchFileOrDirectory }
                }
            } else {
                guard options.contains(.create) else { throw Errno.noSuchFileOrDirectory }
                let new = state.disk.nextInode
                let permissions = permissions ?? FilePermissions(rawValue: 0)
                state.record(
                    .create(permissions: permissions),
                    change: .add(parent: parent.inode, name: name, inode: new, .file([]), permissions: permissions, owner: effectiveUserID),
                    path: path)
                inode = new
            }
            let opened = inode!
            switch state.disk.nodes[opened]!.content {
            case .directory:
                if mode != .readOnly { throw Errno.isDirectory }
            case .file:
                if options.contains(.directory) { throw Errno.notDirectory }
                if options.contains(.truncate), mode != .readOnly {
                    state.record(.truncate, change: .truncate(inode: opened), path: path)
                }
            case .symbolicLink:
                throw Errno.tooManySymbolicLinkLevels
            }
            return state.open(opened, mode, path: path)
        }
    }

    public func statusOfEntry(named name: String, in directory: PlatformHandle) throws(Errno) -> Stat {
        try state.withLock { (state) throws(Errno) in
            guard let inode = try state.entry(name, in: state.directory(directory).inode) else {
                throw Errno.noSuchFileOrDirectory
            }
            return state.status(of: inode)
        }
    }

    public func renameEntry(named name: String, to newName: String, in directory: PlatformHandle) throws(Errno) {
        try state.withLock { (state) throws(Errno) in
            let parent = try state.directory(directory)
            guard let source = try state.entry(name, in: parent.inode) else { throw Errno.noSuchFileOrDirectory }
            if let target = try state.entry(newName, in: parent.inode), target != source {
                let sourceIsDirectory = state.isDirectory(source), targetIsDirectory = state.isDirectory(target)
                if targetIsDirectory && !sourceIsDirectory { throw Errno.isDirectory }
                if sourceIsDirectory && !targetIsDirectory { throw Errno.notDirectory }
            }
            state.record(
                .rename(to: newName), change: .rename(directory: parent.inode, name: name, newName: newName),
                path: parent.path + "/" + name)
        }
    }

    public func unlinkEntry(named name: UnsafePointer<CChar>, in directory: PlatformHandle) throws(Errno) {
        let name = String(cString: name)
        try state.withLock { (state) throws(Errno) in
            let parent = try state.directory(directory)
            guard let inode = try state.entry(name, in: parent.inode) else { throw Errno.noSuchFileOrDirectory }
            if state.isDirectory(inode) { throw Errno.isDirectory }
            state.record(.unlink, change: .unlink(directory: parent.inode, name: name), path: parent.path + "/" + name)
        }
    }

    public func forEachEntry(in directory: PlatformHandle, _ body: (UnsafePointer<CChar>) throws -> Void) throws {
        // The names are copied first, so `body` may change the directory.
        let names = try state.withLock { (state) throws(Errno) -> [String] in
            let inode = try state.directory(directory).inode
            guard case .directory(let entries) = state.disk.nodes[inode]!.content else { throw Errno.notDirectory }
            return entries.keys.sorted()
        }
        for name in names { try name.withCString(body) }
    }

    // MARK: - BridgePlatform: open files

    public func read(_ file: PlatformHandle, into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
        try state.withLock { (state) throws(Errno) in
            guard var description = state.open[file.rawValue] else { throw Errno.badFileDescriptor }
            guard description.access != .writeOnly else { throw Errno.badFileDescriptor }
            guard case .file(let bytes) = state.disk.nodes[description.inode]!.content else { throw Errno.isDirectory }
            let count = max(0, min(buffer.count, bytes.count - description.position))
            if count > 0 {
                bytes.withUnsafeBytes { source in
                    buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: source[description.position..<(description.position + count)]))
                }
            }
            description.position += count
            state.open[file.rawValue] = description
            return count
        }
    }

    public func write(_ file: PlatformHandle, from buffer: UnsafeRawBufferPointer) throws(Errno) -> Int {
        try state.withLock { (state) throws(Errno) in
            guard let description = state.open[file.rawValue] else { throw Errno.badFileDescriptor }
            let count = try state.write(file, from: buffer, atOffset: Int64(description.position))
            state.open[file.rawValue]?.position += count
            return count
        }
    }

    public func write(_ file: PlatformHandle, from buffer: UnsafeRawBufferPointer, atOffset offset: Int64) throws(Errno) -> Int {
        try state.withLock { (state) throws(Errno) in try state.write(file, from: buffer, atOffset: offset) }
    }

    public func status(of file: PlatformHandle) throws(Errno) -> Stat {
        try state.withLock { (state) throws(Errno) in
            guard let description = state.open[file.rawValue] else { throw Errno.badFileDescriptor }
            return state.status(of: description.inode)
        }
    }

    public func setPermissions(_ permissions: FilePermissions, of file: PlatformHandle) throws(Errno) {
        try state.withLock { (state) throws(Errno) in
            guard let description = state.open[file.rawValue] else { throw Errno.badFileDescriptor }
            state.record(.setPermissions(permissions), change: .setPermissions(inode: description.inode, permissions), path: description.path)
        }
    }

    public func sync(_ handle: PlatformHandle) throws(Errno) {
        try state.withLock { (state) throws(Errno) in
            guard let description = state.open[handle.rawValue] else { throw Errno.badFileDescriptor }
            let isDirectory = state.isDirectory(description.inode)
            if isDirectory && state.losesDirectorySyncs { return }
            let kind: SimulatedOperation.Kind = isDirectory ? .syncDirectory : .sync
            state.record(kind, change: .sync(inode: description.inode), path: description.path)
        }
    }

    public func syncData(_ file: PlatformHandle) throws(Errno) {
        try state.withLock { (state) throws(Errno) in
            guard let description = state.open[file.rawValue] else { throw Errno.badFileDescriptor }
            guard !state.isDirectory(description.inode) else { throw Errno.invalidArgument }
            state.record(.syncData, change: .syncData(inode: description.inode), path: description.path)
        }
    }

    public func lockExclusively(_ file: PlatformHandle) throws(Errno) {
        try state.withLock { (state) throws(Errno) in
            guard let description = state.open[file.rawValue] else { throw Errno.badFileDescriptor }
            if let holder = state.locks[description.inode], holder != file.rawValue {
                throw Errno.resourceTemporarilyUnavailable
            }
            state.locks[description.inode] = file.rawValue
        }
    }

    public func close(_ handle: PlatformHandle) throws(Errno) {
        try state.withLock { (state) throws(Errno) in
            guard let description = state.open.removeValue(forKey: handle.rawValue) else { throw Errno.badFileDescriptor }
            if state.locks[description.inode] == handle.rawValue { state.locks[description.inode] = nil }
        }
    }

    /// How many handles are open: a test's check that nothing leaks.
    public var openHandleCount: Int {
        state.withLock { $0.open.count }
    }

    /// `path` made absolute against the working directory.
    private func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : workingDirectoryPath + "/" + path
    }
}

extension SimulatedPlatform.State {
    /// Applies `change` and records it as `kind` on `path`.
    mutating func record(_ kind: SimulatedOperation.Kind, change: SimulatedDisk.Change, path: String) {
        disk.apply(change)
        operations.append(SimulatedOperation(kind: kind, path: path, change: change))
    }

    /// A new open file description of `inode`.
    mutating func open(_ inode: Int, _ access: FileDescriptor.AccessMode, path: String) -> PlatformHandle {
        let handle = nextHandle
        nextHandle += 1
        open[handle] = SimulatedPlatform.OpenDescription(inode: inode, access: access, position: 0, path: path)
        return PlatformHandle(rawValue: handle)
    }

    /// The open directory behind `handle`.
    func directory(_ handle: PlatformHandle) throws(Errno) -> (inode: Int, path: String) {
        guard let description = open[handle.rawValue] else { throw Errno.badFileDescriptor }
        guard isDirectory(description.inode) else { throw Errno.notDirectory }
        return (description.inode, description.path)
    }

    /// The inode `name` names in `directory`, or `nil`.
    func entry(_ name: String, in directory: Int) throws(Errno) -> Int? {
        guard case .directory(let entries) = disk.nodes[directory]?.content else { throw Errno.notDirectory }
        return entries[name]
    }

    func isDirectory(_ inode: Int) -> Bool {
        if case .directory = disk.nodes[inode]?.content { return true }
        return false
    }

    /// Writes `buffer` at `offset` of the open file `file`.
    mutating func write(_ file: PlatformHandle, from buffer: UnsafeRawBufferPointer, atOffset offset: Int64) throws(Errno) -> Int {
        guard let description = open[file.rawValue] else { throw Errno.badFileDescriptor }
        guard description.access != .readOnly else { throw Errno.badFileDescriptor }
        guard !isDirectory(description.inode) else { throw Errno.isDirectory }
        guard offset >= 0 else { throw Errno.invalidArgument }
        record(.write(offset: offset, bytes: Array(buffer)), change: .write(inode: description.inode, offset: offset, bytes: Array(buffer)), path: description.path)
        return buffer.count
    }

    /// The status `fstat` would give of `inode`.
    func status(of inode: Int) -> Stat {
        let node = disk.nodes[inode]!
        var status = Stat(rawValue: CInterop.Stat())
        switch node.content {
        case .file(let bytes):
            status.type = .regular
            status.size = Int64(bytes.count)
            status.linkCount = disk.linkCount(of: inode)
        case .directory:
            status.type = .directory
            status.size = 4096
            status.linkCount = 2
        case .symbolicLink(let target):
            status.type = .symbolicLink
            status.size = Int64(target.utf8.count)
            status.linkCount = 1
        }
        status.permissions = node.permissions
        status.userID = node.owner
        status.inode = Inode(rawValue: numericCast(inode))
        status.deviceID = DeviceID(rawValue: 1)
        var modified = status.st_mtim
        modified.tv_sec = numericCast(1_700_000_000 + node.modified)
        status.st_mtim = modified
        return status
    }

    /// Where `path` (absolute) leads: the directory its last component is in,
    /// that name, and the inode it names (`nil` when absent). Links on the way
    /// are followed, the last one only when `followingLast`.
    /// - Throws: `.noSuchFileOrDirectory` or `.notDirectory` for a missing or
    ///   plain component on the way, `.tooManySymbolicLinkLevels` past 40 links.
    func locate(_ path: String, followingLast: Bool) throws(Errno) -> (parent: Int, name: String, inode: Int?) {
        var way = [SimulatedDisk.root]
        var pending = Array(path.split(separator: "/").map(String.init).reversed())
        var links = 0
        while let name = pending.popLast() {
            if name == "." { continue }
            if name == ".." {
                if way.count > 1 { way.removeLast() }
                continue
            }
            let directory = way.last!
            let isLast = pending.allSatisfy { $0 == "." }
            guard let child = try entry(name, in: directory) else {
                if isLast { return (directory, name, nil) }
                throw Errno.noSuchFileOrDirectory
            }
            if case .symbolicLink(let target) = disk.nodes[child]!.content, !isLast || followingLast {
                links += 1
                guard links <= 40 else { throw Errno.tooManySymbolicLinkLevels }
                if target.hasPrefix("/") { way = [SimulatedDisk.root] }
                pending += target.split(separator: "/").map(String.init).reversed()
                continue
            }
            if isLast { return (directory, name, child) }
            guard isDirectory(child) else { throw Errno.notDirectory }
            way.append(child)
        }
        // The path ends at a directory reached by `..`, a link, or `/` itself.
        return (way.count > 1 ? way[way.count - 2] : SimulatedDisk.root, "", way.last!)
    }
}
