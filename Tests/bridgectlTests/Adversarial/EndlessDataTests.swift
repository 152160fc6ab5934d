import Foundation
import SystemPackage
import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp
@testable import SecureBridgeTestSupport

/// Attack 4: endless data. Sparse multi-gigabyte files cost no disk, so an
/// attacker can plant them anywhere it can write; every read has a size cap
/// checked with `fstat` before a byte is read, and input is read in chunks up
/// to its cap. (Peak memory is measured by `scripts/attack-endless`.)
@Suite struct EndlessDataTests {
    static let fourGiB: off_t = 4 << 30

    /// Makes `place/name` a sparse file of `size` bytes that starts with its old contents.
    static func inflate(_ fixture: BridgeFixture, _ place: StoragePlace, _ name: String, to size: off_t = fourGiB) throws {
        let path = fixture.path(place, name)
        if !FileManager.default.fileExists(atPath: path) { try fixture.plant(place, name, []) }
        guard truncate(path, size) == 0 else { throw Errno(rawValue: errno) }
    }

    @Test(arguments: ["snapshot", "auth-status", "onboarding"])
    func sparseMultiGigabyteContainerFileIsTampered(name: String) throws {
        let fixture = try BridgeFixture.published()
        try Self.inflate(fixture, .container, name)
        #expect(fixture.reason() == .tampered)
    }

    @Test(arguments: ["keyset", "marks", "publisher.pub"])
    func sparseMultiGigabyteKeychainFileShowsNoContent(name: String) throws {
        let fixture = try BridgeFixture.published()
        try Self.inflate(fixture, .keychain, name)
        #expect(fixture.reason() == .tampered)
    }

    @Test func anEnvelopeThatDeclaresAHugeCiphertextIsTampered() throws {
        let fixture = try BridgeFixture.published()
        var snapshot = try fixture.bytes(.container, "snapshot")
        snapshot.replaceSubrange(74..<78, with: [0xFF, 0xFF, 0xFF, 0xFF])
        try fixture.plant(.container, "snapshot", snapshot)
        #expect(fixture.reason() == .tampered)
    }

    @Test func appSideRefusesAHugeStateFileWithItsPath() throws {
        let fixture = try BridgeFixture.published()
        try Self.inflate(fixture, .app, "state.json")
        let expected = StorageError(.tooLarge(path: fixture.path(.app, "state.json"), limit: StoredFile.state.byteLimit))
        #expect(throws: expected) {
            try fixture.app.publish(BridgeFixture.accounts, staleAfter: .seconds(60), expiresAfter: .seconds(3600), now: fixture.start)
        }
        #expect(throws: expected) { try fixture.app.lock(now: fixture.start) }
        // The widget never reads the app's files.
        #expect(fixture.content() != nil)
    }

    @Test func publishReplacesAHugeSnapshot() throws {
        let fixture = try BridgeFixture.published()
        try Self.inflate(fixture, .container, "snapshot")
        #expect(fixture.reason() == .tampered)
        try fixture.app.publish(BridgeFixture.otherAccounts, staleAfter: .seconds(3600), expiresAfter: .seconds(86400), now: fixture.start)
        #expect(fixture.content()?.portfolio.accounts.count == 1)
    }

    @Test func inputOverTheCapIsRefusedBeforeParsing() throws {
        let fixture = try BridgeFixture.published()
        let before = try fixture.bytes(.container, "snapshot")
        let huge = [UInt8](repeating: UInt8(ascii: "["), count: PublishInput.maximumByteCount + 1)
        #expect(throws: BridgeError(InputProblem.tooLarge(byteCount: huge.count, limit: PublishInput.maximumByteCount))) {
            try fixture.app.publish(huge, staleAfter: .seconds(60), expiresAfter: .seconds(3600), now: fixture.start)
        }
        #expect(try fixture.bytes(.container, "snapshot") == before)
    }

    @Test(arguments: [("[", "]"), (#"{"a":"#, "}")])
    func deepNestingStopsAtTheDepthLimit(open: String, close: String) throws {
        let input = Array((String(repeating: open, count: 100_000) + "1" + String(repeating: close, count: 100_000)).utf8)
        #expect(input.count < PublishInput.maximumByteCount)
        let error = try #require(throws: BridgeError.self) { try PublishInput.decode(input) }
        guard case let .invalidJSON(json)? = error.problem as? InputProblem else {
            Issue.record("expected a JSON error, got \(error)")
            return
        }
        #expect(json.problem == .nestingTooDeep(limit: JSONParser.maximumDepth))
        #expect(json.line == 1 && json.column == open.utf8.count * JSONParser.maximumDepth + 1)
    }

    @Test func bridgectlStopsReadingEndlessInput() async throws {
        let fixture = try BridgeFixture.published()
        let sparse = fixture.root + "/sparse.json"
        _ = FileManager.default.createFile(atPath: sparse, contents: nil)
        #expect(truncate(sparse, Self.fourGiB) == 0)
        let sources: [(String, String, String)] = [
            ("-", "/dev/zero", "Standard input is larger than the 1048576-byte limit."),
            (sparse, "/dev/null", "The file \(sparse) is larger than the 1048576-byte limit."),
        ]
        for (argument, stdin, message) in sources {
            let output = try await Bridgectl.run(["publish", "--home", fixture.root, argument], inputFile: stdin)
            #expect(output.status == 1)
            #expect(output.stderr == "Error: \(message)\n")
        }
    }

    @Test func bridgectlReadsAHugeSnapshotAsAPlaceholder() async throws {
        let fixture = try BridgeFixture.published()
        try Self.inflate(fixture, .container, "snapshot")
        let output = try await Bridgectl.readJSON(home: fixture.root, now: fixture.startText)
        #expect(output.status == 0)
        let entries = try #require(output.json?["entries"] as? [[String: Any]])
        #expect(entries.allSatisfy { $0["state"] as? String == "placeholder" && $0["reason"] as? String == "tampered" })
    }
}
