import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SecureBridge
import SecureBridgeDoctor

extension BridgeCtl {
    struct Doctor: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "doctor",
            abstract: "Check the home, the keys, the session and the widget's view; explain each finding with a fix.",
            discussion: """
                One line per finding: ok, warning (the widget shows less than it could, or soon will) or problem \
                (broken or unsafe). A finding that follows from another is printed under it, marked ↳, without a \
                fix of its own: fix the cause first. Changes nothing. Exit status 0 when there is no problem (with --strict: no \
                warning either), 1 otherwise.
                """)

        @OptionGroup var options: GlobalOptions

        @Option(help: "Output format: text or json.")
        var format: OutputFormat = .text

        @Flag(help: "Exit 1 on warnings too.")
        var strict = false

        func run() throws {
            let report = SecureBridgeDoctor.Doctor(home: try options.bridgeHome).examine(now: Date())
            print(format == .json ? report.json : report.text)
            guard strict ? report.isAllOK : report.isHealthy else { throw ExitCode.failure }
        }
    }
}
