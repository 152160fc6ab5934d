public import SecureBridge

#if DEBUG
extension BridgeApp {
    /// The app side of `home` for a test: passcode verifiers are made at a
    /// tiny scrypt cost (N = 2¹⁰, about a thousandth of the work) instead of
    /// OWASP's, so a login takes milliseconds instead of about a second.
    ///
    /// It exists in debug builds only, as tests run them, so a release app
    /// cannot call it; and only a debug build of the core reads such a
    /// verifier back (a release build refuses it as damaged), so a verifier
    /// of this cost, written by a test or planted by anyone, can never weaken
    /// a release. Use it with a simulated home:
    /// `BridgeApp.forTesting(home: BridgeHome(root: "/simulated/home", platform: SimulatedPlatform()))`.
    /// - Parameter home: The places the app writes.
    /// - Returns: An app side that is `BridgeApp(home:)` in all but the passcode's cost.
    public static func forTesting(home: BridgeHome) -> BridgeApp {
        BridgeApp(home: home, passcodeCost: .testing)
    }
}
#endif
