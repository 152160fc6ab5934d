import Foundation
import SystemPackage
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp

extension Conformance {
    /// One read of a live vector: the reader's clock, its context, the files
    /// put in the home just before it, and what its author means it to show
    /// and to do to the marks.
    struct LiveRead {
        /// The reader's clock (a live read: it judges by the later of this and the clock mark).
        let clock: Int64
        var privacy = false
        /// Files replaced before the read, as a writer with access to a place would (mode 0600).
        var replacing: [(path: String, bytes: [UInt8])] = []
        let intent: Intent
        let marks: MarksIntent
    }

    /// What a live read does to `keychain/marks`, as its author means it (docs/SPEC.md 5.3.3).
    enum MarksIntent: CustomStringConvertible {
        /// No write: the file holds the same bytes.
        case kept
        /// Generation + 1 in the slot that did not hold the newest; the other slot unchanged.
        case raised
        /// A new v2 file replaced the whole one: generation 1 in slot 1, slot 0 zeros.
        case replaced

        /// Whether a read that found `before` and left `after` (`nil`: no file) did what this says.
        func admits(before: [UInt8]?, after: [UInt8]?) -> Bool {
            guard let after, let state = try? MarksState(stored: after) else { return false }
            switch self {
            case .kept:
                return before == after
            case .raised:
                guard let before, let old = try? MarksState(stored: before), old.version == 2, let oldSlot = old.slot else { return false }
                return state.version == 2 && state.slot == 1 - oldSlot && state.generation == old.generation + 1
                    && state.otherGeneration == old.generation
            case .replaced:
                return state.version == 2 && state.slot == 1 && state.generation == 1 && state.otherGeneration == nil
                    && after[..<MarksFile.slotByteCount].allSatisfy { $0 == 0 }
            }
        }

        var description: String {
            switch self {
            case .kept: "kept"
            case .raised: "raised in the other slot"
            case .replaced: "replaced by a new file"
            }
        }
    }

    /// `keychain/marks` as the kit compares it after a live read: the
    /// decoded values of docs/SPEC.md 5.3.1 (the newest slot's marks, where
    /// they are, and the other slot's generation).
    struct MarksState: Equatable {
        /// 2, or 1 for a 37-byte file.
        let version: Int
        /// The slot holding the newest marks; `nil` in a v1 file.
        let slot: Int?
        let generation: UInt64
        /// The generation of the other slot; `nil` when it is not intact (or in a v1 file).
        let otherGeneration: UInt64?
        let marks: HighWaterMarks

        /// Decodes a stored marks file.
        /// - Throws: `KeychainError.corrupt` when it is damaged.
        init(stored bytes: [UInt8]) throws {
            let file = try MarksFile(storedBytes: bytes)
            version = file.hasSlots ? 2 : 1
            slot = file.hasSlots ? file.newestSlot : nil
            generation = file.generation
            marks = file.marks
            if file.hasSlots {
                let offset = MarksFile.slotOffsets[1 - file.newestSlot]
                let other = Array(bytes[offset ..< offset + MarksFile.slotByteCount])
                otherGeneration = (try? MarksFile(storedBytes: PlantedKeychain.marks(slot0: other, slot1: nil)))?.generation
            } else {
                otherGeneration = nil
            }
        }

        var json: [String: Any] {
            [
                "version": version, "slot": slot ?? NSNull(), "generation": generation,
                "otherGeneration": otherGeneration ?? NSNull(), "onboarding": marks.onboardingSequence,
                "auth": marks.authSequence, "snapshot": marks.snapshotSequence, "time": Conformance.rfc3339(marks.time),
            ]
        }
    }
}

extension Conformance.Writer {
    /// Adds a live vector: a copy of `base`'s places changed by `change`,
    /// then `reads` made one after another on that one home by the real
    /// reader, each a live read at its clock that raises and writes the marks.
    /// - Parameters:
    ///   - id: Unique, lowercase words joined by `-`.
    ///   - description: One line: the story and what it shows.
    ///   - section: The section of docs/SPEC.md it tests.
    ///   - base: The home it starts from (left unchanged).
    ///   - reads: The reads, in order; each either raises a sequence, or is
    ///     60 s or more past the clock mark, or not past it at all, so that
    ///     whether it writes does not hang on the 60 s a reader SHOULD wait.
    ///   - change: What is done to the copy before the first read.
    func live(
        _ id: String, _ description: String, section: String, from base: ConformanceHome, reads: [Conformance.LiveRead],
        _ change: (ConformanceHome) throws -> Void = { _ in }
    ) throws {
        precondition(ids.insert("live/" + id).inserted, "two vectors named \(id)")
        precondition(reads.count >= 2, "live vector \(id): a live vector makes two reads or more")
        let start = try base.copy()
        if FileManager.default.fileExists(atPath: start.path("app")) { try start.remove("app") }
        try change(start)

        let folder = output + "/live/" + id
        try FileManager.default.createDirectory(atPath: folder + "/home", withIntermediateDirectories: true)
        let entries = try Self.store(start.root, into: folder + "/home")
        for (number, read) in zip(1..., reads) {
            for (path, bytes) in read.replacing {
                let file = "\(folder)/reads/\(number)/\(path)"
                try FileManager.default.createDirectory(
                    atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try Data(bytes).write(to: URL(fileURLWithPath: file))
            }
        }

        let results = try Self.replay(reads, on: try start.copy())
        for (number, (read, result)) in zip(1..., zip(reads, results)) {
            if !read.intent.admits(result.outcome) {
                mismatches.append(Conformance.Mismatch(id: "live/\(id) read \(number)", outcome: result.outcome))
            }
            if !read.marks.admits(before: result.marksBefore, after: result.marksAfter) {
                let shown = Conformance.Outcome(state: "marks not \(read.marks)", reason: nil, accounts: [])
                mismatches.append(Conformance.Mismatch(id: "live/\(id) read \(number)", outcome: shown))
            }
            let before = try result.marksBefore.map(Conformance.MarksState.init(stored:))
            let sequencesRose = before.map { $0.marks.sequences != result.marks?.marks.sequences } ?? true
            let ahead = read.clock - (before?.marks.time ?? 0)
            precondition(
                sequencesRose || ahead <= 0 || ahead >= WidgetReader.timeMarkGranularity,
                "live/\(id) read \(number) is \(ahead) s past the clock mark: whether it writes is a reader's choice")
        }

        // The careless readers of `steps`: each read made without the marks
        // (the file removed first) or without the StrictModes walk.
        var steps: [String] = []
        let careless: [(String, (ConformanceHome) throws -> Void)] = [
            ("marks", { home in
                if FileManager.default.fileExists(atPath: home.path("keychain/marks")) { try home.remove("keychain/marks") }
            }),
            ("modes", { home in
                try ConformanceHome.run("/usr/bin/find", [home.root, "-type", "d", "-exec", "chmod", "0700", "{}", "+"])
                try ConformanceHome.run("/usr/bin/find", [home.root, "-type", "f", "-exec", "chmod", "0600", "{}", "+"])
            }),
        ]
        for (step, skip) in careless {
            let carelessResults = try Self.replay(reads, on: try start.copy(), before: skip)
            if carelessResults.map(\.compared) != results.map(\.compared) { steps.append(step) }
        }

        let readObjects = zip(reads, results).map { read, result -> [String: Any] in
            [
                "clock": Conformance.rfc3339(read.clock), "context": read.privacy ? "privacy" : "widget",
                "replace": read.replacing.map { ["path": $0.path, "size": $0.bytes.count] as [String: Any] },
                "expected": result.outcome.json, "marks": result.marks?.json ?? NSNull(),
            ]
        }
        var vector: [String: Any] = [
            "id": id, "description": description, "section": section, "kit": Conformance.kitVersion, "home": entries,
            "reads": readObjects,
        ]
        if !steps.isEmpty { vector["steps"] = steps }
        try Conformance.writeJSON(vector, to: folder + "/vector.json")
        liveCount += 1
    }

    /// What one live read showed and left in `keychain/marks`.
    struct LiveResult {
        let outcome: Conformance.Outcome
        /// The file's bytes before and after the read (`nil`: no file).
        let marksBefore: [UInt8]?
        let marksAfter: [UInt8]?
        /// The marks after the read, decoded (`nil`: no file).
        let marks: Conformance.MarksState?

        /// What the kit compares: the entry and the decoded marks.
        var compared: Compared { Compared(outcome: outcome, marks: marks) }

        struct Compared: Equatable {
            let outcome: Conformance.Outcome
            let marks: Conformance.MarksState?
        }
    }

    /// Makes `reads` on `home` in order, each a live read of the real reader
    /// after its files are replaced and `before` has run.
    private static func replay(
        _ reads: [Conformance.LiveRead], on home: ConformanceHome, before: (ConformanceHome) throws -> Void = { _ in }
    ) throws -> [LiveResult] {
        func marksBytes() throws -> [UInt8]? {
            FileManager.default.fileExists(atPath: home.path("keychain/marks")) ? try home.bytes("keychain/marks") : nil
        }
        return try reads.map { read in
            for (path, bytes) in read.replacing { try home.write(path, bytes) }
            try before(home)
            let marksBefore = try marksBytes()
            let outcome = Conformance.Outcome(readingHomeAt: home.root, instant: read.clock, privacy: read.privacy, live: true)
            let marksAfter = try marksBytes()
            return LiveResult(
                outcome: outcome, marksBefore: marksBefore, marksAfter: marksAfter,
                marks: try marksAfter.map(Conformance.MarksState.init(stored:)))
        }
    }
}

extension HighWaterMarks {
    /// The three sequences, without the clock mark.
    fileprivate var sequences: [UInt64] { [onboardingSequence, authSequence, snapshotSequence] }
}
