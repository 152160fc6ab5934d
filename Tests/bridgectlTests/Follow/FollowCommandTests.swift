import Foundation
import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp

#if canImport(Glibc)
import Glibc
@testable import SecureBridgeTestSupport
#endif

/// `bridgectl read --follow` as a user runs it: the built binary in a child process.
@Suite struct FollowCommandTests {
    @Test(.timeLimit(.minutes(1))) func followPrintsALinePerChangeAndExitsZeroOnSIGTERM() async throws {
        let fixture = try BridgeFixture.live()

        let child = try Bridgectl.start(["read", "--follow", "--format", "json", "--home", fixture.root])
        let first = try #require(await child.readLine(), "the first timeline")
        #expect(first.contains(#""id":"acc-usd""#))

        try fixture.app.publish(BridgeFixture.otherAccounts, staleAfter: .seconds(3600), expiresAfter: .seconds(86400), now: Date())
        let second = try #require(await child.readLine(), "a second timeline after the publish")
        #expect(second.hasPrefix(#"{"kind":"balance""#))
        #expect(!second.contains(#""id":"acc-usd""#))
        #expect(try JSONSerialization.jsonObject(with: Data(second.utf8)) is [String: Any])

        child.send(SIGTERM)
        let end = await child.finish()
        #expect(end.signal == nil)
        #expect(end.status == 0)
        #expect(end.stdout.isEmpty, "nothing after the signal: \(end.stdout)")
    }
}
