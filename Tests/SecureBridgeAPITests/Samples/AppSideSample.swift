// The app side, as README.md and the getting-started article show it.

// snippet app-side
import Foundation
import SecureBridge

/// After the user logs in: onboard (on first use) and sign an active session.
func logIn(home: BridgeHome, user: String, passcode: SecureBytes) throws {
    let app = BridgeApp(home: home)
    try app.login(user: user, passcode: passcode, sessionLength: .seconds(12 * 3600), now: Date())
}

/// After each fetch from the bank API: validate, encrypt, sign, replace atomically.
func publish(home: BridgeHome, bankResponse: Data) throws -> Bool {
    let portfolio = try Portfolio(bankJSON: bankResponse)
    let receipt = try BridgeApp(home: home).publish(
        portfolio, staleAfter: .seconds(3600), expiresAfter: .seconds(24 * 3600), now: Date())
    return receipt.timelineChanged  // on iOS: WidgetCenter.shared.reloadAllTimelines()
}
// end snippet
