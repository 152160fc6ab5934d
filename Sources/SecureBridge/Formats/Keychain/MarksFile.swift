/// `keychain/marks` as stored: the high-water marks in two slots, rewritten in
/// place one at a time, so raising them costs one `pwrite` and one
/// `fdatasync`, not a temporary file, a rename and two syncs.
///
/// Format v2, 4,149 bytes: slot 0 at offset 0 and slot 1 at offset 4096, a
/// page apart, so a write torn by a power cut damages at most the slot it was
/// writing; zeros between. Each slot is 53 bytes, big-endian:
/// `"SBHW"` · version `2` · generation (8) · onboarding sequence (8) · auth
/// sequence (8) · snapshot sequence (8) · time (8, Unix seconds) · the first 8
/// bytes of the SHA-256 of the 45 bytes before. A slot is intact when its
/// magic, version and check match; the marks are the intact slot with the
/// higher generation, slot 0 at equal generations. A raise writes generation
/// + 1 into the slot that does not hold the newest (whatever slot a planted
/// file put it in), so a reader meanwhile still finds the newest intact; at
/// generation 2^64 − 1 there is no next generation, and the raise replaces the
/// whole file (generation 1 in slot 1) atomically and durably instead. The
/// bytes between the slots are written as zeros and never read. Format v1 (37
/// bytes: the magic, version `1` and the four fields) is read as generation 0;
/// the first raise replaces it with a v2 file, atomically and durably.
/// docs/SPEC.md, "High-water marks", is the normative text.
struct MarksFile {
    /// The newest intact marks.
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
    /// Bytes in a v2 file.
    static let byteCount = 4096 + slotByteCount
    /// Bytes in a v1 file.
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

    /// The next write in place: `marks` as generation + 1, with the offset of
    /// the slot that does not hold the newest marks.
    /// - Returns: `nil` when the raise must replace the whole file instead
    ///   (`fileBytes(holding:)`, written atomically): a v1 file, or a v2 file
    ///   at generation 2^64 − 1, which has no next generation.
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

    /// One slot's bytes.
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

    /// The slot's marks and generation, or `nil` when it is not intact (never
    /// written, or torn).
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

    /// The four fields, in their stored order.
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
