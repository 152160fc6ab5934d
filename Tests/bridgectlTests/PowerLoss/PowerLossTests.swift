import Foundation
import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp
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
        print("power-loss: seed \(options.seed)\(options.losesDirectorySyncs ? ", mutant no-directory-sync" : "")")
        var reports: [PowerLossCommandReport] = []
        // Each command with the keychain's items as files, then in the simulated Secret Service.
        for keychain in PowerLossKeychain.allCases {
            let explorer = PowerLossExplorer(options: options, keychain: keychain)
            try explorer.run()
            for report in explorer.reports {
                print(report.line)
                for failure in report.failures.prefix(20) { print("  FAIL \(failure)") }
                if report.failures.count > 20 { print("  … and \(report.failures.count - 20) more") }
            }
            reports += explorer.reports
        }
        let summary = PowerLossExplorer.summary(reports)
        print("power-loss: took \(ContinuousClock.now - started)")
        print(summary)
        #expect(reports.count == 17 * PowerLossKeychain.allCases.count, "every app command was explored with each store")
        #expect(reports.allSatisfy { $0.states.values.reduce(0, +) > 0 })
        #expect(PowerLossExplorer.failureCount(reports) == 0, "\(summary)")
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
