import Foundation
import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp
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

    /// The shipped debug build has none of the kit's switches: the careless
    /// readers and the live vectors' clock are a patch applied to a copy of
    /// the sources (`scripts/kit-build`, run by `scripts/careless-readers`), so
    /// `SECUREBRIDGE_CARELESS` and `SECUREBRIDGE_TEST_CLOCK` change nothing a
    /// read shows or writes here.
    @Test func aDebugReadHasNoneOfTheKitsSwitches() async throws {
        let home = try ConformanceHome()
        try home.login(at: Conformance.origin)
        try home.publish(ConformanceCatalog.accounts, at: Conformance.origin + 60)
        let switches = ["SECUREBRIDGE_CARELESS": "ignores-privacy", "SECUREBRIDGE_TEST_CLOCK": "2100-01-01T00:00:00Z"]
        let whatIf = ["read", "--home", home.root, "--format", "json", "--privacy", "--now", Conformance.rfc3339(Conformance.origin + 600)]
        let plain = try await Bridgectl.run(whatIf)
        let switched = try await Bridgectl.run(whatIf, setting: switches)
        #expect(plain.succeeded, "\(plain)")
        #expect(plain.stdout.contains(#""state":"masked""#), "\(plain)")
        #expect(switched.stdout == plain.stdout, "\(switched)")
        let live = try await Bridgectl.run(["read", "--home", home.root, "--format", "json"], setting: switches)
        #expect(live.succeeded, "\(live)")
        let written = try MarksFile(storedBytes: try home.bytes("keychain/marks")).marks.time
        #expect(written <= Int64(Date().timeIntervalSince1970), "a live read wrote the clock mark \(written), not the system's time")
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
}
