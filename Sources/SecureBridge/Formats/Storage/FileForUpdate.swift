import SystemPackage

/// A plain file of ours opened read-write for an update in place
/// (`SecureDirectory.openForUpdate`): its contents as read, and rewrites of
/// parts of it through the same descriptor, which is closed when this is gone.
package final class FileForUpdate {
    /// The whole file as it was read when it was opened.
    package let contents: [UInt8]
    /// The file's path, for messages.
    let path: String
    private let descriptor: OpenFile

    fileprivate init(contents: [UInt8], path: String, descriptor: OpenFile) {
        self.contents = contents
        self.path = path
        self.descriptor = descriptor
    }

    deinit {
        try? descriptor.close()
    }

    /// Overwrites `bytes` at `offset` (`pwrite`) and, when `syncingData`, flushes
    /// the file's data (`fdatasync`); the size does not change. No temporary
    /// file, no rename, no directory sync: only for a format that survives a
    /// write torn anywhere in the part written (the marks' two slots, the
    /// publish cursor's check), as a reader may see the part half written
    /// and a power cut may leave it so.
    /// - Throws: `StorageError.io`.
    package func write(_ bytes: [UInt8], at offset: Int64, syncingData: Bool) throws {
        precondition(offset >= 0 && Int(offset) + bytes.count <= contents.count, "an update in place stays inside the file")
        do {
            try descriptor.write(bytes, atOffset: offset)
            if syncingData { try descriptor.syncData() }
        } catch {
            throw StorageError(.io(path: path, operation: .write, errno: error))
        }
    }
}

extension SecureDirectory {
    /// Opens `name` read-write after every check of `read(_:limit:)` and reads
    /// it whole: one descriptor serves the read and the rewrites that follow.
    /// - Returns: The open file, or `nil` when it (or the directory) does not exist.
    /// - Throws: `StorageError`, as `read(_:limit:)` does.
    func openForUpdate(_ name: String, limit: Int) throws -> FileForUpdate? {
        try withDirectory { directory -> FileForUpdate? in
            guard let file = try openCheckedFile(name, in: directory, limit: limit, access: .readWrite) else { return nil }
            let contents: [UInt8]
            do {
                contents = try readBytes(of: file.descriptor, size: file.size, path: file.path, limit: limit)
            } catch {
                try? file.descriptor.close()
                throw error
            }
            return FileForUpdate(contents: contents, path: file.path, descriptor: file.descriptor)
        } ?? nil
    }
}
