import SecureBridge
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import SystemPackage

/// The whole SecureBridge story in a throw-away home: log in, publish,
/// read every family, lock, unlock, rotate keys, log out, read again.
/// `bridgectl demo` prints it; every step goes through the real library and
/// the real files, as a newcomer would. The widgets are in the locale's
/// language and numbers, as `read` shows them; the narration is English.
public enum DemoStory {
    /// Runs the story in a fresh temporary home and removes it afterwards.
    /// - Parameters:
    ///   - localeIdentifier: The widgets' locale, e.g. `de_DE`.
    ///   - say: Receives each block of output.
    /// - Throws: `StorageError` when the temporary home cannot be made, or
    ///   any error of a step (the story stops there).
    public static func run(localeIdentifier: String = "en_US", say: (String) -> Void) throws {
        let root = try temporaryHome()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try run(in: BridgeHome(root: FilePath(root)), now: Date(), localeIdentifier: localeIdentifier, say: say)
    }

    /// Runs the story in `home`, with the clock starting at `now`.
    static func run(in home: BridgeHome, now: Date, localeIdentifier: String = "en_US", say: (String) -> Void) throws {
        let app = BridgeApp(home: home, passcodeCost: GlobalOptions.passcodeCost)
        let widget = WidgetReader(home: home)
        func show(_ title: String, families: [BridgeFamily] = [.systemMedium], kind: WidgetKind = .balance, at instant: Date = now) throws {
            var text = "== \(title)\n"
            for family in families {
                let request = try WidgetRequest(kind: kind, family: family, localeIdentifier: localeIdentifier)
                text += TimelineText.render(widget.timeline(for: request, now: instant, whatIf: instant != now)) + "\n"
            }
            say(text)
        }

        say("SecureBridge demo in a temporary home: \(home.container.removingLastComponent())\n")
        try show("Before anyone logs in, the widget shows the login placeholder")
        let passcode = SecureBytes(copying: Array("2468-demo".utf8))
        try app.login(user: "demo-user", passcode: passcode, sessionLength: .seconds(7 * 86400), now: now)
        say("$ bridgectl login --user demo-user --session-ttl 7d   (onboards: signing key, keyset, pinned key, passcode)\n")
        try show("Logged in, nothing published yet")
        let receipt = try app.publish(Array(sampleInput.utf8), staleAfter: .seconds(3600), expiresAfter: .seconds(24 * 3600), now: now)
        say("$ bridgectl publish examples/spending.json   → snapshot \(receipt.sequence), \(receipt.accountCount) accounts\n")
        try show("Every family reads the snapshot", families: BridgeFamily.allCases)
        try show(
            """
            The spending widget: the largest categories with their shares; its masked entry lists other \
            categories, the first by name, because an order by amount would give the amounts away
            """, families: [.systemMedium], kind: .spending)
        try show("Two hours later the data is stale", at: now.addingTimeInterval(2 * 3600))
        try show("A day later the snapshot has expired: no amounts", at: now.addingTimeInterval(25 * 3600))
        try app.lock(now: now)
        say("$ bridgectl lock\n")
        try show("Locked: masked")
        try app.unlock(passcode: passcode, now: now)
        say("$ bridgectl unlock\n")
        try show("Unlocked: full again")
        let rotation = try app.rotateKeys(now: now)
        say("$ bridgectl keys rotate   → new data key \(rotation.newKeyID), \(rotation.retiredKeyID) destroyed\n")
        try show("After key rotation the snapshot still reads")
        try app.setHidesBalances(true, now: now)
        say("$ bridgectl prefs --hide-balances on\n")
        try show("The user hides balances")
        try app.logout(now: now)
        say("$ bridgectl logout   (keyset destroyed, epoch moves on)\n")
        try show("Logged out: nothing but the login placeholder")
    }

    private static func temporaryHome() throws -> String {
        let pattern = FileManager.default.temporaryDirectory.path + "/securebridge-demo-XXXXXX"
        var template = Array(pattern.utf8CString)
        guard mkdtemp(&template) != nil else {
            throw StorageError(.io(path: pattern, operation: .create, errno: Errno(rawValue: errno)))
        }
        return String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The input the demo publishes: the same document as `examples/spending.json`.
    static let sampleInput = #"""
    {
      "accounts": [
        {
          "id": "acc-main",
          "name": "Everyday Account",
          "balance": "4675.00",
          "currency": "EUR",
          "IBAN": "DE89370400440532013000",
          "type": "main"
        },
        {
          "id": "acc-savings",
          "name": "Rainy Day Savings",
          "balance": "15300.00",
          "currency": "EUR",
          "IBAN": "FR14 2004 1010 0505 0001 3M02 606",
          "type": "secondary"
        }
      ],
      "analytics": {
        "period": "2026-11",
        "currency": "EUR",
        "spent": [
          { "category": "Rent", "amount": "1200.00" },
          { "category": "Groceries", "amount": "412.37" },
          { "category": "Utilities", "amount": "189.25" },
          { "category": "Dining out", "amount": "143.90" },
          { "category": "Transport", "amount": "86.40" },
          { "category": "Entertainment", "amount": "59.99" },
          { "category": "Health", "amount": "45.00" }
        ],
        "received": [
          { "category": "Salary", "amount": "3850.00" },
          { "category": "Refunds", "amount": "24.99" },
          { "category": "Interest", "amount": "3.12" }
        ]
      }
    }
    """#
}
