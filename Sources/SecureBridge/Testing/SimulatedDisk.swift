import SecureBridge
import SystemPackage

/// The state of a ``SimulatedPlatform``'s storage: every file, directory and
/// link, each with what the page cache holds and what storage holds.
/// A value: the recording replays its changes on a copy.
struct SimulatedDisk: Sendable {
    /// What one node holds.
    enum Content: Sendable, Equatable {
        case file([UInt8])
        case directory([String: Int])
        case symbolicLink(String)
    }

    /// A file, directory or link, by its inode number.
    struct Node: Sendable {
        /// What a process sees now.
        var content: Content
        var permissions: FilePermissions
        var owner: UserID
        /// What storage holds: what a power cut leaves.
        var durableContent: Content
        var durablePermissions: FilePermissions
        var durableOwner: UserID
        /// The logical time of the last change, as the modification time.
        var modified: Int

        init(_ content: Content, permissions: FilePermissions, owner: UserID, modified: Int) {
            self.content = content
            self.permissions = permissions
            self.owner = owner
            // A new node is on storage as an empty one of its kind.
            switch content {
            case .file: durableContent = .file([])
            case .directory: durableContent = .directory([:])
            case .symbolicLink: durableContent = content
            }
            durablePermissions = permissions
            durableOwner = owner
            self.modified = modified
        }

        /// The node after a power cut: what storage held.
        var durable: Node {
            var node = self
            node.content = durableContent
            node.permissions = durablePermissions
            node.owner = durableOwner
            return node
        }
    }

    /// One change, by inode numbers, as the recording replays it.
    enum Change: Sendable {
        case add(parent: Int, name: String, inode: Int, Content, permissions: FilePermissions, owner: UserID)
        case write(inode: Int, offset: Int64, bytes: [UInt8])
        case truncate(inode: Int)
        case setPermissions(inode: Int, FilePermissions)
        case setOwner(inode: Int, UserID)
        case rename(directory: Int, name: String, newName: String)
        case unlink(directory: Int, name: String)
        case sync(inode: Int)
        case syncData(inode: Int)
        case writeBack
        /// A store's item at `name` in `parent` replaced by a new file `inode` holding `bytes`, or removed for `nil`, on storage at once.
        case replaceItem(parent: Int, name: String, inode: Int, bytes: [UInt8]?, owner: UserID)
    }

    /// The root directory's inode number.
    static let root = 1

    var nodes: [Int: Node]
    var nextInode: Int
    var clock: Int

    /// A disk holding only `/`, owned by root, mode 0755, on storage.
    init() {
        nodes = [Self.root: Node(.directory([:]), permissions: [.ownerReadWriteExecute, .groupReadExecute, .otherReadExecute], owner: UserID(rawValue: 0), modified: 0)]
        nextInode = Self.root + 1
        clock = 0
    }

    /// Applies `change` to what a process sees and, for a sync, to storage.
    mutating func apply(_ change: Change) {
        clock += 1
        switch change {
        case let .add(parent, name, inode, content, permissions, owner):
            nodes[inode] = Node(content, permissions: permissions, owner: owner, modified: clock)
            nextInode = max(nextInode, inode + 1)
            updateEntries(of: parent) { $0[name] = inode }
        case let .write(inode, offset, bytes):
            guard case .file(var data) = nodes[inode]?.content else { return }
            let end = Int(offset) + bytes.count
            if data.count < end { data += [UInt8](repeating: 0, count: end - data.count) }
            data.replaceSubrange(Int(offset)..<end, with: bytes)
            nodes[inode]?.content = .file(data)
            nodes[inode]?.modified = clock
        case let .truncate(inode):
            nodes[inode]?.content = .file([])
            nodes[inode]?.modified = clock
        case let .setPermissions(inode, permissions):
            nodes[inode]?.permissions = permissions
        case let .setOwner(inode, owner):
            nodes[inode]?.owner = owner
        case let .rename(directory, name, newName):
            updateEntries(of: directory) { entries in
                guard let inode = entries[name], name != newName else { return }
                entries[newName] = inode
                entries[name] = nil
            }
        case let .unlink(directory, name):
            updateEntries(of: directory) { $0[name] = nil }
        case let .sync(inode):
            guard let node = nodes[inode] else { return }
            nodes[inode]?.durableContent = node.content
            nodes[inode]?.durablePermissions = node.permissions
            nodes[inode]?.durableOwner = node.owner
        case let .syncData(inode):
            guard let node = nodes[inode], case .file = node.content else { return }
            nodes[inode]?.durableContent = node.content
        case .writeBack:
            for inode in nodes.keys { apply(.sync(inode: inode)) }
        case let .replaceItem(parent, name, inode, bytes, owner):
            if let bytes {
                var node = Node(.file(bytes), permissions: [.ownerReadWrite], owner: owner, modified: clock)
                node.durableContent = node.content
                nodes[inode] = node
                nextInode = max(nextInode, inode + 1)
            }
            let entry = bytes == nil ? nil : inode
            updateEntries(of: parent) { $0[name] = entry }
            if case .directory(var durable) = nodes[parent]?.durableContent {
                durable[name] = entry
                nodes[parent]?.durableContent = .directory(durable)
            }
        }
    }

    private mutating func updateEntries(of directory: Int, _ update: (inout [String: Int]) -> Void) {
        guard case .directory(var entries) = nodes[directory]?.content else { return }
        update(&entries)
        nodes[directory]?.content = .directory(entries)
        nodes[directory]?.modified = clock
    }

    /// What storage holds after a power cut: every node reachable from `/`
    /// through entries on storage, as storage holds it.
    var afterPowerCut: SimulatedDisk {
        var disk = self
        disk.nodes = [:]
        var pending = [Self.root]
        while let inode = pending.popLast() {
            guard disk.nodes[inode] == nil, let node = nodes[inode] else { continue }
            disk.nodes[inode] = node.durable
            if case .directory(let entries) = node.durableContent { pending += entries.values }
        }
        return disk
    }

    /// How many directory entries name `inode` (a file's link count).
    func linkCount(of inode: Int) -> Int {
        var count = 0
        for node in nodes.values {
            if case .directory(let entries) = node.content {
                for child in entries.values where child == inode { count += 1 }
            }
        }
        return count
    }
}
