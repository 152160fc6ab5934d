import Foundation
// Tests build in debug, where the core is built for testing; a release build
// of every target (`swift build -c release`) sees its package API only.
#if DEBUG
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp
#else
import SecureBridge
#endif

extension BridgeFixture {
    /// A fixture logged in for 7 days and holding `input` (stale after 1 h,
    /// expired after 24 h), both at the real time, so that the real
    /// `bridgectl` (which reads the system clock) finds a live session.
    static func live(_ input: [UInt8] = BridgeFixture.accounts) throws -> BridgeFixture {
        let fixture = try BridgeFixture()
        try fixture.app.login(user: "alice", passcode: fixture.passcode, sessionLength: .seconds(7 * 86400), now: Date())
        try fixture.app.publish(input, staleAfter: .seconds(3600), expiresAfter: .seconds(24 * 3600), now: Date())
        return fixture
    }
}
