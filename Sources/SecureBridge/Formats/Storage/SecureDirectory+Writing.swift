import SystemPackage

extension SecureDirectory {
    /// How far a write goes before it returns.
    enum Durability {
        /// The new file is synced before it is renamed over the old one and
        /// the directory after: a crash or a power cut leaves the old file or
        /// the new one, never a torn one.
        case durable
        /// The new file replaces the old one atomically for every running
        /// process, but the kernel writes it back when it likes: after a power
        /// cut the file may be the old one, the new one, or (on some file
        /// systems) empty or garbled. Only for hints nobody needs after a restart.
        case atomicOnly
    }

    /// Replaces `name` atomically and durably with `bytes`.
    ///
    /// The bytes go to a new temporary file `.<name>.tmp-<random hex>` in the
    /// same directory (created exclusively with mode 0600, never through a
    /// link), which is synced and then renamed over `name`; the directory is
    /// synced last. A crash at any instant leaves the old file or the new one,
    /// never a torn one; on failure the temporary file is removed. Whatever
    /// `name` was before, a symbolic link included, is replaced rather than followed.
    /// - Throws: `StorageError`; the directory must exist.
    package func write(_ name: String, _ bytes: some Collection<UInt8>) throws {
        try write(name, bytes, durability: .durable)
    }

    /// Replaces `name` with `bytes`, as durably as `durability` says; see `write(_:_:)`.
    func write(_ name: String, _ bytes: some Collection<UInt8>, durability: Durability) throws {
        try replace(name, durability: durability) { descriptor in
            let wrote: Void? = try bytes.withContiguousStorageIfAvailable {
                try Self.writeAll(UnsafeRawBufferPointer($0), to: descriptor)
            }
            if wrote == nil { try Array(bytes).withUnsafeBytes { try Self.writeAll($0, to: descriptor) } }
        }
    }

    /// Writes all of `buffer` at the file position, however many calls it takes.
    private static func writeAll(_ buffer: UnsafeRawBufferPointer, to descriptor: OpenFile) throws {
        var rest = buffer
        while !rest.isEmpty {
            let written = try descriptor.write(rest)
            guard written > 0 else { throw Errno.ioError }
            rest = UnsafeRawBufferPointer(rebasing: rest.dropFirst(written))
        }
    }

    /// Replaces the whole of `name` with `bytes` without a sync: in place over
    /// a plain file of ours of the same size (one `pwrite`, which a killed
    /// process never leaves half done), else atomically (`write(_:_:durability: .atomicOnly)`), which
    /// also replaces whatever else is there (a link, a directory planted at
    /// the name) or says why it cannot. Only for hints whose loss or tearing
    /// by a power cut costs nothing (the reload token, the publish cursor).
    /// - Throws: `StorageError`.
    package func rewriteUnsynced(_ name: String, _ bytes: [UInt8]) throws {
        do {
            if try overwriteUnsynced(name, with: bytes) { return }
        } catch let error as StorageError {
            // An I/O error is reported as it is; anything else means the entry is
            // not a plain file of ours, and it is replaced whole below.
            if case .io = error.cause { throw error }
        }
        try write(name, bytes, durability: .atomicOnly)
    }

    /// Overwrites the existing file `name` in place with `bytes` of the same
    /// size, unsynced, after every check a read makes; `false`, and nothing
    /// written, when it is missing or of another size.
    private func overwriteUnsynced(_ name: String, with bytes: [UInt8]) throws -> Bool {
        try withCheckedFile(name, limit: bytes.count, access: .readWrite) { descriptor, size, filePath in
            guard size == bytes.count else { return false }
            try attempt(.write, filePath) { try descriptor.write(bytes, atOffset: 0) }
            return true
        } ?? false
    }

    /// Replaces `name` atomically and durably with a secret, without copying
    /// it out of `SecureBytes`. See `write(_:_:)`.
    package func write(_ name: String, _ secret: SecureBytes) throws {
        try replace(name) { descriptor in
            try secret.withUnsafeBytes { try Self.writeAll($0, to: descriptor) }
        }
    }

    /// Removes `name`; a missing file (or directory) is not an error.
    /// A symbolic link is removed itself, its target is untouched.
    /// - Throws: `StorageError`.
    package func remove(_ name: String) throws {
        try checkName(name)
        let filePath = path(of: name)
        try withDirectory { directory in
            do {
                try directory.unlinkEntry(named: name)
            } catch Errno.noSuchFileOrDirectory {
                return
            } catch let error as Errno {
                throw StorageError(.io(path: filePath, operation: .remove, errno: error))
            }
            try syncDirectory(directory)
        }
    }

    /// Overwrites a secret file with zeros, syncs it, then removes it
    /// (crypto-shredding a key file). A missing file is not an error.
    ///
    /// This is best effort: on SSDs, copy-on-write or journaling file systems
    /// and in backups the old blocks may survive the overwrite. It is what makes
    /// restored old ciphertexts useless only together with a key that was never
    /// written anywhere else. Only a regular file of ours with one link and at
    /// most 1 MiB is overwritten; anything else at `name` (a symbolic link, a
    /// hard-linked or foreign file) is just unlinked, never written through.
    /// - Throws: `StorageError`. The file is unlinked even when the overwrite
    ///   fails; the overwrite's error is thrown afterwards.
    package func destroy(_ name: String) throws {
        try checkName(name)
        let filePath = path(of: name)
        try withDirectory { directory in
            let entry: Stat
            do {
                entry = try directory.statusOfEntry(named: name)
            } catch Errno.noSuchFileOrDirectory {
                return
            } catch let error as Errno {
                throw StorageError(.io(path: filePath, operation: .inspect, errno: error))
            }
            var overwriteError: (any Error)?
            if isShreddable(entry) {
                do {
                    try overwriteWithZeros(name, in: directory, expected: entry, path: filePath)
                } catch {
                    overwriteError = error
                }
            }
            do {
                try directory.unlinkEntry(named: name)
            } catch Errno.noSuchFileOrDirectory {
                // Someone else removed it meanwhile, which is what we wanted.
            } catch let error as Errno {
                throw StorageError(.io(path: filePath, operation: .remove, errno: error))
            }
            try syncDirectory(directory)
            if let overwriteError { throw overwriteError }
        }
    }
}

// MARK: - Helpers

extension SecureDirectory {
    /// The largest file `destroy` overwrites before unlinking it.
    static let shreddingLimit: Int64 = 1 << 20

    /// Writes a new version of `name` through a temporary file and a rename,
    /// syncing both unless `durability` is `.atomicOnly`. `beforeRename` runs
    /// once the temporary file is complete (a test's injected failure).
    func replace(
        _ name: String,
        durability: Durability = .durable,
        beforeRename: () throws -> Void = {},
        contents: (OpenFile) throws -> Void
    ) throws {
        try checkName(name)
        let filePath = path(of: name)
        let replaced: Void? = try withDirectory { directory in
            let temporary = Self.temporaryName(for: name)
            let descriptor = try attempt(.createTemporaryFile, filePath) {
                try directory.openFile(
                    named: temporary, .writeOnly,
                    options: [.create, .exclusiveCreate, .noFollow, .closeOnExec],
                    permissions: .ownerReadWrite)
            }
            var renamed = false
            defer {
                if !renamed { try? directory.unlinkEntry(named: temporary) }
            }
            try attempt(.write, filePath) {
                try descriptor.closeAfter {
                    try descriptor.setPermissions(.ownerReadWrite)  // exactly 0600, whatever the umask
                    try contents(descriptor)
                    if durability == .durable { try descriptor.sync() }
                }
            }
            try beforeRename()
            try attempt(.renameTemporaryFile, filePath) {
                try directory.renameEntry(named: temporary, to: name)
            }
            renamed = true
            if durability == .durable { try syncDirectory(directory) }
        }
        guard replaced != nil else {
            throw StorageError(.io(path: filePath, operation: .write, errno: .noSuchFileOrDirectory))
        }
    }

    /// A fresh, unguessable temporary name for `name`: `.<name>.tmp-<16 hex digits>`.
    package static func temporaryName(for name: String) -> String {
        let digits = String(UInt64.random(in: .min ... .max), radix: 16)
        return ".\(name).tmp-" + String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// Whether `name` looks like a temporary file left by `replace`: `.*.tmp-*`.
    package static func isTemporaryName(_ name: String) -> Bool {
        // Compared as bytes, as the file system names them; a start-up trick
        // (docs/PERFORMANCE.md): `String.contains` builds a dictionary at its first call.
        let bytes = Array(name.utf8)
        let marker = Array(".tmp-".utf8)
        guard bytes.first == UInt8(ascii: "."), bytes.count > marker.count else { return false }
        for start in 1...(bytes.count - marker.count) where bytes[start..<(start + marker.count)] == marker[...] {
            return true
        }
        return false
    }

    /// Whether `destroy` may write zeros into this entry.
    private func isShreddable(_ status: Stat) -> Bool {
        status.type == .regular && status.userID == platform.effectiveUserID && status.linkCount == 1
            && status.size <= Self.shreddingLimit
    }

    /// Overwrites the file `name` with zeros and syncs it, provided it is still
    /// the entry that was inspected.
    private func overwriteWithZeros(
        _ name: String, in directory: OpenDirectory, expected: Stat, path filePath: String
    ) throws {
        let descriptor = try attempt(.open, filePath) {
            try directory.openFile(named: name, .writeOnly, options: [.noFollow, .closeOnExec, .nonBlocking])
        }
        try attempt(.overwrite, filePath) {
            try descriptor.closeAfter {
                let status = try descriptor.status()
                guard status.inode == expected.inode, status.deviceID == expected.deviceID,
                    isShreddable(status)
                else { return }
                let zeros = [UInt8](repeating: 0, count: 64 * 1024)
                var offset: Int64 = 0
                while offset < status.size {
                    let chunk = Int(min(Int64(zeros.count), status.size - offset))
                    try zeros.withUnsafeBytes { zeros in
                        try descriptor.write(UnsafeRawBufferPointer(rebasing: zeros[..<chunk]), atOffset: offset)
                    }
                    offset += Int64(chunk)
                }
                try descriptor.sync()
            }
        }
    }
}
