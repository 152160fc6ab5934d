import Foundation
import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp
@testable import SecureBridgeTestSupport

/// A container writer may plant a directory at `container/snapshot`. Logout
/// (and the tenth wrong passcode's wipe) still finishes what is the app's:
/// the keys and the passcode verifier are gone, the logout is recorded, and
/// the junk is left to a warning that names it. `login` then works.
@Suite struct LogoutJunkTests {
    /// The published home with a non-empty directory at `container/snapshot`.
    static func homeWithDirectory() throws -> (fixture: BridgeFixture, path: String) {
        let fixture = try BridgeFixture.published()
        let path = fixture.path(.container, StoredFile.snapshot.name)
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.createDirectory(atPath: path + "/inside", withIntermediateDirectories: true)
        return (fixture, path)
    }

    /// What must hold once the session was wiped past the planted directory.
    static func expectWiped(_ fixture: BridgeFixture, _ output: Bridgectl.Output?, path: String) async throws {
        if let output { #expect(output.stderr.contains(path), "the warning names the junk: \(output)") }
        let entries = try fixture.allEntries()
        #expect(!entries.contains("keychain/\(StoredFile.keyset.name)"), "\(entries)")
        #expect(!entries.contains { $0.hasSuffix("/\(StoredFile.passcode.name)") }, "\(entries)")
        let status = try await Bridgectl.run(["status", "--home", fixture.root, "--format", "json"])
        #expect(status.json?["state"] as? String == "loggedOut", "\(status)")
        let login = try await Bridgectl.run(["login", "--home", fixture.root, "--user", "alice", "--passcode-stdin"], input: Array("2468\n".utf8))
        #expect(login.succeeded, "\(login)")
    }

    @Test func logoutFinishesPastADirectoryAtTheSnapshot() async throws {
        let (fixture, path) = try Self.homeWithDirectory()
        let logout = try await Bridgectl.run(["logout", "--home", fixture.root])
        #expect(logout.succeeded, "\(logout)")
        try await Self.expectWiped(fixture, logout, path: path)
    }

    @Test func theTenthWrongPasscodeWipesPastADirectoryAtTheSnapshot() async throws {
        let (fixture, path) = try Self.homeWithDirectory()
        let wrong = SecureBytes(copying: Array("0000".utf8))
        var now = fixture.start
        for attempt in 1..<BridgeApp.maximumFailedUnlocks {
            #expect(throws: SessionError(.wrongPasscode(attemptsLeft: BridgeApp.maximumFailedUnlocks - attempt))) {
                try fixture.app.unlock(passcode: wrong, now: now)
            }
            now = now.addingTimeInterval(TimeInterval(BridgeApp.unlockDelay(afterFailures: attempt)))
        }
        #expect(throws: SessionError(.sessionWiped)) { try fixture.app.unlock(passcode: wrong, now: now) }
        try await Self.expectWiped(fixture, nil, path: path)
    }
}
