import Foundation
import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp
@testable import SecureBridgeTestSupport

/// `read --follow` follows a real GNOME Keyring as a one-shot read sees it:
/// the keyring locked, its daemon gone or the session bus lost make the bar's
/// next line `keychain-unavailable`, and the view comes back by itself when
/// the keyring does. How long that takes is printed, not asserted: the time
/// limits catch a follower that never notices, and speed is a benchmark's
/// business.
@Suite(.serialized) struct ReadFollowKeychainTests {
    @Test(.timeLimit(.minutes(2))) func lockingTheKeyringMasksTheBarAndItsReturnShowsItAgain() async throws {
        let session = try await KeyringSession.published(activating: false)
        let child = try Self.follow(session)
        #expect(try #require(await child.readLine()).contains(#""class":"full""#))

        let locked = ContinuousClock.now
        try session.keyring.lock()  // the Secret Service's own Lock method
        try Self.expectUnavailable(await child.readLine(), since: locked)

        try session.keyring.restart(unlocking: true)  // a new daemon with the login keyring unlocked
        #expect(try #require(await child.readLine()).contains(#""class":"full""#), "it recovers by itself")
        child.send(SIGTERM)
        #expect(await child.finish().status == 0)
    }

    @Test(.timeLimit(.minutes(2))) func theKeyringDaemonDyingMasksTheBar() async throws {
        let session = try await KeyringSession.published(activating: false)
        let child = try Self.follow(session)
        #expect(try #require(await child.readLine()).contains(#""class":"full""#))

        let killed = ContinuousClock.now
        try session.keyring.stop()
        try Self.expectUnavailable(await child.readLine(), since: killed)
        try session.keyring.restart(unlocking: true)
        #expect(try #require(await child.readLine()).contains(#""class":"full""#))
        child.send(SIGTERM)
        #expect(await child.finish().status == 0)
    }

    @Test(.timeLimit(.minutes(2))) func losingTheSessionBusMasksTheBar() async throws {
        var session: KeyringSession? = try await KeyringSession.published(activating: false)
        let fixture = session!.fixture  // the home stays: only the desktop session goes
        let child = try Self.follow(session!)
        #expect(try #require(await child.readLine()).contains(#""class":"full""#))

        let lost = ContinuousClock.now
        session = nil  // the keyring daemon and the bus killed
        try Self.expectUnavailable(await child.readLine(), since: lost)
        #expect(FileManager.default.fileExists(atPath: fixture.root))
        child.send(SIGTERM)
        #expect(await child.finish().status == 0)
    }

    /// `read --follow` of the session's home in waybar's format; the desktop lock is not watched, so only the keychain masks.
    private static func follow(_ session: KeyringSession) throws -> Bridgectl.Child {
        try Bridgectl.start(
            ["read", "--follow", "--ignore-desktop-lock", "--format", "waybar", "--home", session.fixture.root],
            setting: session.keyring.environment)
    }

    private static func expectUnavailable(_ line: String?, since: ContinuousClock.Instant) throws {
        let line = try #require(line)
        #expect(line.contains(#""class":["placeholder","keychain-unavailable"]"#), "\(line)")
        #expect(!line.contains("4,675") && !line.contains("12,850"), "no amount: \(line)")
        print("keychain-unavailable shown \(ContinuousClock.now - since) after the store went")
    }
}
