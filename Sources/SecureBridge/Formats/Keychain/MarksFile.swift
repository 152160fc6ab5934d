/// `keychain/marks` as stored (docs/SPEC.md 5.3): the marks in two 53-byte slots a page apart, so a
/// raise is one write and one data sync, and a torn write damages at most the slot it was writing.
/// The marks are the intact slot with the higher generation (slot 0 on ties); a raise writes generation
/// + 1 into the other slot, so a reader meanwhile still finds the newest. v1 (37 bytes) is generation 0.
struct MarksFile {
    let marks: HighWaterMarks
    /// Their generation (0 for a v1 file).
    let generation: UInt64
    /// Whether the file is v2, so the next raise can write a slot in place.
    let hasSlots: Bool
    /// The slot (0 or 1) the newest marks were read from: the one a raise must not write.
    let newestSlot: Int

    static let magic: [UInt8] = Array("SBHW".utf8)
    static let slotVersion: UInt8 = 2
    static let slotByteCount = 53
    static let slotOffsets: [Int] = [0, 4096]
    static let byteCount = 4096 + slotByteCount
    static let version1ByteCount = 37
    private static let checkedByteCount = 45

    /// Reads a stored v2 or v1 marks file.
    /// - Throws: `KeychainError.corrupt` when it is neither, or no slot is intact.
    init(storedBytes bytes: [UInt8]) throws {
        let corrupt = KeychainError.corrupt(file: "marks")
        switch bytes.count {
        case Self.byteCount:
            // The intact slot with the higher generation; slot 0 at equal generations.
            var newest: (index: Int, marks: HighWaterMarks, generation: UInt64)?
            for (index, offset) in Self.slotOffsets.enumerated() {
                guard let slot = try Self.slot(Array(bytes[offset ..< offset + Self.slotByteCount])) else { continue }
                if let found = newest, found.generation >= slot.generation { continue }
                newest = (index, slot.marks, slot.generation)
            }
            guard let newest else { throw corrupt }
            self.init(marks: newest.marks, generation: newest.generation, hasSlots: true, newestSlot: newest.index)
        case Self.version1ByteCount:
            let marks = try ByteReader.read(bytes) { reader in
                guard Array(try reader.take(Self.magic.count, or: corrupt)) == Self.magic,
                      try reader.read(UInt8.self, or: corrupt) == 1
                else { throw corrupt }
                return try Self.readFields(&reader, or: corrupt)
            }
            self.init(marks: marks, generation: 0, hasSlots: false, newestSlot: 0)
        default:
            throw corrupt
        }
    }

    private init(marks: HighWaterMarks, generation: UInt64, hasSlots: Bool, newestSlot: Int) {
        self.marks = marks
        self.generation = generation
        self.hasSlots = hasSlots
        self.newestSlot = newestSlot
    }

    /// The next write in place: `marks` as generation + 1 in the slot not holding the newest; `nil` for a v1 file or
    /// at generation 2^64 − 1, which the raise replaces whole instead.
    /// - Throws: `BridgeError` when the check cannot be computed.
    func nextSlot(holding marks: HighWaterMarks) throws -> (offset: Int64, bytes: [UInt8])? {
        guard hasSlots, generation < UInt64.max else { return nil }
        return (Int64(Self.slotOffsets[1 - newestSlot]), try Self.slotBytes(marks, generation: generation + 1))
    }

    /// A whole v2 file holding `marks` as generation 1 (slot 1; slot 0 empty).
    /// - Throws: `BridgeError` when the check cannot be computed.
    static func fileBytes(holding marks: HighWaterMarks) throws -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: byteCount)
        bytes.replaceSubrange(slotOffsets[1] ..< byteCount, with: try slotBytes(marks, generation: 1))
        return bytes
    }

    static func slotBytes(_ marks: HighWaterMarks, generation: UInt64) throws -> [UInt8] {
        var writer = ByteWriter(capacity: slotByteCount)
        writer.append(magic)
        writer.append(slotVersion)
        writer.append(generation)
        writer.append(marks.onboardingSequence)
        writer.append(marks.authSequence)
        writer.append(marks.snapshotSequence)
        writer.append(marks.time)
        writer.append(try check(writer.bytes))
        return writer.bytes
    }

    /// The slot's marks and generation, or `nil` when it is not intact (never written, or torn).
    private static func slot(_ bytes: [UInt8]) throws -> (marks: HighWaterMarks, generation: UInt64)? {
        guard Array(bytes[..<magic.count]) == magic, bytes[magic.count] == slotVersion,
              Array(bytes[checkedByteCount...]) == (try check(Array(bytes[..<checkedByteCount])))
        else { return nil }
        let corrupt = KeychainError.corrupt(file: "marks")
        return try ByteReader.read(Array(bytes[(magic.count + 1)..<checkedByteCount])) { reader in
            let generation = try reader.read(UInt64.self, or: corrupt)
            return (try readFields(&reader, or: corrupt), generation)
        }
    }

    private static func readFields(_ reader: inout ByteReader, or corrupt: KeychainError) throws -> HighWaterMarks {
        var marks = HighWaterMarks()
        marks.onboardingSequence = try reader.read(UInt64.self, or: corrupt)
        marks.authSequence = try reader.read(UInt64.self, or: corrupt)
        marks.snapshotSequence = try reader.read(UInt64.self, or: corrupt)
        marks.time = try reader.read(Int64.self, or: corrupt)
        return marks
    }

    /// The first 8 bytes of the SHA-256 of `bytes`: finds a torn write, not an attacker.
    private static func check(_ bytes: [UInt8]) throws -> [UInt8] {
        Array(try SHA256Hasher.hash(bytes).prefix(8))
    }
}
