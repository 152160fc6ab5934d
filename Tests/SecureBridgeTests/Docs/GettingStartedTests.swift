import Foundation
import Testing
@testable import SecureBridge
@testable import bridgectl

/// The code of `SecureBridge.docc/GettingStarted.md`, line for line except the
/// home (a fresh temporary one), so the article cannot drift from the API.
@Suite struct GettingStartedTests {
    @Test func theArticlesAppAndWidgetCodeRunsAndShowsTheAccounts() throws {
        let fixture = try BridgeFixture()
        var printed: [String] = []
        func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }
        let accounts = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("examples/accounts.json").path

        let home = try BridgeHome.resolve(
            home: fixture.root, app: nil, keychain: nil, container: nil,
            environment: ProcessInfo.processInfo.environment)

        // The app side.
        let app = BridgeApp(home: home)

        // The passcode comes from a secure text field, never from a string literal in real code.
        let passcode = SecureBytes(copying: Array("2468".utf8))
        try app.login(user: "alice", passcode: passcode, sessionSeconds: 12 * 3600, now: Date())

        // The bank API's account list: validated, encrypted, signed, written atomically.
        let input = try SecretInput.contents(of: accounts, limit: PublishInput.maximumByteCount)
        let receipt = try app.publish(input, ttlSeconds: 24 * 3600, staleAfterSeconds: 3600, now: Date())
        if receipt.contentChanged {
            print("snapshot \(receipt.sequence) published; widgets reload")  // WidgetCenter.reloadTimelines
        }

        // The widget side.
        let reader = WidgetReader(home: home)
        let request = try WidgetRequest(kind: .balance, family: .systemSmall)

        let placeholder = WidgetTimeline.placeholder(for: request)  // placeholder(in:)
        let timeline = reader.timeline(for: request, now: Date())  // getTimeline(in:completion:)

        for entry in timeline.entries {
            switch entry.state {
            case .full: print(entry.date, entry.title, entry.accounts.map(\.balance), entry.reason?.rawValue ?? "fresh")
            case .masked: print(entry.date, entry.title, "amounts hidden:", entry.reason?.rawValue ?? "")
            case .loginPrompt: print(entry.date, "log in at", entry.url?.absoluteString ?? "", entry.reason?.rawValue ?? "")
            }
        }
        if case let .after(date) = timeline.policy { print("ask again after", date, "or when the token changes") }

        #expect(placeholder.isSample)
        #expect(printed.first == "snapshot 1 published; widgets reload")
        #expect(printed.count == 5, "publish, fresh, stale, session end, policy: \(printed)")
        #expect(printed[1].hasSuffix("Everyday Account [\"€4,675.00\"] fresh"))
        #expect(printed[2].hasSuffix("[\"€4,675.00\"] stale"))
        #expect(printed[3].hasSuffix("log in at securebridge://login session-expired"))
        #expect(printed[4].hasPrefix("ask again after"))
    }
}
