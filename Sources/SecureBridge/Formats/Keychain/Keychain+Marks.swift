extension Keychain {
    /// The keychain's high-water marks (all zero before the first write).
    /// - Parameter damaged: What to take damaged marks for (the app side); `nil` (a widget) throws instead.
    /// - Throws: `KeychainError.corrupt` for a damaged file, or the storage checks' refusal, unless `damaged` is given.
    package func readMarks(repairing damaged: HighWaterMarks? = nil) throws -> HighWaterMarks {
        let marks: HighWaterMarks
        do {
            marks = try read(KeychainItem.highWaterMarks.name, limit: KeychainItem.highWaterMarks.byteLimit).map(HighWaterMarks.init(storedBytes:)) ?? HighWaterMarks()
        } catch let error where damaged != nil && Self.isDamagedMarks(error) {
            marks = damaged!
        }
        return try marks.merged(with: floor(repairing: damaged))
    }

    /// With another store, the marks file in the keychain directory is a floor under the store's marks: raised while
    /// the store cannot be used (`raiseFloor(to:)`) and merged into every read. Zero for files.
    package func floor(repairing damaged: HighWaterMarks? = nil) throws -> HighWaterMarks {
        guard store.kind != .files else { return HighWaterMarks() }
        do {
            return try directory.read(KeychainItem.highWaterMarks.name, limit: KeychainItem.highWaterMarks.byteLimit).map(HighWaterMarks.init(storedBytes:)) ?? HighWaterMarks()
        } catch let error where damaged != nil && Self.isDamagedMarks(error) {
            return damaged!
        }
    }

    /// Whether `error`, from reading the marks, says they are damaged.
    package static func isDamagedMarks(_ error: any Error) -> Bool {
        switch error {
        case KeychainError.corrupt: true
        case let error as StorageError: error.isDamagedMarksEntry
        default: false
        }
    }

    /// Raises the floor to at least `marks` under the keychain lock, so showing less never needs the store.
    package func raiseFloor(to marks: HighWaterMarks, repairing damaged: HighWaterMarks? = nil) throws {
        try Keychain(directory, store: .files).withMarksForUpdate(repairing: damaged, absentMeansLost: false) {
            try $0.raise(to: marks)
        }
    }

    /// Raises the marks to at least `marks` under the keychain lock, so no reader lowers them.
    package func raiseMarks(to marks: HighWaterMarks, repairing damaged: HighWaterMarks? = nil) throws {
        try withMarksForUpdate(repairing: damaged) { try $0.raise(to: marks) }
    }

    /// Runs `body` holding the keychain lock with the marks read once (publish).
    /// Damaged marks throw unless the app gives `damaged` (the highest sequences it has signed): the
    /// update then starts from those and its raise replaces the entry whole, so damage is repaired
    /// upwards, never below anything the app wrote. With `absentMeansLost`, missing marks count as damaged too.
    package func withMarksForUpdate<Result>(
        repairing damaged: HighWaterMarks? = nil, absentMeansLost: Bool = true, _ body: (MarksUpdate) throws -> Result
    ) throws -> Result {
        try directory.withExclusiveLock {
            let file: FileForUpdate?
            let stored: MarksFile?
            do {
                // Files are updated in place, through the descriptor they were read by.
                let marks = KeychainItem.highWaterMarks
                file = store.kind == .files ? try directory.openForUpdate(marks.name, limit: marks.byteLimit) : nil
                let bytes = store.kind == .files ? file?.contents : try read(marks.name, limit: marks.byteLimit)
                stored = try bytes.map(MarksFile.init(storedBytes:))
            } catch let error where damaged != nil && Self.isDamagedMarks(error) {
                return try body(MarksUpdate(keychain: self, file: nil, stored: nil, repairing: damaged))
            }
            if stored == nil, absentMeansLost, let damaged, damaged.holdsSequences {
                return try body(MarksUpdate(keychain: self, file: nil, stored: nil, repairing: damaged))
            }
            return try body(MarksUpdate(keychain: self, file: file, stored: stored))
        }
    }
}

extension StorageError {
    /// Whether this refuses the marks' entry as none the app wrote (too large, a link, not a regular file, more names).
    package var isDamagedMarksEntry: Bool {
        switch cause {
        case .tooLarge, .symbolicLink, .notRegularFile, .hardLinked: true
        default: false
        }
    }
}

/// The keychain's marks as read under the keychain lock, raised through the descriptor they were read by.
package struct MarksUpdate {
    fileprivate let keychain: Keychain
    fileprivate let file: FileForUpdate?
    fileprivate let stored: MarksFile?
    /// What damaged marks are taken for; the raise then rewrites the file whole.
    fileprivate var repairing: HighWaterMarks? = nil

    /// The marks as read (all zero before the first write), or those damaged ones are taken for.
    package var current: HighWaterMarks { stored?.marks ?? repairing ?? HighWaterMarks() }

    /// Raises the marks to at least `marks` (once per update), durably: the older slot in place, or a new v2 file.
    package func raise(to marks: HighWaterMarks) throws {
        let merged = current.merged(with: marks)
        guard merged != current || repairing != nil else { return }
        if let file, let stored, file.contents.count == MarksFile.byteCount, let slot = try stored.nextSlot(holding: merged) {
            try file.write(slot.bytes, at: slot.offset, syncingData: true)
            return
        }
        try keychain.write(KeychainItem.highWaterMarks.name, try MarksFile.fileBytes(holding: merged))
    }
}
