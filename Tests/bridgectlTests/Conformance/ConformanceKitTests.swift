import Foundation
import Testing
@testable import SecureBridge
@testable import SecureBridgeTestSupport

/// The conformance kit (`Tests/Conformance/`, docs/SPEC.md): its vectors are
/// what the real code makes, frozen; the runner fails a careless reader.
@Suite(.serialized) struct ConformanceKitTests {
    /// Where the frozen vectors live.
    static let frozen = Bridgectl.packageRoot.path + "/Tests/Conformance"

    /// Makes every vector into `output`.
    /// - Throws: When the real code shows something a vector's author did not mean.
    static func generate(into output: String) throws -> Conformance.Writer {
        let writer = try Conformance.Writer(output: output)
        try ConformanceCatalog(writer: writer).make()
        guard writer.mismatches.isEmpty else {
            throw Failure(description: writer.mismatches.map(\.description).joined(separator: "\n"))
        }
        return writer
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// `scripts/conformance-generate` runs this one alone, with the folder to write.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["SECUREBRIDGE_CONFORMANCE_OUTPUT"] != nil))
    func writeTheVectors() throws {
        let output = try #require(ProcessInfo.processInfo.environment["SECUREBRIDGE_CONFORMANCE_OUTPUT"])
        let writer = try Self.generate(into: output)
        print(
            "conformance-generate: \(writer.readerCount) reader vectors, \(writer.liveCount) live vectors, "
                + "\(writer.publishCount) publish-input vectors in \(output)")
    }

    /// Regenerating gives the frozen vectors: the same ids, and for each the
    /// same `vector.json` (description, section, instant, expected outcome,
    /// and each file's name, type, mode and size) but for its `kit`, which is
    /// the version that made it as it is: one of the kit's versions. The
    /// files' bytes differ at each generation (fresh keys and nonces); what
    /// they must read as does not. A sweep: it makes every vector (about half
    /// a minute).
    @Test(.sweep) func regenerationGivesTheFrozenVectors() throws {
        let output = try ConformanceHome.temporaryDirectory(named: "securebridge-vectors")
        defer { try? FileManager.default.removeItem(atPath: output) }
        let writer = try Self.generate(into: output)
        #expect(writer.readerCount + writer.publishCount >= 300)
        // Every reason a reader can give from files alone (docs/SPEC.md, 7.3).
        let fromFiles = Set(Reason.allCases.map(\.rawValue)).subtracting(["desktop-locked", "unavailable"])
        #expect(fromFiles.subtracting(writer.reasons).isEmpty, "reasons no vector expects: \(fromFiles.subtracting(writer.reasons))")

        for kind in ["reader", "live", "publish"] {
            let made = try Set(FileManager.default.contentsOfDirectory(atPath: "\(output)/\(kind)"))
            let frozen = try Set(FileManager.default.contentsOfDirectory(atPath: "\(Self.frozen)/\(kind)"))
            for id in made.union(frozen).sorted() {
                var frozenVector = try? Self.object("\(Self.frozen)/\(kind)/\(id)/vector.json")
                var madeVector = try? Self.object("\(output)/\(kind)/\(id)/vector.json")
                #expect(frozenVector != nil, "\(kind)/\(id) is new: run scripts/conformance-generate")
                #expect(madeVector != nil, "\(kind)/\(id) is frozen but no longer made")
                let version = frozenVector?.removeValue(forKey: "kit") as? String
                #expect(frozenVector == nil || Conformance.kitVersions.contains(version ?? ""), "\(kind)/\(id): kit \(version ?? "missing")")
                madeVector?.removeValue(forKey: "kit")
                if let frozenVector, let madeVector {
                    #expect(
                        NSDictionary(dictionary: frozenVector).isEqual(to: madeVector),
                        "\(kind)/\(id) changed: run scripts/conformance-generate (and step Conformance.kitVersion if a reader or publisher must now do otherwise): \(madeVector)")
                }
            }
        }
    }

    /// The kit fails a reader that skips a step, exactly on the vectors that
    /// step decides (each vector's `steps`), reader and live vectors alike:
    /// one without high-water marks (a live one removes them before each
    /// read), one without the StrictModes walk. A sweep: it runs `bridgectl`
    /// once per vector and once per live read.
    @Test(.sweep, arguments: ["marks", "modes"])
    func aCarelessReaderFailsTheVectorsOfTheStepItSkips(step: String) throws {
        let (failed, status) = try Self.vectorsFailed(byCareless: step)
        var expected = Set<String>()
        for kind in ["reader", "live"] {
            for id in try FileManager.default.contentsOfDirectory(atPath: "\(Self.frozen)/\(kind)") {
                let vector = try Self.object("\(Self.frozen)/\(kind)/\(id)/vector.json")
                if (vector["steps"] as? [String] ?? []).contains(step) { expected.insert(kind == "live" ? "live/\(id)" : id) }
            }
        }
        #expect(!expected.isEmpty)
        if step == "marks" { #expect(expected.contains { $0.hasPrefix("live/") }, "no live vector names the marks step") }
        #expect(status != 0)
        #expect(failed == expected, "failed but not for \(step): \(failed.subtracting(expected)); passed: \(expected.subtracting(failed))")
    }

    /// The careless readers of docs/IMPLEMENTING.md ("What the kit catches"),
    /// each with the vectors listed beside it.
    static let carelessReaders: [(name: String, vectors: [String])] = {
        let text = (try? String(contentsOfFile: Bridgectl.packageRoot.path + "/docs/IMPLEMENTING.md", encoding: .utf8)) ?? ""
        let section = text.components(separatedBy: "## What the kit catches").dropFirst().first?
            .components(separatedBy: "\n## ").first ?? ""
        return section.split(separator: "\n").filter { $0.hasPrefix("| `") }.map { line in
            let columns = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            let quoted = { (column: String) in column.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) } }
            return (quoted(columns[0]).first ?? "", quoted(columns.last ?? ""))
        }
    }()

    /// The list names every rule `bridgectl`'s reader can be told to break,
    /// and the two careless readers of the steps, each once.
    @Test func theListOfCarelessReadersNamesEachOnce() {
        let listed = Self.carelessReaders.map(\.name)
        #expect(listed.count == Set(listed).count, "a careless reader listed twice")
        let readers = Set(["marks", "modes"] + CarelessReading.allCases.map(\.rawValue))
        #expect(readers.subtracting(listed).isEmpty, "not listed: \(readers.subtracting(listed).sorted())")
        #expect(Set(listed).subtracting(readers).isEmpty, "listed, but no such reader: \(Set(listed).subtracting(readers).sorted())")
    }

    /// Each careless reader of the list that breaks one rule fails every
    /// vector listed beside it. A sweep: a few `bridgectl` runs per reader.
    @Test(.sweep, arguments: CarelessReading.allCases.map(\.rawValue))
    func eachCarelessReaderFailsTheVectorsListedBesideIt(name: String) throws {
        let vectors = try #require(Self.carelessReaders.first { $0.name == name }?.vectors, "\(name) is not in docs/IMPLEMENTING.md")
        #expect(!vectors.isEmpty)
        let (failed, status) = try Self.vectorsFailed(byCareless: name, only: vectors)
        #expect(status != 0)
        #expect(Set(vectors).subtracting(failed).isEmpty, "\(name) passed \(Set(vectors).subtracting(failed).sorted())")
    }

    /// The reader and live vectors (`only` these, or all) that the careless
    /// reader `name` fails, a reader vector by its id and a live one as
    /// `live/ID`, and the runner's exit status.
    static func vectorsFailed(byCareless name: String, only: [String] = []) throws -> (Set<String>, Int32) {
        let root = Bridgectl.packageRoot.path
        let adapter = "\(root)/scripts/conformance-bridgectl --careless \(name)"
        let filters = only.flatMap { ["--filter", $0.hasPrefix("live/") ? $0 : "reader/\($0)"] }
        let result = try Self.run(
            "\(root)/scripts/conformance",
            [
                "--reader", "\(adapter) read {home} {now}", "--live-reader", "\(adapter) live {home} {clock}",
                "--bridgectl", try Bridgectl.binary.get(), "--no-publisher",
            ] + filters)
        let failed = Set(result.output.split(separator: "\n").compactMap { line -> String? in
            if line.hasPrefix("FAIL reader/") { return String(line.dropFirst("FAIL reader/".count).prefix { $0 != " " }) }
            if line.hasPrefix("FAIL live/") { return String(line.dropFirst("FAIL ".count).prefix { $0 != " " }) }
            return nil
        })
        return (failed, result.status)
    }

    /// A debug `bridgectl read` without `--now` takes its clock from
    /// `SECUREBRIDGE_TEST_CLOCK`, as the live vectors' reads do: a live read
    /// that writes that instant as the clock mark. A value that is no instant
    /// is a usage error, never the system's clock.
    @Test func aDebugReadTakesItsClockFromTheTestSwitch() async throws {
        let home = try ConformanceHome()
        try home.login(at: Conformance.origin)
        try home.publish(ConformanceCatalog.accounts, at: Conformance.origin + 60)
        let clock = Conformance.origin + 600
        let arguments = ["read", "--home", home.root, "--format", "json"]
        let read = try await Bridgectl.run(arguments, setting: ["SECUREBRIDGE_TEST_CLOCK": Conformance.rfc3339(clock)])
        #expect(read.succeeded, "\(read)")
        #expect(try MarksFile(storedBytes: try home.bytes("keychain/marks")).marks.time == clock)
        let marks = try home.bytes("keychain/marks")
        let wrong = try await Bridgectl.run(arguments, setting: ["SECUREBRIDGE_TEST_CLOCK": "yesterday"])
        #expect(wrong.status == 64, "\(wrong)")
        #expect(wrong.stderr.contains("SECUREBRIDGE_TEST_CLOCK must be an RFC 3339 time"), "\(wrong)")
        #expect(try home.bytes("keychain/marks") == marks)
    }

    /// At the last generation a raise cannot write generation + 1 in place:
    /// it replaces the file whole, generation 1 in slot 1, atomically.
    @Test func aRaiseAtTheLastGenerationReplacesTheWholeFile() throws {
        let home = try ConformanceHome()
        try home.login(at: Conformance.origin)
        let marks = try HighWaterMarks(storedBytes: try home.bytes("keychain/marks"))
        try home.write("keychain/marks", PlantedKeychain.marks(slot0: try PlantedKeychain.slot(marks, generation: .max), slot1: nil))
        try home.publish(ConformanceCatalog.accounts, at: Conformance.origin + 60)
        let file = try MarksFile(storedBytes: try home.bytes("keychain/marks"))
        #expect(file.generation == 1)
        #expect(file.newestSlot == 1)
        #expect(file.marks.snapshotSequence > marks.snapshotSequence)
        #expect(try home.bytes("keychain/marks")[..<MarksFile.slotByteCount].allSatisfy { $0 == 0 })
    }

    /// A raise writes the slot that does not hold the newest marks, even in a
    /// planted file that put an even generation in slot 1.
    @Test func aRaiseNeverWritesTheNewestSlot() throws {
        let home = try ConformanceHome()
        try home.login(at: Conformance.origin)
        let marks = try HighWaterMarks(storedBytes: try home.bytes("keychain/marks"))
        try home.write("keychain/marks", PlantedKeychain.marks(
            slot0: try PlantedKeychain.slot(marks, generation: 7), slot1: try PlantedKeychain.slot(marks, generation: 8)))
        try home.publish(ConformanceCatalog.accounts, at: Conformance.origin + 60)
        let file = try MarksFile(storedBytes: try home.bytes("keychain/marks"))
        #expect(file.generation == 9)
        #expect(file.newestSlot == 0)
        let slot1 = try MarksFile(storedBytes: PlantedKeychain.marks(
            slot0: nil, slot1: Array(try home.bytes("keychain/marks")[MarksFile.slotOffsets[1]...])))
        #expect(slot1.generation == 8)
    }

    static func object(_ path: String) throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// Runs `tool` to completion and returns its standard output and exit status.
    static func run(_ tool: String, _ arguments: [String]) throws -> (output: String, status: Int32) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (String(decoding: data, as: UTF8.self), process.terminationStatus)
    }
}
