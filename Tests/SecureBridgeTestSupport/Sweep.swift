import Foundation
import Testing

extension Trait where Self == ConditionTrait {
    /// Marks a sweep: a test that runs many `bridgectl` processes, private
    /// desktop daemons or thousands of cases, and takes seconds where the
    /// others take milliseconds. Sweeps run when `SECUREBRIDGE_SWEEPS=1` is
    /// set (`.ci/run` sets it); a plain `swift test` skips them and says so,
    /// so that a run after a build stays short.
    static var sweep: Self {
        .enabled(if: Sweeps.areEnabled, "a sweep: runs with SECUREBRIDGE_SWEEPS=1, as .ci/run does")
    }
}

/// Whether this test run includes the sweeps.
enum Sweeps {
    /// The variable that turns the sweeps on, with the value `1`.
    static let variable = "SECUREBRIDGE_SWEEPS"

    static var areEnabled: Bool { ProcessInfo.processInfo.environment[variable] == "1" }

    /// How many random cases a property test tries: `plain` in a plain
    /// `swift test`, `swept` when the sweeps run, so the seeds a plain run
    /// tries are the first ones of the sweep's.
    static func cases(plain: Int, swept: Int) -> Int { areEnabled ? swept : plain }
}
