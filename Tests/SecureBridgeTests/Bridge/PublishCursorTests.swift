import Foundation
import SystemPackage
import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp
@testable import SecureBridgeTestSupport

/// Publish reserves snapshot sequences in durable blocks and records the last
/// one used in an unsynced cursor (`PublishCursor`): these tests hold it to
/// "a number is never used twice" whatever happens to the cursor.
@Suite struct PublishCursorTests {
    private func publish(_ fixture: BridgeFixture, _ input: [UInt8] = BridgeFixture.accounts) throws -> PublishReceipt {
        try fixture.app.publish(input, staleAfter: .seconds(3600), expiresAfter: .seconds(86400), now: fixture.start)
    }

    private func state(_ fixture: BridgeFixture) throws -> AppState {
        try AppState(storedBytes: fixture.bytes(.app, "state.json"))
    }

    private func cursor(_ fixture: BridgeFixture) throws -> PublishCursor {
        try #require(PublishCursor(storedBytes: fixture.bytes(.app, "publish-cursor")))
    }

    @Test func theCursorIsPlainJSONPaddedToItsFixedSize() throws {
        let fixture = try BridgeFixture()
        try fixture.loginAndPublish()
        let bytes = try fixture.bytes(.app, "publish-cursor")
        #expect(bytes.count == PublishCursor.byteCount && bytes.last == UInt8(ascii: "\n"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        #expect(Set(object.keys) == ["boot", "timelineDigest", "epoch", "sequence"])
        #expect(object["boot"] as? String == PublishCursor.currentBoot(on: .system))
        #expect((object["sequence"] as? NSNumber)?.uint64Value == 1)
        #expect((object["timelineDigest"] as? String)?.count == 64)
        var underWay = try cursor(fixture)
        underWay.timelineDigest = nil
        #expect(PublishCursor(storedBytes: underWay.storedBytes) == underWay)
        #expect(PublishCursor(storedBytes: Array(bytes.prefix(40))) == nil, "a torn cursor counts for nothing")
    }

    @Test func oneDurableReservationServesABlockOfPublishes() throws {
        let fixture = try BridgeFixture()
        try fixture.loginAndPublish()
        let reserved = try fixture.bytes(.app, "state.json")
        #expect(try state(fixture).snapshotSequence == PublishCursor.block)
        for expected in UInt64(2)...5 {
            #expect(try publish(fixture, expected % 2 == 0 ? BridgeFixture.otherAccounts : BridgeFixture.accounts).sequence == expected)
            #expect(try cursor(fixture).sequence == expected)
        }
        // The state file was not rewritten: the four publishes used the block.
        #expect(try fixture.bytes(.app, "state.json") == reserved)
        #expect(try cursor(fixture).boot == PublishCursor.currentBoot(on: .system))
        // The cursor is rewritten in place: the same file, its fixed size.
        var first = stat(), later = stat()
        #expect(lstat(fixture.path(.app, "publish-cursor"), &first) == 0)
        _ = try publish(fixture, BridgeFixture.accounts)
        #expect(lstat(fixture.path(.app, "publish-cursor"), &later) == 0)
        #expect(first.st_ino == later.st_ino && later.st_size == PublishCursor.byteCount)
        #expect(try cursor(fixture).sequence == 6)
    }

    @Test func thePublishPastTheBlockReservesTheNextOne() throws {
        let fixture = try BridgeFixture()
        try fixture.loginAndPublish()
        var receipt = try publish(fixture)
        while receipt.sequence < PublishCursor.block { receipt = try publish(fixture) }
        #expect(try state(fixture).snapshotSequence == PublishCursor.block)
        #expect(try publish(fixture).sequence == PublishCursor.block + 1)
        #expect(try state(fixture).snapshotSequence == 2 * PublishCursor.block)
    }

    @Test(arguments: ["another boot", "missing", "damaged"])
    func withoutThisBootsCursorTheWholeBlockCountsAsUsed(_ loss: String) throws {
        let fixture = try BridgeFixture()
        try fixture.loginAndPublish()
        _ = try publish(fixture, BridgeFixture.otherAccounts)
        switch loss {
        case "another boot":
            var stale = try cursor(fixture)
            stale.boot = "00000000-0000-0000-0000-000000000000"
            try fixture.overwrite(.app, "publish-cursor", with: stale.storedBytes)
        case "missing":
            #expect(unlink(fixture.path(.app, "publish-cursor")) == 0)
        default:
            try fixture.overwrite(.app, "publish-cursor", with: Array("{\"boot\":".utf8))
        }
        // A power cut may have lost which numbers of the block were used (and
        // a widget may have seen them): the next publish starts after the block.
        let receipt = try publish(fixture, BridgeFixture.otherAccounts)
        #expect(receipt.sequence == PublishCursor.block + 1)
        #expect(try state(fixture).snapshotSequence == 2 * PublishCursor.block)
        // The digest went with the cursor, so the same content counts as changed: widgets are woken once more.
        #expect(receipt.timelineChanged)
        #expect(try !publish(fixture, BridgeFixture.otherAccounts).timelineChanged)
    }

    @Test func aSnapshotMarkAboveTheCursorIsNeverReused() throws {
        let fixture = try BridgeFixture()
        try fixture.loginAndPublish()
        // A second publisher on the same keychain (or a widget that read its
        // snapshot) raised the mark past what this app's cursor says.
        let places = try Places.prepare(fixture.home)
        try places.keychain.raiseMarks(to: HighWaterMarks(snapshotSequence: 40))
        let receipt = try publish(fixture, BridgeFixture.otherAccounts)
        #expect(receipt.sequence == 41)
        #expect(fixture.content()?.portfolio.accounts.count == 1)
    }

    @Test func aStateFromBeforeTheCursorCarriesOnAfterItsLastNumber() throws {
        let fixture = try BridgeFixture()
        try fixture.loginAndPublish()
        // A home written by an earlier version: state.json holds the last
        // sequence used and there is no cursor.
        var old = try state(fixture)
        old.snapshotSequence = 7
        try fixture.overwrite(.app, "state.json", with: Array(JSONEncoder().encode(old)))
        #expect(unlink(fixture.path(.app, "publish-cursor")) == 0)
        #expect(try publish(fixture).sequence == 8)
    }

    @Test func aLoginStartsANewEpochSoThePreviousDigestIsNoLongerTheContent() throws {
        let fixture = try BridgeFixture()
        try fixture.loginAndPublish()
        try fixture.app.logout(now: fixture.start)
        try fixture.app.login(user: "alice", passcode: fixture.passcode, sessionLength: .seconds(86400), now: fixture.start)
        // The container holds no snapshot after a login: the same accounts are new content.
        #expect(try publish(fixture).timelineChanged)
    }
}

/// Two publishers on one keychain and container: the app place copied (a
/// restored backup, a second machine's copy), both with the same signing key,
/// publishing one after the other. The keychain's mark is the authority:
/// neither reuses a number the other used, neither reports a rollback, and
/// neither skips the reload token because its own last content matches.
@Suite struct TwoPublisherTests {
    @Test func twoCopiesOfTheAppPlaceNeverReuseANumberOrMissAReload() throws {
        let fixture = try BridgeFixture()
        try fixture.loginAndPublish()  // the first publishes A as snapshot 1
        let copy = fixture.root + "/app-copy"
        try FileManager.default.copyItem(atPath: fixture.home.app.string, toPath: copy)
        let first = fixture.app
        let second = BridgeApp(
            home: BridgeHome(app: FilePath(copy), keychain: fixture.home.keychain, container: fixture.home.container),
            passcodeCost: .testing)
        let a = BridgeFixture.accounts, b = BridgeFixture.otherAccounts
        // Who publishes what, and whether the container's content changes with it.
        let steps: [(BridgeApp, [UInt8], changes: Bool)] = [
            (second, b, true), (first, a, true), (second, b, true), (first, a, true), (first, a, false),
        ]
        var last: UInt64 = 1
        for (number, step) in steps.enumerated() {
            let token = try fixture.bytes(.container, "reload-token")
            let receipt = try step.0.publish(step.1, staleAfter: .seconds(3600), expiresAfter: .seconds(86400), now: fixture.start)
            #expect(receipt.sequence == last + 1, "step \(number)")
            last = receipt.sequence
            #expect(receipt.timelineChanged == step.changes, "step \(number)")
            #expect((try fixture.bytes(.container, "reload-token") != token) == step.changes, "step \(number)")
            #expect(fixture.content()?.portfolio.accounts.count == (step.1 == a ? 2 : 1), "step \(number)")
        }
    }
}
