import ArgumentParser
import SecureBridge

extension BridgeCtl {
    struct Demo: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "demo",
            abstract: "Run the whole story in a temporary home and print what a widget shows at each step.")

        func run() throws {
            try DemoStory.run { print($0) }
        }
    }
}
