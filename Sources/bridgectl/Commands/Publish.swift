import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SecureBridge
import SecureBridgeLedger
import SystemPackage

extension BridgeCtl {
    struct Publish: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "publish",
            abstract: "Validate the bank API's account list and publish it as the new snapshot.",
            // The synopsis of the JSON form, as it was before the journal
            // options (listed under their own heading): the argument parser
            // would shorten a synopsis of this many options to `[<options>]`,
            // and usage errors print it.
            usage: "bridgectl publish [--home <home>] [--app-dir <app-dir>] [--keychain-dir <keychain-dir>] [--container-dir <container-dir>] [--verbose] [<file>] [--ttl <ttl>] [--stale-after <stale-after>]")

        @OptionGroup var options: GlobalOptions

        static let defaultFile = "-"
        static let defaultTTL = "24h"
        static let defaultStaleAfter = "1h"

        @Argument(help: "The JSON input file, or - for standard input; with --from, the journal.")
        var file = Publish.defaultFile

        @Option(help: "Hard expiry: after it widgets show no amounts (e.g. 24h).")
        var ttl = Publish.defaultTTL

        @Option(help: "Soft expiry: after it amounts are flagged stale (e.g. 1h).")
        var staleAfter = Publish.defaultStaleAfter

        @OptionGroup(title: "Publishing from a journal") var journal: JournalOptions

        /// A bad `--ttl` or `--stale-after`, or a soft expiry past the hard one, is a usage error (exit 64),
        /// and so are journal options without `--from` or a bad one with it.
        func validate() throws {
            _ = try plan.durations()
            try journal.validate(file: file)
        }

        func run() throws {
            guard let tool = journal.from else { return try plan.run() }
            try journal.run(tool: tool, plan: plan)
        }

        private var plan: PublishPlan {
            PublishPlan(
                home: options.home, appDirectory: options.appDirectory, keychainDirectory: options.keychainDirectory,
                containerDirectory: options.containerDirectory, file: file, ttl: ttl, staleAfter: staleAfter)
        }
    }

    /// Everything one `publish` needs, whichever parser read its arguments
    /// (`QuickPublish` or the argument parser): the option values as given.
    struct PublishPlan: Equatable {
        var home: String?
        var appDirectory: String?
        var keychainDirectory: String?
        var containerDirectory: String?
        var file: String
        var ttl: String
        var staleAfter: String

        /// `--ttl` and `--stale-after` in seconds.
        /// - Throws: `ValidationError` for a value that is no duration, or a
        ///   soft expiry longer than the hard one.
        func durations() throws -> (ttl: Int64, staleAfter: Int64) {
            let ttlSeconds = try parseDuration(ttl, option: "--ttl")
            let staleSeconds = try parseDuration(staleAfter, option: "--stale-after")
            guard staleSeconds <= ttlSeconds else { throw ValidationError(Advice.staleAfterRule) }
            return (ttlSeconds, staleSeconds)
        }

        func run() throws {
            let (ttlSeconds, staleSeconds) = try durations()
            let input = try SecretInput.contents(
                of: file, limit: PublishInput.maximumByteCount,
                terminalHint: "pass the bank API's JSON as a file (`bridgectl publish accounts.json`) or pipe it in (`fetch-accounts | bridgectl publish -`).")
            let app = try GlobalOptions.app(
                home: home, app: appDirectory, keychain: keychainDirectory, container: containerDirectory)
            let receipt = try app.publish(
                input, staleAfter: .seconds(staleSeconds), expiresAfter: .seconds(ttlSeconds), now: Date())
            print(Self.sentence(for: receipt))
        }

        /// What a publish prints: the snapshot, its accounts, and whether widgets reload.
        static func sentence(for receipt: PublishReceipt) -> String {
            "Published snapshot \(receipt.sequence) with \(receipt.accountCount) account\(receipt.accountCount == 1 ? "" : "s")"
                + (receipt.timelineChanged ? "." : " (timeline unchanged; no widget reload).")
        }
    }
}
