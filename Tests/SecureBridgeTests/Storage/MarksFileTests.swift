import Foundation
import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp
@testable import SecureBridgeTestSupport

/// `keychain/marks` v2: two slots updated in place, the newest intact one wins.
@Suite struct MarksFileTests {
    private let older = HighWaterMarks(onboardingSequence: 1, authSequence: 2, snapshotSequence: 3)
    private let newer = HighWaterMarks(onboardingSequence: 1, authSequence: 2, snapshotSequence: 9)

    /// A v2 file whose slot 1 holds `older` (generation 1) and slot 0 `newer` (generation 2).
    private func twoSlots() throws -> [UInt8] {
        var bytes = try MarksFile.fileBytes(holding: older)
        let next = try #require(try MarksFile(storedBytes: bytes).nextSlot(holding: newer))
        #expect(next.offset == 0)
        bytes.replaceSubrange(Int(next.offset) ..< Int(next.offset) + next.bytes.count, with: next.bytes)
        return bytes
    }

    @Test func theNewestIntactSlotHoldsTheMarks() throws {
        let file = try MarksFile(storedBytes: twoSlots())
        #expect(file.marks == newer)
        #expect(file.generation == 2)
        #expect(file.hasSlots)
        // The next raise goes to the other slot, never over the newest.
        #expect(try file.nextSlot(holding: newer)?.offset == Int64(MarksFile.slotOffsets[1]))
    }

    @Test(arguments: [0, 4, 5, 13, 44, 45, 52])
    func aTornSlotFallsBackToTheOther(byte: Int) throws {
        var bytes = try twoSlots()
        bytes[byte] ^= 0x40  // slot 0, the newest, torn at this byte
        let file = try MarksFile(storedBytes: bytes)
        #expect(file.marks == older)
        #expect(file.generation == 1)
    }

    @Test func withBothSlotsTornTheFileIsDamaged() throws {
        var bytes = try twoSlots()
        bytes[20] ^= 1
        bytes[MarksFile.slotOffsets[1] + 20] ^= 1
        #expect(throws: KeychainError.corrupt(file: "marks")) { try MarksFile(storedBytes: bytes) }
        #expect(throws: KeychainError.corrupt(file: "marks")) { try MarksFile(storedBytes: Array(bytes.dropLast())) }
    }

    @Test func aVersion1FileIsStillRead() throws {
        var bytes = Array("SBHW".utf8) + [1]
        for value: UInt64 in [4, 5, 6, 1_795_000_000] { withUnsafeBytes(of: value.bigEndian) { bytes += $0 } }
        let file = try MarksFile(storedBytes: bytes)
        #expect(file.marks.onboardingSequence == 4 && file.marks.authSequence == 5 && file.marks.snapshotSequence == 6)
        #expect(file.marks.time == 1_795_000_000)
        #expect(!file.hasSlots)
        bytes[4] = 2
        #expect(throws: KeychainError.corrupt(file: "marks")) { try MarksFile(storedBytes: bytes) }
    }

    @Test func raisingTheMarksRewritesOneSlotInPlace() throws {
        let fixture = try BridgeFixture()
        try fixture.loginAndPublish()
        let path = fixture.path(.keychain, "marks")
        var before = stat()
        #expect(lstat(path, &before) == 0)
        let generation = try MarksFile(storedBytes: fixture.bytes(.keychain, "marks")).generation
        _ = try fixture.app.publish(
            BridgeFixture.otherAccounts, staleAfter: .seconds(60), expiresAfter: .seconds(60), now: fixture.start)
        var after = stat()
        #expect(lstat(path, &after) == 0)
        // The same file (no rename), the same size, one generation on, holding the new snapshot's number.
        #expect(after.st_ino == before.st_ino)
        #expect(after.st_size == Int(MarksFile.byteCount))
        let file = try MarksFile(storedBytes: fixture.bytes(.keychain, "marks"))
        #expect(file.generation == generation + 1)
        #expect(file.marks.snapshotSequence == 2)
        #expect(after.st_mode & 0o777 == 0o600)
    }

    @Test func aVersion1FileIsReplacedByAVersion2OneOnTheFirstRaise() throws {
        let fixture = try BridgeFixture()
        try fixture.loginAndPublish()
        let current = try HighWaterMarks(storedBytes: fixture.bytes(.keychain, "marks"))
        var version1 = Array("SBHW".utf8) + [1]
        for value in [current.onboardingSequence, current.authSequence, current.snapshotSequence, UInt64(current.time)] {
            withUnsafeBytes(of: value.bigEndian) { version1 += $0 }
        }
        try fixture.overwrite(.keychain, "marks", with: version1)
        #expect(fixture.content() != nil)
        _ = try fixture.app.publish(
            BridgeFixture.otherAccounts, staleAfter: .seconds(60), expiresAfter: .seconds(60), now: fixture.start)
        let file = try MarksFile(storedBytes: fixture.bytes(.keychain, "marks"))
        #expect(file.hasSlots)
        #expect(file.marks.snapshotSequence == current.snapshotSequence + 1)
        #expect(fixture.content()?.portfolio.accounts.count == 1)
    }
}
