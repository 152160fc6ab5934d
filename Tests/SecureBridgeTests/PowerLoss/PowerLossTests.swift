import Foundation
import Testing
@testable import SecureBridge
@testable import SecureBridgeTestSupport

/// Power loss, SQLite-style: every app command's recording on the simulated
/// platform cut after each operation, every crash state the ext4
/// `data=ordered` and pessimistic POSIX models allow (sampled with a seed),
/// each checked through the real reader, app and doctor.
/// `scripts/power-loss-test` runs it with more states (`--long`) or a broken
/// file system (`--mutant no-directory-sync`).
@Suite(.serialized) struct PowerLossTests {
    @Test(.sweep) func everyCrashStateOfEveryCommandKeepsTheInvariants() throws {
        let options = PowerLossOptions.fromEnvironment()
        let started = ContinuousClock.now
        let explorer = PowerLossExplorer(options: options)
        try explorer.run()
        print("power-loss: seed \(options.seed)\(options.losesDirectorySyncs ? ", mutant no-directory-sync" : "")")
        for report in explorer.reports {
            print(report.line)
            for failure in report.failures.prefix(20) { print("  FAIL \(failure)") }
            if report.failures.count > 20 { print("  … and \(report.failures.count - 20) more") }
            for note in report.doctorNotes.prefix(3) { print("  DOCTOR \(note)") }
        }
        print("power-loss: took \(ContinuousClock.now - started)")
        print(explorer.summary)
        #expect(explorer.reports.count == 17, "every app command was explored")
        #expect(explorer.reports.allSatisfy { $0.states.values.reduce(0, +) > 0 })
        #expect(explorer.failureCount == 0, "\(explorer.summary)")
    }

    /// The proof that the explorer sees what it claims to check: on a file
    /// system whose directory syncs do nothing, power cuts lose renames the
    /// app relied on, and the invariants fail.
    @Test(.sweep) func withoutDirectorySyncsPowerCutsBreakTheInvariants() throws {
        var options = PowerLossOptions.short
        options.losesDirectorySyncs = true
        options.runsDoctor = false
        options.statesPerCut = [.ext4Ordered: 2, .pessimistic: 3]
        let explorer = PowerLossExplorer(options: options)
        try explorer.run()
        print("power-loss (mutant no-directory-sync, unit run): \(explorer.summary)")
        #expect(explorer.failureCount > 0)
    }
}
