import Foundation
import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp
@testable import SecureBridgeTestSupport

@Suite struct SessionTests {
    @Test func loginWhileLoggedInIsRefusedWithASentence() throws {
        let fixture = try BridgeFixture()
        try fixture.loginAndPublish()
        #expect(throws: SessionError(.alreadyLoggedIn(user: "alice"))) {
            try fixture.app.login(user: "bob", passcode: fixture.passcode, sessionLength: .seconds(60), now: fixture.start)
        }
    }

    @Test func operationsOnAFreshHomeFailAndCreateNothing() throws {
        let fixture = try BridgeFixture()
        #expect(throws: SessionError(.notOnboarded)) { try fixture.app.lock(now: fixture.start) }
        #expect(throws: SessionError(.notOnboarded)) {
            try fixture.app.publish(BridgeFixture.accounts, staleAfter: .seconds(60), expiresAfter: .seconds(60), now: fixture.start)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.root).isEmpty)
    }

    @Test func theAppStateNamesTheSessionStateAndReadsBack() throws {
        let fixture = try BridgeFixture()
        try fixture.loginAndPublish()
        try fixture.app.lock(now: fixture.start)
        let stored = try fixture.bytes(.app, "state.json")
        #expect(String(decoding: stored, as: UTF8.self).contains(#""state" : "locked""#))
        #expect(try AppState(storedBytes: stored).session?.state == .locked)
        #expect(throws: SessionError(.damagedState)) { try AppState(storedBytes: Array(#"{"version":1,"session":{"state":"asleep"}}"#.utf8)) }
    }

    @Test func theAppStateReadsBackExactlyAndRefusesAnythingElse() throws {
        let fixture = try BridgeFixture()
        try fixture.loginAndPublish()
        let stored = try fixture.bytes(.app, "state.json")
        let state = try AppState(storedBytes: stored)
        #expect(state.userID == "alice" && state.epoch == 1 && state.session?.state == .active)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        #expect(Array(try encoder.encode(state)) == stored, "what is read is what was written, member for member")
        let text = String(decoding: stored, as: UTF8.self)
        for damaged in [
            text.replacingOccurrences(of: #""version" : 1"#, with: #""version" : 2"#),
            text.replacingOccurrences(of: #""epoch" : 1,"#, with: ""),
            text.replacingOccurrences(of: #""epoch" : 1"#, with: #""epoch" : -1"#),
            text.replacingOccurrences(of: #""userID" : "alice""#, with: #""userID" : 7"#),
            text.replacingOccurrences(of: #""hidesBalances" : false"#, with: #""hidesBalances" : 0"#),
            "[]", "",
        ] {
            #expect(throws: SessionError(.damagedState)) { try AppState(storedBytes: Array(damaged.utf8)) }
        }
        let withoutSession = text.replacingOccurrences(of: #""userID" : "alice""#, with: #""userID" : null"#)
        #expect(try AppState(storedBytes: Array(withoutSession.utf8)).userID == nil, "an optional member may be null")
    }

    /// A damaged app state is no dead end: logout still destroys the keys and
    /// signs the logout, login starts over, and what they sign rises above
    /// every mark; every other command refuses, changing nothing.
    @Test func logoutAndLoginStartOverFromADamagedStateAndOtherCommandsRefuse() throws {
        let fixture = try BridgeFixture()
        try fixture.loginAndPublish()
        try fixture.app.publish(BridgeFixture.accounts, staleAfter: .seconds(3600), expiresAfter: .seconds(86_400), now: fixture.start)
        try fixture.overwrite(.app, "state.json", with: Array("{\"vers".utf8))
        let later = fixture.start + 60
        #expect(throws: SessionError(.damagedState)) { try fixture.app.lock(now: later) }
        #expect(throws: SessionError(.damagedState)) {
            try fixture.app.publish(BridgeFixture.accounts, staleAfter: .seconds(3600), expiresAfter: .seconds(86_400), now: later)
        }
        #expect(fixture.content(at: later) != nil, "a refused command changed nothing")

        try fixture.app.logout(now: later)
        #expect(fixture.reason(at: later) == .loggedOut)
        #expect(!FileManager.default.fileExists(atPath: fixture.path(.keychain, "keyset")), "the data keys are destroyed")
        #expect(!FileManager.default.fileExists(atPath: fixture.path(.container, "snapshot")))

        try fixture.overwrite(.app, "state.json", with: Array("[]".utf8))
        try fixture.app.login(user: "bob", passcode: fixture.passcode, sessionLength: .seconds(3600), now: later)
        try fixture.app.publish(BridgeFixture.accounts, staleAfter: .seconds(3600), expiresAfter: .seconds(86_400), now: later)
        let content = try #require(fixture.content(at: later), "\(String(describing: fixture.reason(at: later)))")
        #expect(!content.hidesBalances && !content.isLocked)
    }

    /// Damaged keychain marks are no dead end either: the next app-side
    /// command rewrites them at the highest sequences the app has signed, so
    /// the snapshot it publishes shows and an older one put back is a rollback.
    @Test func damagedMarksAreRewrittenFromTheAppStateAndStillRefuseRollback() throws {
        let fixture = try BridgeFixture()
        try fixture.loginAndPublish()
        let old = try fixture.bytes(.container, "snapshot")
        try fixture.overwrite(.keychain, "marks", with: Array("garbage".utf8))
        #expect(fixture.reason() == .tampered, "widgets refuse damaged marks")
        try fixture.app.publish(BridgeFixture.accounts, staleAfter: .seconds(3600), expiresAfter: .seconds(86_400), now: fixture.start)
        #expect(fixture.content() != nil, "\(String(describing: fixture.reason()))")
        try fixture.overwrite(.container, "snapshot", with: old)
        #expect(fixture.reason() == .rollback)
    }

    /// With the app state and the marks both lost, nothing says how high a
    /// widget has seen: logout and login sign above every counter the
    /// container proves by a wide margin, so records signed before stay
    /// rollbacks.
    @Test func losingTheStateAndTheMarksTogetherStillRefusesOlderRecords() throws {
        let fixture = try BridgeFixture()
        try fixture.loginAndPublish()
        try fixture.app.lock(now: fixture.start)
        let lockedStatus = try fixture.bytes(.container, "auth-status")
        try fixture.app.unlock(passcode: fixture.passcode, now: fixture.start)
        try fixture.overwrite(.app, "state.json", with: Array("x".utf8))
        try fixture.overwrite(.keychain, "marks", with: Array("garbage".utf8))
        try fixture.app.logout(now: fixture.start)
        try fixture.app.login(user: "alice", passcode: fixture.passcode, sessionLength: .seconds(3600), now: fixture.start)
        try fixture.app.publish(BridgeFixture.accounts, staleAfter: .seconds(3600), expiresAfter: .seconds(86_400), now: fixture.start)
        #expect(fixture.content() != nil)
        let marks = try HighWaterMarks(storedBytes: fixture.bytes(.keychain, "marks"))
        #expect(marks.authSequence > AppState.lostMarksMargin && marks.snapshotSequence > AppState.lostMarksMargin)
        try fixture.overwrite(.container, "auth-status", with: lockedStatus)
        #expect(fixture.reason() == .rollback, "an auth status signed before the loss is a rollback")
    }

    @Test func eachLoginAndLogoutMovesTheEpochOn() throws {
        let fixture = try BridgeFixture()
        try fixture.loginAndPublish()
        let first = try fixture.app.status(now: fixture.start).epoch
        try fixture.app.logout(now: fixture.start)
        try fixture.app.login(user: "alice", passcode: fixture.passcode, sessionLength: .seconds(60), now: fixture.start)
        #expect(try fixture.app.status(now: fixture.start).epoch == first + 2)
    }

    @Test func logoutDestroysTheKeysetAndThePasscode() throws {
        let fixture = try BridgeFixture()
        try fixture.loginAndPublish()
        try fixture.app.logout(now: fixture.start)
        for (place, name) in [(StoragePlace.keychain, "keyset"), (.app, "passcode"), (.container, "snapshot")] {
            #expect(!FileManager.default.fileExists(atPath: fixture.path(place, name)), "\(name)")
        }
        #expect(throws: SessionError(.notLoggedIn, lastUser: "alice")) {
            try fixture.app.publish(BridgeFixture.accounts, staleAfter: .seconds(60), expiresAfter: .seconds(60), now: fixture.start)
        }
    }

    @Test func wrongPasscodesBackOffAndTheTenthWipesTheSession() throws {
        let fixture = try BridgeFixture()
        try fixture.loginAndPublish()
        try fixture.app.lock(now: fixture.start)
        let wrong = SecureBytes(copying: Array("9999".utf8))
        var now = fixture.start
        for attempt in 1...9 {
            #expect(throws: SessionError(.wrongPasscode(attemptsLeft: 10 - attempt))) {
                try fixture.app.unlock(passcode: wrong, now: now)
            }
            let delay = BridgeApp.unlockDelay(afterFailures: attempt)
            if delay > 0 {
                // Even the right passcode is refused until the delay has passed.
                #expect(throws: SessionError(.tooManyAttempts(retryAfterSeconds: delay))) {
                    try fixture.app.unlock(passcode: fixture.passcode, now: now)
                }
            }
            now = now.addingTimeInterval(TimeInterval(delay))
        }
        #expect(throws: SessionError(.sessionWiped)) { try fixture.app.unlock(passcode: wrong, now: now) }
        #expect(fixture.reason(at: now) == .loggedOut)
        #expect(!FileManager.default.fileExists(atPath: fixture.path(.keychain, "keyset")))
    }

    @Test func theRightPasscodeUnlocksAndResetsTheCount() throws {
        let fixture = try BridgeFixture()
        try fixture.loginAndPublish()
        try fixture.app.lock(now: fixture.start)
        #expect(throws: SessionError.self) {
            try fixture.app.unlock(passcode: SecureBytes(copying: Array("0000".utf8)), now: fixture.start)
        }
        try fixture.app.unlock(passcode: fixture.passcode, now: fixture.start)
        #expect(try fixture.app.status(now: fixture.start).failedUnlocks == 0)
        #expect(fixture.content()?.isLocked == false)
    }

    @Test func rejectedPublishChangesNothing() throws {
        let fixture = try BridgeFixture()
        try fixture.loginAndPublish()
        let before = try ["snapshot", "reload-token", "auth-status"].map { try fixture.bytes(.container, $0) }
        let bad = Array(#"[{"id":"x","name":"X","balance":"1.00","currency":"EUR","IBAN":"DE00370400440532013000","type":"main"}]"#.utf8)
        #expect(throws: BridgeError.self) {
            try fixture.app.publish(bad, staleAfter: .seconds(60), expiresAfter: .seconds(60), now: fixture.start)
        }
        #expect(try ["snapshot", "reload-token", "auth-status"].map { try fixture.bytes(.container, $0) } == before)
        #expect(fixture.content()?.portfolio.accounts.count == 2)
    }

    @Test func theReloadTokenMovesOnlyWhenTheTimelineDoes() throws {
        let fixture = try BridgeFixture()
        try fixture.loginAndPublish()
        let token = try fixture.bytes(.container, "reload-token")
        // The same accounts with the same instants: every widget builds the same timeline.
        let again = try fixture.app.publish(BridgeFixture.accounts, staleAfter: .seconds(3600), expiresAfter: .seconds(86400), now: fixture.start)
        #expect(!again.timelineChanged)
        #expect(try fixture.bytes(.container, "reload-token") == token)
        var before = stat(), after = stat()
        #expect(lstat(fixture.path(.container, "reload-token"), &before) == 0)
        let changed = try fixture.app.publish(BridgeFixture.otherAccounts, staleAfter: .seconds(3600), expiresAfter: .seconds(86400), now: fixture.start)
        #expect(changed.timelineChanged)
        #expect(try fixture.bytes(.container, "reload-token") != token)
        // Rewritten in place: the same file (a watcher sees IN_MODIFY), 32 hex digits and a newline.
        #expect(lstat(fixture.path(.container, "reload-token"), &after) == 0)
        #expect(after.st_ino == before.st_ino && after.st_size == 33)
    }

    @Test func aReloadTokenThatCouldNotMoveMovesWithTheNextPublish() throws {
        let fixture = try BridgeFixture()
        try fixture.loginAndPublish()
        // A directory where the token belongs makes renewing it fail after the snapshot is written.
        let token = fixture.home.container.appending("reload-token").string
        #expect(unlink(token) == 0)
        #expect(mkdir(token, 0o700) == 0)
        #expect(throws: (any Error).self) {
            try fixture.app.publish(BridgeFixture.otherAccounts, staleAfter: .seconds(3600), expiresAfter: .seconds(86400), now: fixture.start)
        }
        #expect(rmdir(token) == 0)
        let retried = try fixture.app.publish(
            BridgeFixture.otherAccounts, staleAfter: .seconds(3600), expiresAfter: .seconds(86400), now: fixture.start)
        #expect(retried.timelineChanged)
        #expect(try fixture.bytes(.container, "reload-token").count == 33)
    }

    @Test func keyRotationResealsTheSnapshotAndRetiresTheOldKey() throws {
        let fixture = try BridgeFixture()
        try fixture.loginAndPublish()
        let old = try fixture.bytes(.container, "snapshot")
        let rotation = try fixture.app.rotateKeys(now: fixture.start)
        #expect(rotation.resealedSnapshot)
        #expect(try SnapshotEnvelope(bytes: fixture.bytes(.container, "snapshot")).header.dataKeyID == rotation.newKeyID)
        #expect(fixture.content()?.portfolio.accounts.count == 2)
        try fixture.overwrite(.container, "snapshot", with: old)
        #expect(fixture.reason() == .unknownKey)
    }

    @Test func sequencesOnlyMoveForward() throws {
        let fixture = try BridgeFixture()
        try fixture.loginAndPublish()
        var last: UInt64 = 0
        for input in [BridgeFixture.accounts, BridgeFixture.otherAccounts, BridgeFixture.accounts] {
            let receipt = try fixture.app.publish(input, staleAfter: .seconds(60), expiresAfter: .seconds(60), now: fixture.start)
            #expect(receipt.sequence > last)
            last = receipt.sequence
        }
    }
}
