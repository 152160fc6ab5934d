#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
package import SystemPackage

extension SecureDirectory {
    /// Reads a whole file, refusing anything that is not a plain file of ours.
    ///
    /// The entry is checked before it is opened (so a device or FIFO is never
    /// opened), then opened with `O_NOFOLLOW | O_NONBLOCK` and checked again on the
    /// descriptor: a regular file, owned by the effective user, one hard link,
    /// and closed to group and others as the place demands. Its size is
    /// compared with `limit` before a byte is read, and reading stops one byte
    /// past the size, so a file that grows meanwhile is refused too.
    /// - Parameters:
    ///   - name: The file's name in this directory.
    ///   - limit: The largest size accepted, in bytes.
    /// - Returns: The contents, or `nil` when the file (or the directory) does not exist.
    /// - Throws: `StorageError`.
    package func read(_ name: String, limit: Int) throws -> [UInt8]? {
        try withCheckedFile(name, limit: limit) { descriptor, size, filePath in
            try readBytes(of: descriptor, size: size, path: filePath, limit: limit)
        }
    }

    /// Reads a whole secret file straight into `SecureBytes`, with the same
    /// checks as `read(_:limit:)`; no other copy of the contents is made.
    /// - Parameters:
    ///   - name: The file's name in this directory.
    ///   - limit: The largest size accepted, in bytes.
    /// - Returns: The secret, or `nil` when the file (or the directory) does not exist.
    /// - Throws: `StorageError`.
    package func readSecret(_ name: String, limit: Int) throws -> SecureBytes? {
        try withCheckedFile(name, limit: limit) { descriptor, size, filePath in
            try readSecret(of: descriptor, size: size, path: filePath, limit: limit)
        }
    }

    /// What `status`-like commands may show about a stored file.
    package struct FileStatus: Sendable, Equatable {
        /// The kind of entry (a regular file unless something is wrong).
        package let type: FileType
        /// The size in bytes.
        package let size: Int64
        /// The permission bits, for example `0o600`.
        package let permissions: UInt32
        /// The last modification time.
        let modified: Date
    }

    /// Describes `name` without opening it or following a symbolic link.
    /// - Returns: The entry's status, or `nil` when it (or the directory) does not exist.
    /// - Throws: `StorageError`.
    package func fileStatus(_ name: String) throws -> FileStatus? {
        try checkName(name)
        let filePath = path(of: name)
        return try withDirectory { directory -> FileStatus? in
            let status: Stat
            do {
                status = try directory.statusOfEntry(named: name)
            } catch Errno.noSuchFileOrDirectory {
                return nil
            } catch let error as Errno {
                throw StorageError(.io(path: filePath, operation: .inspect, errno: error))
            }
            let modified = status.st_mtim
            return FileStatus(
                type: status.type,
                size: status.size,
                permissions: UInt32(status.permissions.rawValue) & 0o7777,
                modified: Date(timeIntervalSince1970: Double(modified.tv_sec) + Double(modified.tv_nsec) / 1e9)
            )
        } ?? nil
    }
}

// MARK: - Opening and reading a checked file

extension SecureDirectory {
    /// Opens `name` read-only after all the checks of `read(_:limit:)` and runs
    /// `body` with the descriptor, the file's size (at most `limit`) and its path.
    /// - Returns: `body`'s result, or `nil` when the file or the directory does not exist.
    func withCheckedFile<Result>(
        _ name: String,
        limit: Int,
        access: FileDescriptor.AccessMode = .readOnly,
        _ body: (OpenFile, Int, String) throws -> Result
    ) throws -> Result? {
        precondition(limit >= 0, "a size limit cannot be negative")
        try checkName(name)
        return try withDirectory { directory -> Result? in
            guard let file = try openCheckedFile(name, in: directory, limit: limit, access: access) else { return nil }
            defer { try? file.descriptor.close() }
            return try body(file.descriptor, file.size, file.path)
        } ?? nil
    }


    /// Opens `name` relative to `directory` after every check of
    /// `read(_:limit:)`; the caller closes the descriptor.
    /// - Returns: The descriptor, the file's size (at most `limit`) and its
    ///   path, or `nil` when the file does not exist.
    func openCheckedFile(
        _ name: String,
        in directory: OpenDirectory,
        limit: Int,
        access: FileDescriptor.AccessMode = .readOnly
    ) throws -> (descriptor: OpenFile, size: Int, path: String)? {
        precondition(limit >= 0, "a size limit cannot be negative")
        try checkName(name)
        let filePath = path(of: name)
        let user = self.user
        // Look before opening, so a device or FIFO is never opened at all.
        do {
            try checkFile(try directory.statusOfEntry(named: name), path: filePath, user: user)
        } catch Errno.noSuchFileOrDirectory {
            return nil
        } catch let error as Errno {
            throw StorageError(.io(path: filePath, operation: .inspect, errno: error))
        }
        let descriptor: OpenFile
        do {
            descriptor = try directory.openFile(
                named: name, access,
                options: [.noFollow, .closeOnExec, .nonBlocking])
        } catch Errno.noSuchFileOrDirectory {
            return nil
        } catch Errno.tooManySymbolicLinkLevels {
            throw StorageError(.symbolicLink(path: filePath))
        } catch Errno.noSuchAddressOrDevice {
            throw StorageError(.notRegularFile(path: filePath))
        } catch {
            throw StorageError(.io(path: filePath, operation: .open, errno: error))
        }
        do {
            // Check again what was actually opened: the entry may have been swapped.
            let status = try attempt(.inspect, filePath) { try descriptor.status() }
            try checkFile(status, path: filePath, user: user)
            guard status.size <= Int64(limit) else {
                throw StorageError(.tooLarge(path: filePath, limit: limit))
            }
            return (descriptor, Int(status.size), filePath)
        } catch {
            try? descriptor.close()
            throw error
        }
    }

    /// The whole file behind `descriptor`, `size` bytes (see `readContents`).
    func readBytes(of descriptor: OpenFile, size: Int, path filePath: String, limit: Int) throws -> [UInt8] {
        try [UInt8](unsafeUninitializedCapacity: size) { buffer, initializedCount in
            try readContents(of: descriptor, into: UnsafeMutableRawBufferPointer(buffer), path: filePath, limit: limit)
            initializedCount = size
        }
    }

    /// The whole file behind `descriptor`, straight into `SecureBytes`.
    func readSecret(of descriptor: OpenFile, size: Int, path filePath: String, limit: Int) throws -> SecureBytes {
        try SecureBytes(count: size) { buffer in
            try readContents(of: descriptor, into: buffer, path: filePath, limit: limit)
        }
    }

    /// Fills `buffer` (sized from `fstat`) from `descriptor`, then checks that
    /// the file ends there, reading at most one byte more.
    func readContents(
        of descriptor: OpenFile,
        into buffer: UnsafeMutableRawBufferPointer,
        path filePath: String,
        limit: Int
    ) throws {
        try attempt(.read, filePath) {
            var filled = 0
            while filled < buffer.count {
                let count = try descriptor.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]))
                guard count > 0 else { throw StorageError(.changedWhileReading(path: filePath)) }
                filled += count
            }
            var extra: UInt8 = 0
            let grew = try withUnsafeMutableBytes(of: &extra) { try descriptor.read(into: $0) } > 0
            extra = 0
            if grew {
                throw buffer.count >= limit
                    ? StorageError(.tooLarge(path: filePath, limit: limit))
                    : StorageError(.changedWhileReading(path: filePath))
            }
        }
    }
}
