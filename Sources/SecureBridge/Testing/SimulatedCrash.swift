import SecureBridge
import SystemPackage

extension SimulatedPlatform {
    /// The crash states `family` allows after the first `count` operations of
    /// ``operations``, each as the model to pass to
    /// ``crashState(afterOperation:model:bootIdentifier:)``.
    ///
    /// When there are at most `limit` of them, every one is listed. Otherwise
    /// `limit` are: first extremes, up to half of them (nothing unsynced
    /// kept, everything kept, unsynced operations alone or left out alone),
    /// then a sample drawn with `seed`, so the same seed lists the same states.
    /// - Parameters:
    ///   - count: How many operations happened before the cut.
    ///   - family: The model whose states to list.
    ///   - limit: The most states to list.
    ///   - seed: The seed of the sample.
    /// - Returns: Distinct models, at most `limit`, at least one.
    public func crashModels(
        afterOperation count: Int, family: SimulatedCrashFamily, limit: Int, seed: UInt64
    ) -> [SimulatedCrashModel] {
        let crash = SimulatedCrash(recording: recording, count: count)
        var generator = SplitMix64(seed: seed ^ (UInt64(count) &* 0x9E37_79B9_7F4A_7C15))
        switch family {
        case .ext4Ordered: return crash.ext4Models(limit: max(1, limit), using: &generator)
        case .pessimistic: return crash.pessimisticModels(limit: max(1, limit), using: &generator)
        }
    }

    /// A value equal for two platforms whose files, directories and links
    /// (as a process sees them) are the same, within one process: a test's
    /// way to skip a crash state it has already checked.
    public var storageSignature: Int {
        var hasher = Hasher()
        currentDisk.hashTree(from: SimulatedDisk.root, into: &hasher)
        return hasher.finalize()
    }
}

/// The operations before a power cut, each with what makes it durable, and
/// the crash states built from a choice of them.
struct SimulatedCrash {
    /// What an operation is to a crash model.
    enum Role: Equatable {
        /// `fsync` (of a file or a directory), `fdatasync`, a write-back: it changes nothing of its own.
        case barrier
        /// A write or a truncate of the file `inode`: its data.
        case data(inode: Int)
        /// A mode or owner change of `inode`.
        case nodeMetadata(inode: Int)
        /// A create, `mkdir`, rename or unlink in the directory `inode`.
        case entry(directory: Int)
        /// A store's item replaced or deleted: durable by itself, ordering nothing else.
        case durable
    }

    let initial: SimulatedDisk
    let operations: [SimulatedOperation]
    let nextInode: Int
    let roles: [Role]
    /// For each rename, the inode its old name named when it ran.
    let renamedInodes: [Int: Int]
    /// The operations a sync of its own (file data, mode, directory entries) made durable before the cut.
    let syncedForPOSIX: Set<Int>
    /// The data operations synced before the cut, and the store items (durable at once), for ext4.
    let syncedData: Set<Int>
    /// The metadata operations (entries, modes, truncates), in order, for ext4's journal.
    let metadata: [Int]
    /// How many of `metadata` a sync of anything committed before the cut.
    let journaledMetadata: Int

    init(recording: (initial: SimulatedDisk, operations: [SimulatedOperation], nextInode: Int), count: Int) {
        initial = recording.initial
        operations = Array(recording.operations.prefix(count))
        nextInode = recording.nextInode
        var disk = recording.initial
        var roles: [Role] = []
        var renamed: [Int: Int] = [:]
        for (index, operation) in operations.enumerated() {
            switch operation.change {
            case .add(let parent, _, _, _, _, _): roles.append(.entry(directory: parent))
            case .write(let inode, _, _), .truncate(let inode): roles.append(.data(inode: inode))
            case .setPermissions(let inode, _), .setOwner(let inode, _): roles.append(.nodeMetadata(inode: inode))
            case .rename(let directory, let name, _):
                roles.append(.entry(directory: directory))
                if case .directory(let entries) = disk.nodes[directory]?.content { renamed[index] = entries[name] }
            case .unlink(let directory, _): roles.append(.entry(directory: directory))
            case .sync, .syncData, .writeBack: roles.append(.barrier)
            case .replaceItem: roles.append(.durable)
            }
            disk.apply(operation.change)
        }
        self.roles = roles
        renamedInodes = renamed

        // Walk back from the cut: what each later sync covers.
        var synced = Set<Int>(), dataSynced = Set<Int>(), wroteBack = false
        var posix = Set<Int>(), data = Set<Int>()
        var lastBarrier = -1
        for index in operations.indices.reversed() {
            switch operations[index].change {
            case .sync(let inode): synced.insert(inode); dataSynced.insert(inode)
            case .syncData(let inode): dataSynced.insert(inode)
            case .writeBack: wroteBack = true
            default: break
            }
            if roles[index] == .barrier, lastBarrier < 0 { lastBarrier = index }
            switch roles[index] {
            case .barrier: break
            case .durable: posix.insert(index); data.insert(index)
            case .data(let inode):
                if wroteBack || dataSynced.contains(inode) { posix.insert(index); data.insert(index) }
            case .nodeMetadata(let inode), .entry(let inode):
                if wroteBack || synced.contains(inode) { posix.insert(index) }
            }
        }
        syncedForPOSIX = posix
        syncedData = data
        let operations = operations
        let metadata = operations.indices.filter { Self.isMetadata(operations[$0].change, role: roles[$0]) }
        self.metadata = metadata
        journaledMetadata = metadata.count { $0 < lastBarrier }
    }

    /// Whether ext4 journals `change`: everything but a write's data.
    static func isMetadata(_ change: SimulatedDisk.Change, role: Role) -> Bool {
        if case .write = change { return false }
        return role != .barrier && role != .durable
    }

    // MARK: Listing the states

    /// ext4 `data=ordered`: every journal prefix from the last commit on,
    /// times every choice of files whose unsynced data landed.
    func ext4Models(limit: Int, using generator: inout SplitMix64) -> [SimulatedCrashModel] {
        var filesData: [Int: Set<Int>] = [:]
        for index in operations.indices where !syncedData.contains(index) {
            if case .write(let inode, _, _) = operations[index].change { filesData[inode, default: []].insert(index) }
        }
        let files = filesData.keys.sorted().map { filesData[$0]! }
        let prefixes = Array(journaledMetadata...metadata.count)
        var models: [SimulatedCrashModel] = []
        var seen = Set<SimulatedCrashModel>()
        func add(_ journaled: Int, _ chosen: [Bool]) {
            var kept = Set<Int>()
            for (file, keep) in zip(files, chosen) where keep { kept.formUnion(file) }
            let model = SimulatedCrashModel.ext4Ordered(journaledMetadata: journaled, unsyncedDataKept: kept)
            if models.count < limit, seen.insert(model).inserted { models.append(model) }
        }
        let choices = files.count < 20 ? 1 << files.count : Int.max
        if choices <= limit / prefixes.count {
            for journaled in prefixes {
                for mask in 0..<choices { add(journaled, files.indices.map { mask & (1 << $0) != 0 }) }
            }
            return models
        }
        for journaled in prefixes.reversed() where models.count < limit / 2 {
            add(journaled, files.map { _ in true })
            add(journaled, files.map { _ in false })
        }
        var attempts = 0
        while models.count < limit, attempts < limit * 4 {
            attempts += 1
            add(prefixes.randomElement(using: &generator)!, files.map { _ in Bool.random(using: &generator) })
        }
        return models
    }

    /// Pessimistic POSIX: every subset of the unsynced operations, and tears
    /// of the unsynced writes that cross a 512-byte boundary.
    func pessimisticModels(limit: Int, using generator: inout SplitMix64) -> [SimulatedCrashModel] {
        let optional = operations.indices.filter { roles[$0] != .barrier && !syncedForPOSIX.contains($0) }
        let tearable = optional.flatMap(tears(of:))
        var models: [SimulatedCrashModel] = []
        var seen = Set<SimulatedCrashModel>()
        func add(_ kept: Set<Int>, _ tears: Set<SimulatedTear> = []) {
            let model = SimulatedCrashModel.pessimistic(keeping: kept, tears: tears)
            if models.count < limit, seen.insert(model).inserted { models.append(model) }
        }
        let all = Set(optional)
        add([])
        add(all)
        if optional.count < 20, (1 << optional.count) + tearable.count <= limit {
            for mask in 0..<(1 << optional.count) {
                add(Set(optional.indices.filter { mask & (1 << $0) != 0 }.map { optional[$0] }))
            }
            for tear in tearable { add(all, [tear]) }
            return models
        }
        // Half the states at most are extremes, the rest a sample, so the seed always matters.
        for index in optional.shuffled(using: &generator) where models.count < limit / 2 {
            add(all.subtracting([index]))
            add([index])
        }
        for tear in tearable.shuffled(using: &generator).prefix(max(0, limit / 8)) { add(all, [tear]) }
        var attempts = 0
        while models.count < limit, attempts < limit * 4 {
            attempts += 1
            let kept = Set(optional.filter { _ in Bool.random(using: &generator) })
            let candidates = tearable.filter { kept.contains($0.operation) }
            if !candidates.isEmpty, Int.random(in: 0..<4, using: &generator) == 0 {
                add(kept, [candidates.randomElement(using: &generator)!])
            } else {
                add(kept)
            }
        }
        return models
    }

    /// Every way the write at `index` can tear: each 512-byte boundary of the
    /// file strictly inside it, keeping either side.
    func tears(of index: Int) -> [SimulatedTear] {
        guard case .write(_, let offset, let bytes) = operations[index].change, !bytes.isEmpty else { return [] }
        let start = Int(offset), end = start + bytes.count
        var boundary = (start / 512 + 1) * 512
        var tears: [SimulatedTear] = []
        while boundary < end {
            tears.append(SimulatedTear(operation: index, boundary: boundary - start, keepsFirstPart: true))
            tears.append(SimulatedTear(operation: index, boundary: boundary - start, keepsFirstPart: false))
            boundary += 512
        }
        return tears
    }

    // MARK: Building a state

    /// What storage holds after the cut when `model` says which operations survived.
    func disk(for model: SimulatedCrashModel) -> SimulatedDisk {
        var kept: Set<Int>
        var tears: [Int: SimulatedTear] = [:]
        switch model {
        case .onlySynced:
            kept = syncedForPOSIX
        case let .ext4Ordered(journaled, unsyncedData):
            kept = syncedData.union(unsyncedData)
            kept.formUnion(metadata.prefix(max(journaled, journaledMetadata)))
        case let .pessimistic(keeping, torn):
            kept = syncedForPOSIX.union(keeping)
            for tear in torn { tears[tear.operation] = tear }
        }

        var disk = initial
        // Every node made before the cut exists (a kept write may reach one whose entry was lost); only entries make it reachable.
        for operation in operations {
            if case let .add(_, _, inode, content, permissions, owner) = operation.change, disk.nodes[inode] == nil {
                let empty: SimulatedDisk.Content
                switch content {
                case .file: empty = .file([])
                case .directory: empty = .directory([:])
                case .symbolicLink: empty = content
                }
                disk.nodes[inode] = SimulatedDisk.Node(empty, permissions: permissions, owner: owner, modified: disk.clock)
            }
        }
        for index in operations.indices where kept.contains(index) {
            switch operations[index].change {
            case let .add(parent, name, inode, _, _, _):
                disk.setEntry(name, to: inode, in: parent)
            case let .rename(directory, name, newName):
                guard let inode = renamedInodes[index], name != newName else { continue }
                disk.setEntry(name, to: nil, in: directory)
                disk.setEntry(newName, to: inode, in: directory)
            case let .unlink(directory, name):
                disk.setEntry(name, to: nil, in: directory)
            case let .write(inode, offset, bytes):
                if let tear = tears[index] {
                    if tear.keepsFirstPart {
                        disk.apply(.write(inode: inode, offset: offset, bytes: Array(bytes.prefix(tear.boundary))))
                    } else {
                        disk.apply(.write(inode: inode, offset: offset + Int64(tear.boundary), bytes: Array(bytes.dropFirst(tear.boundary))))
                    }
                } else {
                    disk.apply(.write(inode: inode, offset: offset, bytes: bytes))
                }
            case .truncate, .setPermissions, .setOwner, .replaceItem:
                disk.apply(operations[index].change)
            case .sync, .syncData, .writeBack:
                break
            }
        }
        disk.nextInode = max(disk.nextInode, nextInode)
        for inode in disk.nodes.keys { disk.nodes[inode] = disk.nodes[inode]!.madeDurable }
        return disk.afterPowerCut
    }
}

extension SimulatedDisk {
    /// Names `inode` as `name` in `directory`, or removes the name for `nil`.
    mutating func setEntry(_ name: String, to inode: Int?, in directory: Int) {
        guard case .directory(var entries) = nodes[directory]?.content else { return }
        entries[name] = inode
        nodes[directory]?.content = .directory(entries)
    }
}

extension SimulatedDisk {
    /// Feeds what a process sees under `inode` (names, bytes, modes, owners;
    /// not inode numbers) to `hasher`.
    func hashTree(from inode: Int, into hasher: inout Hasher) {
        guard let node = nodes[inode] else { return }
        hasher.combine(node.permissions.rawValue)
        hasher.combine(node.owner.rawValue)
        switch node.content {
        case .file(let bytes):
            hasher.combine(0)
            hasher.combine(bytes)
        case .symbolicLink(let target):
            hasher.combine(1)
            hasher.combine(target)
        case .directory(let entries):
            hasher.combine(2)
            for name in entries.keys.sorted() {
                hasher.combine(name)
                hashTree(from: entries[name]!, into: &hasher)
            }
            hasher.combine(3)
        }
    }
}

extension SimulatedDisk.Node {
    /// This node with what a process sees on storage.
    var madeDurable: Self {
        var node = self
        node.durableContent = content
        node.durablePermissions = permissions
        node.durableOwner = owner
        return node
    }
}

/// A small seeded generator (SplitMix64), so a sample of crash states (and
/// the tests' random cases) can be drawn again from the seed.
package struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    package init(seed: UInt64) {
        state = seed
    }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
