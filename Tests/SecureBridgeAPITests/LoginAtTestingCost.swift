import Foundation
import SecureBridge
import SecureBridgeTesting

/// The sample's login (`logIn(home:user:passcode:)`, as README.md shows it) at
/// the tests' passcode cost (`BridgeApp.forTesting`). At the real cost each
/// login spends about half a second of CPU in scrypt, and this target's 49 of
/// them were a third of the whole suite's CPU time. One test still runs the
/// sample itself at the real cost:
/// `SimulatedCrashModelTests.thePlacesALoginCreatesSurviveAPowerCutRightAfterIt`.
func logInAtTestingCost(home: BridgeHome, user: String, passcode: SecureBytes) throws {
    try BridgeApp.forTesting(home: home).login(
        user: user, passcode: passcode, sessionLength: .seconds(12 * 3600), now: Date())
}
