import Foundation
import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp
@testable import SecureBridgeTestSupport

/// `status` says which home it looked at, and says so when nothing is there.
@Suite struct StatusCommandTests {
    @Test func statusNamesTheHomeItUsedInTextAndJSON() async throws {
        let fixture = try BridgeFixture.published()
        let text = try await Bridgectl.run(["status", "--home", fixture.root])
        #expect(text.succeeded && text.stdout.hasPrefix("home: \(fixture.root)\nonboarded: yes\n"), "\(text)")
        let json = try await Bridgectl.run(["status", "--home", fixture.root, "--format", "json"])
        #expect(json.json?["home"] as? String == fixture.root, "\(json)")
        let moved = try await Bridgectl.run(["status", "--home", fixture.root, "--app-dir", fixture.root + "/app-elsewhere"])
        #expect(moved.stdout.hasPrefix("home: app \(fixture.root)/app-elsewhere, keychain \(fixture.root)/keychain, container \(fixture.root)/container\n"), "\(moved)")
    }

    /// After logout the user is the last one, and a session that ended has no end to show.
    @Test func afterLogoutStatusNamesTheLastUserAndNoSessionEnd() async throws {
        let fixture = try BridgeFixture.live()
        await #expect(try Bridgectl.run(["logout", "--home", fixture.root]).succeeded)
        let text = try await Bridgectl.run(["status", "--home", fixture.root])
        #expect(text.stdout.contains("last user: alice\nsession: loggedOut\n"), "\(text)")
        #expect(!text.stdout.contains("session expires"), "\(text)")
        let json = try await Bridgectl.run(["status", "--home", fixture.root, "--format", "json"])
        #expect(json.json?["user"] as? String == "alice" && json.json?["sessionExpiresAt"] is NSNull, "\(json)")
    }

    @Test func aHomeThatDoesNotExistIsAnErrorNamingIt() async throws {
        let fixture = try BridgeFixture()
        let mistyped = fixture.root + "/securebrdige"
        let output = try await Bridgectl.run(["status", "--home", mistyped])
        #expect(output.status == 1 && output.stdout.isEmpty, "\(output)")
        #expect(output.stderrLines == ["Error: There is no SecureBridge home at \(mistyped); check --home or $BRIDGE_HOME, or run `bridgectl login` to make one there."], "\(output)")
        // A home that exists but was never set up is a state, not an error.
        let fresh = try await Bridgectl.run(["status", "--home", fixture.root])
        #expect(fresh.succeeded && fresh.stdout.contains("onboarded: no"), "\(fresh)")
    }
}
