import Foundation
import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp
@testable import SecureBridgeTestSupport

/// The places are swept for a killed writer's temporary files at an app's
/// first command (`LeftoverSweep`): a new process finds them all, and a
/// long-lived app does not list three directories on every command.
@Suite struct LeftoverSweepTests {
    private func plantLeftover(_ fixture: BridgeFixture) throws -> String {
        let name = SecureDirectory.temporaryName(for: StoredFile.snapshot.name)
        try fixture.overwrite(.container, name, with: Array("left by a killed publish".utf8))
        return fixture.path(.container, name)
    }

    @Test func onlyTemporaryNamesAreSwept() {
        #expect(SecureDirectory.isTemporaryName(SecureDirectory.temporaryName(for: StoredFile.snapshot.name)))
        for name in [".snapshot.tmp-0123456789abcdef", "..tmp-", ".a.tmp-x", ".x.tmp-"] {
            #expect(SecureDirectory.isTemporaryName(name), "\(name)")
        }
        for name in ["snapshot", "snapshot.tmp-1", ".tmp-", ".tmp-1", ".snapshot", ".a.tmp", "", "."] {
            #expect(!SecureDirectory.isTemporaryName(name), "\(name)")
        }
    }

    @Test func aNewAppSweepsAtItsFirstCommandAndALongLivedOneOnlyThen() throws {
        let fixture = try BridgeFixture()
        try fixture.loginAndPublish()
        let leftover = try plantLeftover(fixture)
        try fixture.app.lock(now: fixture.start)
        #expect(FileManager.default.fileExists(atPath: leftover), "this app swept at its first command already")

        let nextProcess = BridgeApp(home: fixture.home, passcodeCost: .testing)
        try nextProcess.unlock(passcode: fixture.passcode, now: fixture.start)
        #expect(!FileManager.default.fileExists(atPath: leftover), "a new app sweeps at its first command")
    }

    @Test func aSweepThatFailsIsTriedAgain() throws {
        let sweep = LeftoverSweep()
        struct Refused: Error {}
        #expect(throws: Refused.self) { try sweep.once { throw Refused() } }
        var runs = 0
        try sweep.once { runs += 1 }
        try sweep.once { runs += 1 }
        #expect(runs == 1)
    }
}
