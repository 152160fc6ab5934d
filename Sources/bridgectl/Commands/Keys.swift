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
    struct Keys: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "keys",
            abstract: "Manage the data keyset, and export the keys other readers need.",
            subcommands: [Rotate.self, Export.self])

        struct Rotate: ParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "rotate",
                abstract: "Make a new primary data key, re-seal the snapshot under it and destroy the old key.")

            @OptionGroup var options: GlobalOptions

            func run() throws {
                let rotation = try options.app.rotateKeys(now: Date())
                print("New data key \(rotation.newKeyID); key \(rotation.retiredKeyID) destroyed"
                    + (rotation.resealedSnapshot
                        ? "; the snapshot was re-sealed."
                        : "; the container held no snapshot to re-seal (widgets show accounts again after `bridgectl publish FILE`)."))
            }
        }
    }
}
