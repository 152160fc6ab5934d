/// The one switch a test may set in `bridgectl`, compiled into debug builds
/// only, as swift-system keeps its mocking. Nothing here changes what a read
/// shows: a read's clock, its checks and its output have no switch in any
/// build (the conformance kit's careless readers and live clock are a patch
/// applied to a copy of the sources, `Tests/Conformance/Kit`).
enum TestSeam {
    /// Whether new passcode verifiers take the tiny testing scrypt cost: a
    /// debug build run with `SECUREBRIDGE_TEST_PASSCODE_COST=1` (the test
    /// suite's children), so each login costs milliseconds instead of seconds.
    static var usesTestingPasscodeCost: Bool {
        #if DEBUG
        environmentVariable("SECUREBRIDGE_TEST_PASSCODE_COST") == "1"
        #else
        false
        #endif
    }
}
