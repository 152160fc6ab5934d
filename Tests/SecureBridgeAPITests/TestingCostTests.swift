import Foundation
import SecureBridge
import SecureBridgeTesting
import Testing

/// `BridgeApp.forTesting`: the two lines an app's tests need run the whole
/// session on a simulated home, with a passcode that still guards unlock.
@Suite struct TestingCostTests {
    @Test func anAppForTestsLogsInLocksAndUnlocksOnlyWithItsPasscode() throws {
        let app = appForATest()
        let passcode = SecureBytes(copying: Array("2468".utf8))
        let now = Date(timeIntervalSince1970: 1_795_000_000)
        try app.login(user: "alice", passcode: passcode, sessionLength: .seconds(3600), now: now)
        try app.lock(now: now)
        let wrong = #expect(throws: SessionError.self) {
            try app.unlock(passcode: SecureBytes(copying: Array("1357".utf8)), now: now)
        }
        #expect(wrong?.kind == .wrongPasscode && wrong?.attemptsLeft == BridgeApp.maximumFailedUnlocks - 1)
        try app.unlock(passcode: passcode, now: now.addingTimeInterval(60))
        #expect(try app.status(now: now.addingTimeInterval(60)).state == "active")
    }
}
