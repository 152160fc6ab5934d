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
    struct Inspect: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "inspect",
            abstract: "Show a snapshot's or record's clear header without verifying or decrypting it.")

        @OptionGroup var options: GlobalOptions

        @Argument(help: "The file to inspect (default: the container's snapshot).")
        var file: String?

        func run() throws {
            if let file {
                let bytes = try SecretInput.contents(
                    of: file, limit: SnapshotEnvelope.maximumByteCount,
                    terminalHint: "pass the file to inspect (`bridgectl inspect container/snapshot`), or none for the home's snapshot.")
                print(try Inspection.describe(bytes))
            } else {
                let snapshot = try Inspection.describeSnapshot(in: try options.bridgeHome)
                print(snapshot.text)
                if snapshot.problem != nil { print(Advice.snapshotProblem) }
            }
        }
    }
}
