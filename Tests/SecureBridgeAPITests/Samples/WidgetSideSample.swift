// The widget side without WidgetKit, as README.md and the getting-started article show it.

// snippet widget-side
import Foundation
import SecureBridge

/// What a small balance widget shows now, one line per entry.
func describeBalanceWidget(home: BridgeHome) -> [String] {
    let provider = WidgetProvider(home: home)
    let request = WidgetRequest(kind: .balance, family: .systemSmall)
    let timeline = provider.timeline(for: request)
    return timeline.entries.map { entry in
        switch entry.state {
        case .full, .masked:
            let amounts = entry.accounts.map { "\($0.name) \($0.balance.text)" }
            return "\(entry.title): \(amounts.joined(separator: ", ")) \(entry.reason?.rawValue ?? "fresh")"
        case .loginPrompt:
            return "\(entry.title) → \(entry.url?.absoluteString ?? "")"
        }
    }
}
// end snippet
