import Foundation
import SecureBridge

// Prints the timeline of a balance widget of the family named by the first
// argument (systemSmall by default), read from the home bridgectl uses.
let family = CommandLine.arguments.dropFirst().first.flatMap(BridgeFamily.init(rawValue:)) ?? .systemSmall
let home = try BridgeHome.resolve(
    home: nil, app: nil, keychain: nil, container: nil, environment: ProcessInfo.processInfo.environment)
let timeline = WidgetProvider(home: home).timeline(for: WidgetRequest(kind: .balance, family: family))
for entry in timeline.entries {
    print(entry.date, entry.state.rawValue, entry.reason?.rawValue ?? "fresh", entry.title)
    for account in entry.accounts { print("  \(account.name)  \(account.balance.text)") }
}
