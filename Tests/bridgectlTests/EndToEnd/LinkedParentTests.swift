import Foundation
import SystemPackage
import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp
@testable import SecureBridgeTesting
@testable import SecureBridgeTestSupport

/// Hardening, round 4, finding 1: a home whose parent is a symbolic link to a
/// directory (`~/.local/share` kept by GNU stow). The first login made the
/// home, then could not open the link to sync the new entry ("Could not sync
/// `…/share`: Not a directory.") and stopped, leaving an empty home. The
/// entry is made in the link's target, which is the directory synced now.
// A real login runs the full scrypt cost; the limit only guards against a hang, with room for a busy machine.
@Suite(.timeLimit(.minutes(3))) struct LinkedParentTests {
    @Test func aFirstLoginUnderALinkedParentSucceedsAndAReadShowsThePublishedSnapshot() async throws {
        let fixture = try BridgeFixture()
        #expect(mkdir(fixture.root + "/dotfiles-share", 0o700) == 0)
        #expect(symlink("dotfiles-share", fixture.root + "/share") == 0)
        let home = fixture.root + "/share/securebridge"

        let login = try await Bridgectl.run(
            ["login", "--home", home, "--user", "alice", "--passcode-stdin"], input: Array("2468\n".utf8))
        try #require(login.succeeded, "\(login)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.root + "/dotfiles-share/securebridge").sorted() == ["app", "container", "keychain"])
        let publish = try await Bridgectl.run(["publish", "-", "--home", home], input: BridgeFixture.accounts)
        try #require(publish.succeeded, "\(publish)")

        let read = try await Bridgectl.run(["read", "--home", home, "--format", "json"])
        #expect(read.succeeded && read.stderr.isEmpty, "\(read)")
        let entry = try #require((read.json?["entries"] as? [[String: Any]])?.first, "\(read)")
        #expect(entry["state"] as? String == "full", "\(read)")
        let accounts = (entry["accounts"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
        #expect(accounts.sorted() == ["acc-main", "acc-usd"], "\(read)")
    }

    @Test func aHomeMadeUnderALinkedParentIsOnStorageInTheLinksTarget() throws {
        let platform = SimulatedPlatform()
        try platform.makeDirectory(at: "/users", permissions: .ownerReadWriteExecute)
        try platform.makeDirectory(at: "/users/dotfiles-share", permissions: .ownerReadWriteExecute)
        try platform.createSymbolicLink(atPath: "/users/share", target: "dotfiles-share")
        platform.writeBack()
        let home = BridgeHome(root: "/users/share/securebridge", platform: platform)
        try BridgeApp(home: home, passcodeCost: .testing).login(
            user: "alice", passcode: SecureBytes(copying: Array("2468".utf8)),
            sessionLength: .seconds(3600), now: Date(timeIntervalSince1970: 1_795_000_000))

        let syncedDirectories = platform.operations.filter { $0.kind == .syncDirectory }.map(\.path)
        #expect(syncedDirectories.contains("/users/dotfiles-share"), "the link's target holds the new home: \(syncedDirectories)")
        #expect(!syncedDirectories.contains("/users"), "the directory holding the link did not change")
        let afterCut = platform.crashState(afterOperation: platform.operations.count)
        #expect(afterCut.entries(ofDirectory: "/users/dotfiles-share/securebridge") == ["app", "container", "keychain"])
    }
}
