import ArgumentParser
import SecureBridge

extension BridgeCtl {
    struct Demo: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "demo",
            abstract: "Run the whole story in a temporary home and print what a widget shows at each step.",
            discussion: "The widgets are in the locale LC_ALL, LC_MESSAGES or LANG names, as read shows them.")

        func run() throws {
            try DemoStory.run(localeIdentifier: WidgetOptions.environmentLocale) { print($0) }
        }
    }
}
