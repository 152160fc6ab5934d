import SystemPackage

extension SecureDirectory {
    /// A checked directory held open for several reads in a row.
    ///
    /// The directory is opened (`O_NOFOLLOW`) and checked once; each file is
    /// then opened relative to that descriptor with every check of
    /// `read(_:limit:)`. All the files come from the directory that was
    /// checked, even if the path is swapped meanwhile, and each read costs
    /// six system calls fewer than through `read(_:limit:)` (the directory's
    /// open, check and close, and the effective user id, asked once).
    package struct OpenForReading {
        /// The place, for its checks and for messages.
        let directory: SecureDirectory
        /// The checked directory's descriptor, open for the caller's block only.
        let descriptor: OpenDirectory
        /// The effective user id, asked once for all the reads.
        let user: UserID

        /// `SecureDirectory.read(_:limit:)`, relative to the open directory.
        package func read(_ name: String, limit: Int) throws -> [UInt8]? {
            try directory.withCheckedFile(name, in: descriptor, limit: limit, user: user) { file, size, filePath in
                try directory.readBytes(of: file, size: size, path: filePath, limit: limit)
            }
        }

        /// `SecureDirectory.readSecret(_:limit:)`, relative to the open directory.
        package func readSecret(_ name: String, limit: Int) throws -> SecureBytes? {
            try directory.withCheckedFile(name, in: descriptor, limit: limit, user: user) { file, size, filePath in
                try directory.readSecret(of: file, size: size, path: filePath, limit: limit)
            }
        }
    }

    /// Opens and checks the directory once and runs `body` with it; closes it
    /// afterwards. The caller checks the ancestors first (`checkAncestors`).
    /// - Returns: `body`'s result, or `nil` when the directory does not exist.
    /// - Throws: `StorageError` when it exists but is not safe to use, and what `body` throws.
    package func withOpenForReading<Result>(_ body: (OpenForReading) throws -> Result) throws -> Result? {
        try withDirectory { descriptor in
            try body(OpenForReading(directory: self, descriptor: descriptor, user: platform.effectiveUserID))
        }
    }
}
