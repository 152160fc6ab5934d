import SystemPackage

extension SecureDirectory {
    /// The lock file every writer of this directory takes.
    static let lockName = ".lock"

    /// Runs `body` while holding an exclusive lock on this directory.
    ///
    /// The lock is `flock(LOCK_EX)` on `.lock` in the directory (created with
    /// mode 0600 when missing, never opened through a link). It waits for other
    /// holders, in this process or another, and is released when `body` returns
    /// or throws. Writers hold it for milliseconds, so the wait is not bounded.
    /// - Returns: `body`'s result.
    /// - Throws: `StorageError` when the lock cannot be taken, or what `body` throws.
    package func withExclusiveLock<Result>(_ body: () throws -> Result) throws -> Result {
        let lockPath = path(of: Self.lockName)
        let opened = try withDirectory { directory -> OpenFile in
            let descriptor: OpenFile
            do {
                descriptor = try directory.openFile(
                    named: Self.lockName, .readWrite,
                    options: [.create, .noFollow, .closeOnExec, .nonBlocking],
                    permissions: .ownerReadWrite)
            } catch Errno.tooManySymbolicLinkLevels {
                throw StorageError(.symbolicLink(path: lockPath))
            } catch Errno.noSuchAddressOrDevice {
                throw StorageError(.notRegularFile(path: lockPath))
            } catch let error as Errno {
                throw StorageError(.io(path: lockPath, operation: .open, errno: error))
            }
            do {
                let status = try attempt(.inspect, lockPath) { try descriptor.status() }
                guard status.type == .regular else { throw StorageError(.notRegularFile(path: lockPath)) }
                try checkOwnerAndPermissions(status, path: lockPath, isDirectory: false)
                return descriptor
            } catch {
                try? descriptor.close()
                throw error
            }
        }
        guard let lock = opened else {
            throw StorageError(.io(path: lockPath, operation: .lock, errno: .noSuchFileOrDirectory))
        }
        defer { try? lock.close() }  // closing the descriptor releases the lock
        try attempt(.lock, lockPath) { try lock.lockExclusively() }
        return try body()
    }

    /// Removes temporary files (`.*.tmp-*`) that a crashed writer left behind.
    ///
    /// Run it while holding `withExclusiveLock`, or it may remove the temporary
    /// file of a write in progress (which then fails cleanly).
    /// - Returns: How many were removed.
    /// - Throws: `StorageError`.
    @discardableResult
    package func removeLeftoverTemporaryFiles() throws -> Int {
        try removeTemporaryFiles(listingOnly: false)
    }

    /// Removes the temporary files a crashed writer left behind in a directory
    /// whose writers take its own lock (`withExclusiveLock`), as the keychain's
    /// marks writers do, app and widgets alike.
    ///
    /// It looks first without the lock and takes the lock only when there is
    /// something to remove: a temporary file that appears after the look
    /// belongs to a write in progress, not to a crashed one.
    /// - Returns: How many were removed.
    /// - Throws: `StorageError`.
    @discardableResult
    package func removeLeftoverTemporaryFilesUnderItsLock() throws -> Int {
        guard try removeTemporaryFiles(listingOnly: true) > 0 else { return 0 }
        return try withExclusiveLock { try removeLeftoverTemporaryFiles() }
    }

    /// Counts the temporary files here, and removes them unless `listingOnly`.
    private func removeTemporaryFiles(listingOnly: Bool) throws -> Int {
        try withDirectory { directory in
            var removed = 0
            try attempt(.list, path.string) {
                try directory.forEachEntry { name in
                    guard Self.isTemporaryName(String(cString: name)) else { return }
                    if listingOnly {
                        removed += 1
                        return
                    }
                    do {
                        try directory.unlinkEntry(named: name)
                        removed += 1
                    } catch Errno.noSuchFileOrDirectory {
                        // Gone already.
                    } catch Errno.isDirectory {
                        // Not something `write` made; leave it.
                    }
                }
            }
            if removed > 0, !listingOnly { try syncDirectory(directory) }
            return removed
        } ?? 0
    }
}
