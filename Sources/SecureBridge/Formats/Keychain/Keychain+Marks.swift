extension Keychain {
    /// The keychain's high-water marks (all zero before the first write).
    /// - Parameter damaged: What to take damaged marks for (the app side:
    ///   `AppState.highestSigned(now:)`); `nil` (a widget) throws instead.
    ///   Damaged marks are a file that does not parse, or an entry that is
    ///   no marks file at all (`StorageError.isDamagedMarksEntry`).
    /// - Throws: `KeychainError.corrupt` for a damaged file, and the storage
    ///   checks' refusal of the entry, unless `damaged` is given.
    package func readMarks(repairing damaged: HighWaterMarks? = nil) throws -> HighWaterMarks {
        let marks: HighWaterMarks
        do {
            marks = try read(.marks).map(HighWaterMarks.init(storedBytes:)) ?? HighWaterMarks()
        } catch let error where damaged != nil && Self.isDamagedMarks(error) {
            marks = damaged!
        }
        return try marks.merged(with: floor(repairing: damaged))
    }

    /// The marks file in the keychain directory when the items are kept in
    /// another store: a floor under the store's marks, raised by a change
    /// that shows less while the store cannot be used (`raiseFloor(to:)`),
    /// and taken with the store's marks by every read. Zero when there is
    /// none, and for files, whose marks are that file itself.
    package func floor(repairing damaged: HighWaterMarks? = nil) throws -> HighWaterMarks {
        guard store.kind != .files else { return HighWaterMarks() }
        do {
            return try directory.read(.marks).map(HighWaterMarks.init(storedBytes:)) ?? HighWaterMarks()
        } catch let error where damaged != nil && Self.isDamagedMarks(error) {
            return damaged!
        }
    }

    /// Whether `error`, from reading the marks, says they are damaged: a file
    /// that does not parse, or an entry the storage checks refuse as no
    /// marks file at all (too large, a symbolic link, a FIFO, more names).
    package static func isDamagedMarks(_ error: any Error) -> Bool {
        switch error {
        case KeychainError.corrupt: true
        case let error as StorageError: error.isDamagedMarksEntry
        default: false
        }
    }

    /// Raises the floor (`floor()`) to at least `marks`, atomically and
    /// durably under the keychain lock: what a lock does when the store that
    /// keeps the marks cannot be used now, so that showing less never needs it.
    /// No floor is the usual case, not damage: only a damaged one is repaired.
    package func raiseFloor(to marks: HighWaterMarks, repairing damaged: HighWaterMarks? = nil) throws {
        try Keychain(directory, store: .files).withMarksForUpdate(repairing: damaged, absentMeansLost: false) {
            try $0.raise(to: marks)
        }
    }

    /// Raises the keychain's high-water marks to at least `marks`, under the
    /// keychain lock so the app and concurrent widgets never lower them
    /// (`withMarksForUpdate`, `MarksUpdate.raise`).
    package func raiseMarks(to marks: HighWaterMarks, repairing damaged: HighWaterMarks? = nil) throws {
        try withMarksForUpdate(repairing: damaged) { try $0.raise(to: marks) }
    }

    /// Runs `body` holding the keychain lock with the marks read once, for a
    /// command that decides by them before it raises them (publish).
    ///
    /// Damaged marks throw (`KeychainError.corrupt` for a file that does not
    /// parse; the storage checks' refusal for an entry over the size limit,
    /// a symbolic link, a FIFO or one with more names), unless the app side
    /// gives `damaged`, the marks to take them for: the highest sequences it
    /// has signed (`AppState.highestSigned(now:)`). The update then starts
    /// from those, and its raise replaces the entry whole, atomically and
    /// durably, without following a link or opening a FIFO: damage is
    /// repaired upwards, never below anything the app wrote. With
    /// `absentMeansLost`, no marks at all count as damaged too when `damaged`
    /// holds a sequence: the app state has signed numbers, so marks were
    /// written and lost (before the first login there are none, and the
    /// first raise writes a new file with the time mark 0).
    package func withMarksForUpdate<Result>(
        repairing damaged: HighWaterMarks? = nil, absentMeansLost: Bool = true, _ body: (MarksUpdate) throws -> Result
    ) throws -> Result {
        try directory.withExclusiveLock {
            let file: FileForUpdate?
            let stored: MarksFile?
            do {
                // Files are updated in place, through the descriptor they were read by.
                file = store.kind == .files ? try directory.openForUpdate(.marks) : nil
                let bytes = store.kind == .files ? file?.contents : try read(.marks)
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
    /// Whether this refuses the marks' entry as no marks file the app could
    /// have written: larger than the format, a symbolic link, a FIFO (or
    /// another entry that is not a regular file), or a file with more than
    /// one name. The app side takes it for damaged marks and replaces the
    /// entry whole (`Keychain.withMarksForUpdate`); a widget refuses it.
    package var isDamagedMarksEntry: Bool {
        switch cause {
        case .tooLarge, .symbolicLink, .notRegularFile, .hardLinked: true
        default: false
        }
    }
}

/// The keychain's marks as read under the keychain lock
/// (`SecureDirectory.withMarksForUpdate`), raised through the descriptor they
/// were read by.
package struct MarksUpdate {
    fileprivate let keychain: Keychain
    fileprivate let file: FileForUpdate?
    fileprivate let stored: MarksFile?
    /// What damaged marks are taken for; the raise then rewrites the file whole.
    fileprivate var repairing: HighWaterMarks? = nil

    /// The marks as read (all zero before the first write), or those damaged ones are taken for.
    package var current: HighWaterMarks { stored?.marks ?? repairing ?? HighWaterMarks() }

    /// Raises the marks to at least `marks`, once per update. Durably: the
    /// slot that is not the newest is rewritten in place and its data synced
    /// (`MarksFile`); a missing or v1 file, or one at the last generation, is
    /// replaced whole, atomically and durably, by a v2 file.
    package func raise(to marks: HighWaterMarks) throws {
        let merged = current.merged(with: marks)
        guard merged != current || repairing != nil else { return }
        if let file, let stored, file.contents.count == MarksFile.byteCount, let slot = try stored.nextSlot(holding: merged) {
            try file.write(slot.bytes, at: slot.offset, syncingData: true)
            return
        }
        try keychain.write(.marks, try MarksFile.fileBytes(holding: merged))
    }
}
