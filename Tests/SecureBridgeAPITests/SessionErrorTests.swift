import Foundation
import SecureBridge
import SecureBridgeTesting
import Testing

/// What an app reads from a `SessionError` to ask the user to log in again.
@Suite struct SessionErrorTests {
    @Test func anErrorAskingToLogInAgainNamesTheLastUser() throws {
        let app = appForATest()
        let passcode = SecureBytes(copying: Array("2468".utf8))
        let now = Date(timeIntervalSince1970: 1_795_000_000)
        try app.login(user: "alice@example.com", passcode: passcode, sessionLength: .seconds(3600), now: now)
        let expired = #expect(throws: SessionError.self) { try app.lock(now: now.addingTimeInterval(3600)) }
        #expect(expired?.kind == .sessionExpired && expired?.lastUser == "alice@example.com")
        try app.logout(now: now.addingTimeInterval(3600))
        let loggedOut = #expect(throws: SessionError.self) { try app.lock(now: now.addingTimeInterval(3601)) }
        #expect(loggedOut?.kind == .notLoggedIn && loggedOut?.lastUser == "alice@example.com")
        let wrong = #expect(throws: SessionError.self) {
            try app.login(user: "bad user", passcode: passcode, sessionLength: .seconds(3600), now: now)
        }
        #expect(wrong?.kind == .invalidUserID && wrong?.lastUser == nil)
    }
}
