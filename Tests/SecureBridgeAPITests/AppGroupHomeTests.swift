import Foundation
import SecureBridge
import SecureBridgeTesting
import Testing
#if !canImport(WidgetKit)
import PlatformStandIns
#endif

/// An iOS team's first hour, from GettingStarted and INTEGRATION alone: a
/// home from the App Group's URL, an account with no number published and
/// read, and a widget extension that forgot to register its keychain store
/// told so in words meant for its developer.
@Suite struct AppGroupHomeTests {
    /// A temporary App Group container and Application Support, removed at the end.
    final class Places {
        let group: URL
        let support: URL
        init() throws {
            let identifier = "group.com.example.securebridge.\(UUID().uuidString)"
            group = try #require(FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: identifier))
            support = FileManager.default.temporaryDirectory.appendingPathComponent("securebridge-support-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: support, withIntermediateDirectories: false)
        }
        deinit {
            try? FileManager.default.removeItem(at: group)
            try? FileManager.default.removeItem(at: support)
        }
    }

    @Test func theHomeOfAnAppGroupHoldsTheWidgetsPlacesInTheGroupAndTheAppsInItsSupport() throws {
        let places = try Places()
        let home = try BridgeHome(appGroupContainer: places.group, applicationSupport: places.support)
        let group = FilePath(places.group.path(percentEncoded: false))
        #expect(home.keychain == group.appending("SecureBridge/keychain"))
        #expect(home.container == group.appending("SecureBridge/container"))
        #expect(home.app == FilePath(places.support.path(percentEncoded: false)).appending("SecureBridge/app"))
        // The documented sample makes a home of the same shape.
        let sampleGroup = "group.com.example.securebridge.sample.\(UUID().uuidString)"
        let sample = try #require(try bridgeHome(appGroup: sampleGroup))
        defer { _ = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: sampleGroup).map { try? FileManager.default.removeItem(at: $0) } }
        #expect(sample.container.lastComponent?.string == "container")
        #expect(throws: StorageError.self) {
            try BridgeHome(appGroupContainer: URL(string: "https://example.com/group")!, applicationSupport: places.support)
        }
    }

    @Test func anAccountWithNoNumberIsPublishedFromTheAppGroupHomeAndRead() throws {
        let places = try Places()
        let home = try BridgeHome(appGroupContainer: places.group, applicationSupport: places.support)
        let app = BridgeApp.forTesting(home: home)
        try app.login(user: "alice", passcode: OwnModelsTests.passcode, sessionLength: .seconds(3600), now: Date())
        let card = try Account(
            id: "acc-card", name: "Card", balance: Money(decimal: "-42.10", currency: OwnModelsTests.eur), type: .secondary)
        _ = try app.publish(try Portfolio(accounts: [card]), staleAfter: .seconds(600), expiresAfter: .seconds(3600), now: Date())

        let timeline = WidgetProvider(home: home).timeline(for: WidgetRequest(kind: .balance, family: .systemMedium))
        let entry = try #require(timeline.entries.first)
        #expect(entry.state == .full)
        #expect(entry.accounts.map(\.id) == ["acc-card"])
        #expect(entry.accounts.first?.number == nil)
        #expect(entry.accounts.first?.balance.decimalString == "-42.10")
        #expect(timeline.developerNote == nil)
    }

    /// The home's `keychain/store` names a kind (as an app that registered
    /// `ios-keychain` writes it, docs/FORMAT.md) that this process, the widget
    /// extension here, never registered: the user sees `keychain-unavailable`
    /// and no amount; the developer is told which kind to register.
    @Test func aWidgetThatForgotToRegisterTheStoreKindTellsItsDeveloper() throws {
        let places = try Places()
        let home = try BridgeHome(appGroupContainer: places.group, applicationSupport: places.support)
        try logInAtTestingCost(home: home, user: "alice", passcode: OwnModelsTests.passcode)
        #expect(try publish(home: home, bankResponse: ProviderEndToEndTests.accounts))
        let store = home.keychain.appending("store").string
        #expect(FileManager.default.createFile(
            atPath: store, contents: Data("ios-keychain 00112233445566778899aabbccddeeff\n".utf8),
            attributes: [.posixPermissions: 0o600]))
        #expect(KeychainStoreKind(rawValue: "ios-keychain") == nil)

        let timeline = WidgetProvider(home: home).timeline(for: WidgetRequest(kind: .balance, family: .systemMedium))
        let entry = try #require(timeline.entries.first)
        #expect(entry.reason == .keychainUnavailable)
        #expect(entry.accounts.isEmpty)
        let note = try #require(timeline.developerNote)
        #expect(note.contains("`ios-keychain`"), "\(note)")
        #expect(note.contains("KeychainStoreKind.register"), "\(note)")
    }
}
