import Foundation
import PlatformStandIns
import SecureBridge
import SystemPackage
import Testing

/// The public API as an app and its widget use it, end to end on real files:
/// the samples of the documentation run against a fresh home.
@Suite struct ProviderEndToEndTests {
    /// A fresh home in the temporary directory, removed when the test ends.
    final class Home {
        let root: String
        let home: BridgeHome
        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("securebridge-api-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: false)
            home = BridgeHome(root: FilePath(root))
        }
        deinit { try? FileManager.default.removeItem(atPath: root) }
    }

    static let accounts = try! Data(contentsOf: DocumentedSamplesTests.root.appendingPathComponent("examples/accounts.json"))
    static let passcode = SecureBytes(copying: Array("2468".utf8))

    /// A home where alice logged in and published the example accounts.
    static func publishedHome() throws -> Home {
        let fixture = try Home()
        try logInAtTestingCost(home: fixture.home, user: "alice", passcode: passcode)
        #expect(try publish(home: fixture.home, bankResponse: accounts))
        return fixture
    }

    static func context(_ family: WidgetFamily, preview: Bool = false) -> TimelineProviderContext {
        TimelineProviderContext(family: family, isPreview: preview)
    }

    @Test func theDocumentedSamplesPublishAndShowTheMainAccount() throws {
        let fixture = try Self.publishedHome()
        let lines = describeBalanceWidget(home: fixture.home)
        #expect(lines.first == "Everyday Account: Everyday Account €4,675.00 fresh")
        #expect(lines.count == 3, "fresh, stale, session end: \(lines)")
        #expect(lines.last == "Your session has ended: log in again → securebridge://login")
        // Whether the same data again reloads depends on the second it lands
        // in (the widget's "updated" time and its dates move): TimelineReloadTests
        // checks the receipt against the provider's timeline with a fixed clock.
    }

    @Test func theWidgetKitGlueAnswersAllThreeCalls() throws {
        let fixture = try Self.publishedHome()
        let provider = BalanceProvider(home: fixture.home)

        let placeholder = provider.placeholder(in: Self.context(.systemSmall))
        #expect(placeholder.model.isSample && placeholder.model.state == .full)

        var snapshot: BalanceEntry?
        provider.getSnapshot(in: Self.context(.systemMedium)) { snapshot = $0 }
        #expect(snapshot?.model.state == .full)
        #expect(snapshot?.model.isSample == false)
        #expect(snapshot?.model.accounts.count == 3)

        var timeline: Timeline<BalanceEntry>?
        provider.getTimeline(in: Self.context(.systemSmall)) { timeline = $0 }
        let entries = try #require(timeline?.entries)
        #expect(entries.map(\.model.state) == [.full, .full, .loginPrompt])
        #expect(entries.map { $0.model.reason } == [nil, .stale, .sessionExpired])
        #expect(timeline?.policy.date != nil)

        var lockScreen: BalanceEntry?
        provider.getSnapshot(in: Self.context(.accessoryRectangular)) { lockScreen = $0 }
        #expect(lockScreen?.model.state == .masked)
        #expect(lockScreen?.model.accounts.allSatisfy { $0.balance.isMasked && !$0.balance.text.contains(where: \.isNumber) } == true)
    }

    @Test func amountsCarryTypedValuesAndASpokenLabel() throws {
        let fixture = try Self.publishedHome()
        let provider = WidgetProvider(home: fixture.home)
        let entry = provider.snapshot(for: WidgetRequest(kind: .balance, family: .systemExtraLarge))
        let balances = entry.accounts.map(\.balance)
        let main = try #require(balances.first)
        #expect(main.value == Decimal(string: "4675.00"))
        #expect(main.sign == .plus)
        #expect(main.currencyCode == "EUR")
        #expect(!main.isMasked)
        #expect(main.accessibilityLabel == "4675 euros")
        let debt = try #require(balances.first { $0.sign == .minus })
        #expect(debt.value.map { $0 < 0 } == true)
        #expect(debt.accessibilityLabel.hasPrefix("minus "))
        #expect(balanceRow(entry.accounts[0]).spoken == "4675 euros")
        #expect("\(main)" == "DisplayAmount(EUR)", "a description never holds the amount")
    }

    @Test func lockMasksAndLogoutLeavesOnlyTheLoginPrompt() throws {
        let fixture = try Self.publishedHome()
        let provider = WidgetProvider(home: fixture.home)
        let request = WidgetRequest(kind: .balance, family: .systemLarge)
        try BridgeApp(home: fixture.home).lock(now: Date())
        let locked = provider.snapshot(for: request)
        #expect(locked.state == .masked && locked.reason == .locked)
        for amount in locked.accounts.map(\.balance) {
            #expect(amount.isMasked && amount.value == nil && amount.sign == nil)
            #expect(!amount.text.contains(where: \.isNumber) && !amount.accessibilityLabel.contains(where: \.isNumber))
        }
        try BridgeApp(home: fixture.home).logout(now: Date())
        let loggedOut = provider.timeline(for: request)
        #expect(loggedOut.entries.map(\.state) == [.loginPrompt])
        #expect(loggedOut.entries.first?.reason == .loggedOut)
        #expect(loggedOut.entries.first?.accounts.isEmpty == true)
    }

    @Test func aHomeNobodySetUpShowsTheSetUpPromptAndThePlaceholderNeedsNoFiles() throws {
        let fixture = try Home()
        let provider = WidgetProvider(home: fixture.home, clock: { Date(timeIntervalSince1970: 1_795_000_000) })
        let request = WidgetRequest(kind: .spending, family: .systemMedium)
        let placeholder = provider.placeholder(for: request)
        #expect(placeholder.isSample && placeholder.date == Date(timeIntervalSince1970: 1_795_000_000))
        let snapshot = provider.snapshot(for: request)
        #expect(snapshot.state == .loginPrompt && snapshot.reason == .notOnboarded)
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.root).isEmpty, "reading writes nothing")
    }

    @Test func thePreviewSampleDrawsThePublishedAccounts() throws {
        let fixture = try Self.publishedHome()
        let (text, svg, gallery) = previews(home: fixture.home)
        #expect(text.contains("€4,675.00"))
        #expect(svg.hasPrefix("<svg") || svg.hasPrefix("<?xml"))
        #expect(gallery.contains("<html"))
    }

    @Test func deepLinksResolveOnlyWhenWellFormed() {
        #expect(destination(of: URL(string: "securebridge://account/acc-main")!) == "account acc-main")
        #expect(destination(of: URL(string: "securebridge://login")!) == "login")
        #expect(destination(of: URL(string: "securebridge://account/../etc")!) == nil)
        #expect(destination(of: URL(string: "otherbank://login")!) == nil)
    }

    @Test func badBankJSONIsRefusedWithASentenceNamingTheField() throws {
        let bad = Data(#"[{"id":"a","name":"A","balance":"1.00","currency":"EUR","IBAN":"DE00 0000","type":"main"}]"#.utf8)
        let error = try #require(throws: (any Error).self) { try Portfolio(bankJSON: bad) }
        let sentence = "\(error)"
        #expect(sentence.contains("\"IBAN\""))
        #expect(!sentence.contains("DE00"))
    }
}
