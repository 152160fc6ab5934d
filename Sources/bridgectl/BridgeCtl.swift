import ArgumentParser
import SecureBridge

@main
struct BridgeCtl: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bridgectl",
        abstract: "Publish encrypted, signed account snapshots and read them as a widget would."
    )
}
