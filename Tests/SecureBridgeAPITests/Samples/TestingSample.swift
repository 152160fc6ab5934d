// An app's tests, as docs/INTEGRATION.md shows them.

// snippet app-tests
import Foundation
import SecureBridge
import SecureBridgeTesting

/// A home in memory for one test, and its app side at the tests' passcode cost.
func appForATest() -> BridgeApp {
    BridgeApp.forTesting(home: BridgeHome(root: "/simulated/home", platform: SimulatedPlatform()))
}
// end snippet
