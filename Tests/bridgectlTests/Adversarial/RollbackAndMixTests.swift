import Foundation
import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp
@testable import SecureBridgeTestSupport

/// Attack 2: older files restored into the container (rollback, replay),
/// files of another epoch, kind or home (mix-and-match), and a whole old
/// container restored after logout. `ReaderGateTests` covers the basic
/// cases; these extend them.
@Suite struct RollbackAndMixTests {
    static let containerFiles = ["onboarding", "auth-status", "snapshot", "reload-token"]

    /// The container's files as they are now.
    static func keep(_ fixture: BridgeFixture) throws -> [String: [UInt8]] {
        var kept: [String: [UInt8]] = [:]
        for name in containerFiles where FileManager.default.fileExists(atPath: fixture.path(.container, name)) {
            kept[name] = try fixture.bytes(.container, name)
        }
        return kept
    }

    /// Puts kept files back, as an attacker restoring a backup would.
    static func restore(_ kept: [String: [UInt8]], into fixture: BridgeFixture, only names: [String]? = nil) throws {
        for (name, bytes) in kept where names?.contains(name) ?? true {
            try fixture.plant(.container, name, bytes)
        }
    }

    @Test func olderSnapshotIsARollbackAfterAReaderSawTheNewerOne() throws {
        let fixture = try BridgeFixture.published()
        let old = try fixture.bytes(.container, "snapshot")
        try fixture.app.publish(BridgeFixture.otherAccounts, staleAfter: .seconds(3600), expiresAfter: .seconds(86400), now: fixture.start)
        let newer = try fixture.bytes(.container, "snapshot")
        let shown = try #require(fixture.content())
        #expect(shown.portfolio.accounts.count == 1)
        try fixture.plant(.container, "snapshot", old)
        #expect(fixture.reason() == .rollback)
        // The attacker can only take away: the genuine newer snapshot reads again.
        try fixture.plant(.container, "snapshot", newer)
        #expect(fixture.content() == shown)
    }

    @Test func replayingTheCurrentSnapshotShowsExactlyItsContent() throws {
        let fixture = try BridgeFixture.published()
        let published = try #require(fixture.content())
        let current = try fixture.bytes(.container, "snapshot")
        for _ in 0..<3 {
            try fixture.plant(.container, "snapshot", current)
            #expect(fixture.content() == published)
        }
    }

    @Test func olderActiveAuthStatusAfterLogoutShowsNothing() throws {
        let fixture = try BridgeFixture.published()
        let kept = try Self.keep(fixture)
        try fixture.app.logout(now: fixture.start)
        try Self.restore(kept, into: fixture, only: ["auth-status"])
        #expect(fixture.reason() == .rollback)
        try Self.restore(kept, into: fixture, only: ["auth-status", "snapshot"])
        #expect(fixture.reason() == .rollback)
    }

    @Test func olderAuthStatusThatShowedBalancesIsARollback() throws {
        let fixture = try BridgeFixture.published()
        let showing = try fixture.bytes(.container, "auth-status")
        try fixture.app.setHidesBalances(true, now: fixture.start)
        #expect(fixture.content()?.hidesBalances == true)
        try fixture.plant(.container, "auth-status", showing)
        #expect(fixture.reason() == .rollback)
    }

    @Test func olderUnlockedAuthStatusAfterLockIsARollbackWhateverTheSnapshot() throws {
        let fixture = try BridgeFixture.published()
        let active = try fixture.bytes(.container, "auth-status")
        try fixture.app.lock(now: fixture.start)
        try fixture.app.publish(BridgeFixture.otherAccounts, staleAfter: .seconds(3600), expiresAfter: .seconds(86400), now: fixture.start)
        #expect(fixture.content()?.isLocked == true)
        try fixture.plant(.container, "auth-status", active)
        #expect(fixture.reason() == .rollback)
    }

    @Test func olderOnboardingAfterAnotherUserOnboardedIsARollback() throws {
        let fixture = try BridgeFixture.published()
        let alice = try Self.keep(fixture)
        try fixture.app.logout(now: fixture.start)
        try fixture.app.login(user: "bob", passcode: fixture.passcode, sessionLength: .seconds(86400), now: fixture.start)
        try fixture.app.publish(BridgeFixture.otherAccounts, staleAfter: .seconds(3600), expiresAfter: .seconds(86400), now: fixture.start)
        let bob = try #require(fixture.content())
        let bobsFiles = try Self.keep(fixture)
        try Self.restore(alice, into: fixture, only: ["onboarding"])
        #expect(fixture.reason() == .rollback)
        try Self.restore(alice, into: fixture, only: ["onboarding", "auth-status"])
        #expect(fixture.reason() == .rollback)
        try Self.restore(alice, into: fixture)
        #expect(fixture.reason() == .rollback)
        // Bob's own files still read.
        try Self.restore(bobsFiles, into: fixture)
        #expect(fixture.content() == bob)
    }

    @Test func correctlySignedAuthStatusOfAnotherEnrollmentIsRefused() throws {
        let fixture = try BridgeFixture.published()
        let places = try Places.prepare(fixture.home)
        let key = try fixture.app.loadSigningKey(places)
        let current = try SignedRecord(bytes: fixture.bytes(.container, "auth-status"), expected: .authStatus)
        let status = try AuthStatus(payload: current.verifiedPayload(publicKey: key.publicKey))
        var other = status
        other.enrollmentID = try SystemRandom.bytes(count: 16)
        try fixture.plant(.container, "auth-status", try other.signed(sequence: current.sequence + 1, with: key).bytes)
        #expect(fixture.reason() == .tampered)
    }

    @Test func aRecordOfOneKindInPlaceOfAnotherIsTampered() throws {
        let fixture = try BridgeFixture.published()
        let kept = try Self.keep(fixture)
        let swaps = [("onboarding", "auth-status"), ("auth-status", "onboarding"), ("snapshot", "auth-status"),
                     ("auth-status", "snapshot"), ("snapshot", "onboarding")]
        for (target, source) in swaps {
            try fixture.plant(.container, target, try #require(kept[source]))
            #expect(fixture.reason() == .tampered, "\(source) as \(target)")
            try Self.restore(kept, into: fixture, only: [target])
        }
        #expect(fixture.content() != nil)
    }

    @Test(arguments: [["auth-status"], ["snapshot"], ["onboarding", "auth-status"], RollbackAndMixTests.containerFiles])
    func filesFromAnotherHomeNameAnUnknownKey(names: [String]) throws {
        let fixture = try BridgeFixture.published()
        let stranger = try HomeTemplate.stranger.get()
        for name in names {
            try fixture.plant(.container, name, try #require(stranger.bytes(.container, name)))
        }
        #expect(fixture.reason() == .unknownKey)
    }

    @Test func wholeOldContainerRestoredAfterLogoutShowsNothing() throws {
        let fixture = try BridgeFixture.published()
        let kept = try Self.keep(fixture)
        try fixture.app.logout(now: fixture.start)
        try Self.restore(kept, into: fixture)
        #expect(fixture.reason() == .rollback)
    }

    @Test func wholeOldContainerRestoredAfterLogoutAndLoginDoesNotDecrypt() throws {
        let fixture = try BridgeFixture.published()
        let kept = try Self.keep(fixture)
        try fixture.app.logout(now: fixture.start)
        try fixture.app.login(user: "alice", passcode: fixture.passcode, sessionLength: .seconds(86400), now: fixture.start)
        try fixture.app.publish(BridgeFixture.otherAccounts, staleAfter: .seconds(3600), expiresAfter: .seconds(86400), now: fixture.start)
        let current = try Self.keep(fixture)
        try Self.restore(kept, into: fixture)
        #expect(fixture.reason() == .rollback)
        // The old snapshot beside today's records: its key was shredded at logout.
        try Self.restore(current, into: fixture)
        try Self.restore(kept, into: fixture, only: ["snapshot"])
        #expect(fixture.reason() == .unknownKey)
        // Even a reader that never saw today's records (fresh marks) cannot open it:
        // the keyset holds only today's key.
        try FileManager.default.removeItem(atPath: fixture.path(.keychain, "marks"))
        try Self.restore(kept, into: fixture)
        #expect(fixture.content() == nil)
        #expect(fixture.reason() == .unknownKey)
    }

    @Test func deletingFilesOnlyTakesAway() throws {
        let fixture = try BridgeFixture.published()
        let cases: [(String, Reason?)] = [
            ("reload-token", nil), ("snapshot", .noData), ("auth-status", .loggedOut), ("onboarding", .notOnboarded),
        ]
        for (name, reason) in cases {
            try FileManager.default.removeItem(atPath: fixture.path(.container, name))
            #expect(fixture.reason() == reason, "\(name) deleted")
        }
    }
}
