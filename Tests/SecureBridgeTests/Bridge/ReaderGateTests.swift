import Foundation
import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp
@testable import SecureBridgeTestSupport

@Suite struct ReaderGateTests {
    @Test func noHomeMeansNotOnboarded() throws {
        let fixture = try BridgeFixture()
        #expect(fixture.reason() == .notOnboarded)
    }

    @Test func publishedSnapshotPassesTheGate() throws {
        let fixture = try BridgeFixture()
        try fixture.loginAndPublish()
        let content = try #require(fixture.content())
        #expect(content.portfolio.accounts.map(\.id) == ["acc-main", "acc-usd"])
        #expect(content.portfolio.accounts[0].balance.minorUnits == 467_500)
        #expect(!content.isLocked && !content.hidesBalances)
        #expect(content.staleAt == fixture.start.addingTimeInterval(3600))
    }

    @Test func tamperedAuthStatusIsCaughtBeforeTheKeysetIsTouched() throws {
        let fixture = try BridgeFixture()
        try fixture.loginAndPublish()
        // Make the keyset unusable: were the gate to read it, it would answer insecure-storage.
        chmod(fixture.path(.keychain, "keyset"), 0o644)
        var auth = try fixture.bytes(.container, "auth-status")
        auth[30] ^= 0x01
        try fixture.overwrite(.container, "auth-status", with: auth)
        #expect(fixture.reason() == .tampered)
    }

    @Test func tamperedOnboardingIsCaughtFirst() throws {
        let fixture = try BridgeFixture()
        try fixture.loginAndPublish()
        var record = try fixture.bytes(.container, "onboarding")
        record[26] ^= 0x80
        try fixture.overwrite(.container, "onboarding", with: record)
        // Without an auth status a reader that skipped the onboarding check
        // would say `logged-out`; only the onboarding check says `tampered`.
        try FileManager.default.removeItem(atPath: fixture.path(.container, "auth-status"))
        #expect(fixture.reason() == .tampered)
    }

    @Test func missingAuthStatusShowsLoggedOut() throws {
        let fixture = try BridgeFixture()
        try fixture.loginAndPublish()
        try FileManager.default.removeItem(atPath: fixture.path(.container, "auth-status"))
        #expect(fixture.reason() == .loggedOut)
    }

    @Test func olderAuthStatusIsARollback() throws {
        let fixture = try BridgeFixture()
        try fixture.loginAndPublish()
        let active = try fixture.bytes(.container, "auth-status")
        try fixture.app.lock(now: fixture.start)
        try fixture.overwrite(.container, "auth-status", with: active)
        #expect(fixture.reason() == .rollback)
    }

    @Test func olderSnapshotIsARollbackEvenIfNoReaderSawTheNewerOne() throws {
        let fixture = try BridgeFixture()
        try fixture.loginAndPublish()
        let first = try fixture.bytes(.container, "snapshot")
        try fixture.app.publish(BridgeFixture.otherAccounts, staleAfter: .seconds(3600), expiresAfter: .seconds(86400), now: fixture.start)
        try fixture.overwrite(.container, "snapshot", with: first)
        #expect(fixture.reason() == .rollback)
    }

    @Test func snapshotOfAnotherEpochIsRefused() throws {
        let fixture = try BridgeFixture()
        try fixture.loginAndPublish()
        // A correctly signed snapshot under the current key but from an earlier epoch.
        let places = try Places.prepare(fixture.home)
        let key = try fixture.app.loadSigningKey(places)
        let keyset = try fixture.app.loadKeyset(places)
        let stale = try SnapshotEnvelope.seal(
            payload: try PublishInput.decode(BridgeFixture.otherAccounts).payloadBytes(), epoch: 0, sequence: 99,
            issuedAt: 1_795_000_000, staleAt: 1_795_003_600, expiresAt: 1_795_086_400, signingKey: key,
            dataKey: keyset.primary)
        try fixture.overwrite(.container, "snapshot", with: stale.bytes)
        #expect(fixture.reason() == .rollback)
    }

    @Test func recordsFromAnotherHomeNameAnUnknownKey() throws {
        let fixture = try BridgeFixture()
        let stranger = try BridgeFixture()
        try fixture.loginAndPublish()
        try stranger.loginAndPublish()
        try fixture.overwrite(.container, "onboarding", with: try stranger.bytes(.container, "onboarding"))
        #expect(fixture.reason() == .unknownKey)
    }

    @Test func afterLogoutAndLoginTheOldSnapshotCannotBeOpened() throws {
        let fixture = try BridgeFixture()
        try fixture.loginAndPublish()
        let old = try fixture.bytes(.container, "snapshot")
        try fixture.app.logout(now: fixture.start)
        #expect(fixture.reason() == .loggedOut)
        try fixture.app.login(user: "alice", passcode: fixture.passcode, sessionLength: .seconds(86400), now: fixture.start)
        #expect(fixture.reason() == .noData)
        try fixture.overwrite(.container, "snapshot", with: old)
        #expect(fixture.reason() == .unknownKey)
    }

    @Test func lockedAndHiddenAreCarriedToTheTimeline() throws {
        let fixture = try BridgeFixture()
        try fixture.loginAndPublish()
        try fixture.app.setHidesBalances(true, now: fixture.start)
        try fixture.app.lock(now: fixture.start)
        let content = try #require(fixture.content())
        #expect(content.isLocked && content.hidesBalances)
    }

    @Test func settingTheClockBackRevivesNeitherSessionNorSnapshot() throws {
        let fixture = try BridgeFixture()
        try fixture.app.login(user: "alice", passcode: fixture.passcode, sessionLength: .seconds(3600), now: fixture.start)
        try fixture.app.publish(BridgeFixture.accounts, staleAfter: .seconds(600), expiresAfter: .seconds(3600), now: fixture.start)
        let later = fixture.start.addingTimeInterval(2 * 3600)
        #expect(fixture.reason(at: later) == .sessionExpired)
        // The clock goes back an hour and a half: the widget still judges by the latest time it saw.
        let reading = fixture.widget.read(now: fixture.start.addingTimeInterval(1800))
        #expect(reading.result == .refused(.sessionExpired))
        #expect(reading.now == later)
    }

    @Test func whatIfReadsPersistNothing() throws {
        let fixture = try BridgeFixture()
        try fixture.loginAndPublish()
        _ = fixture.gate()
        let marks = try fixture.bytes(.keychain, "marks")
        _ = fixture.gate(at: fixture.start.addingTimeInterval(30 * 86400), whatIf: true)
        #expect(try fixture.bytes(.keychain, "marks") == marks)
    }

    @Test func groupReadableKeysetGivesInsecureStorage() throws {
        let fixture = try BridgeFixture()
        try fixture.loginAndPublish()
        chmod(fixture.path(.keychain, "keyset"), 0o640)
        #expect(fixture.reason() == .insecureStorage)
    }

    @Test func symlinkedSnapshotIsNeverFollowed() throws {
        let fixture = try BridgeFixture()
        try fixture.loginAndPublish()
        let copy = fixture.root + "/copy"
        try FileManager.default.copyItem(atPath: fixture.path(.container, "snapshot"), toPath: copy)
        try FileManager.default.removeItem(atPath: fixture.path(.container, "snapshot"))
        try FileManager.default.createSymbolicLink(atPath: fixture.path(.container, "snapshot"), withDestinationPath: copy)
        #expect(fixture.reason() == .insecureStorage)
    }
}
