import Foundation
import SecureBridge
import SecureBridgeTesting
import Synchronization
import SystemPackage
import Testing

/// An app that brings its own keychain store, through the public API only:
/// an in-memory device keychain that behaves as the iOS Keychain does (items
/// in access groups, none of them readable while the device is locked),
/// registered as a store kind, with the whole flow run through it.
@Suite struct OwnKeychainStoreTests {
    static let accounts = ProviderEndToEndTests.accounts
    static let passcode = ProviderEndToEndTests.passcode
    static let request = WidgetRequest(kind: .balance, family: .systemMedium)

    @Test func theWholeFlowRunsThroughTheAppsOwnStore() throws {
        let fixture = try ProviderEndToEndTests.Home()
        let device = DeviceKeychain()
        let app = BridgeApp.forTesting(home: fixture.home)
        let widget = WidgetProvider(home: fixture.home)

        device.actAs(.app)
        let kept = try app.login(
            user: "alice", passcode: Self.passcode, sessionLength: .seconds(3600), keychain: device.kind, now: Date())
        #expect(kept == device.kind)
        #expect(try app.status(now: Date()).keychainStore == device.kind)
        let files = try keychainFiles(fixture.home)
        #expect(files == ["store"], "no key is a file: \(files)")
        let store = try String(contentsOfFile: fixture.home.keychain.appending("store").string, encoding: .utf8)
        #expect(store.range(of: "^\(device.kind.rawValue) [0-9a-f]{32}\n$", options: .regularExpression) != nil, "\(store)")
        #expect(device.items(in: DeviceKeychain.sharedGroup) == ["keyset", "marks", "publisher.pub"])
        #expect(device.items(in: DeviceKeychain.appGroup) == ["passcode"], "the verifier is where the widget cannot reach it")
        #expect(FileManager.default.fileExists(atPath: fixture.home.app.appending("passcode").string) == false)
        #expect(try publish(home: fixture.home, bankResponse: Self.accounts))

        device.actAs(.widget)
        let full = widget.snapshot(for: Self.request)
        #expect(full.state == .full, "\(full)")
        #expect(full.accounts.first?.balance.text == "€4,675.00")

        device.actAs(.app)
        try app.lock(now: Date())
        device.actAs(.widget)
        #expect(widget.snapshot(for: Self.request).state == .masked)
        device.actAs(.app)
        try app.unlock(passcode: Self.passcode, now: Date())
        device.actAs(.widget)
        #expect(widget.snapshot(for: Self.request).state == .full)

        device.actAs(.app)
        try app.logout(now: Date())
        #expect(device.items(in: DeviceKeychain.sharedGroup) == ["marks", "publisher.pub"], "logout deletes the data keys")
        #expect(device.items(in: DeviceKeychain.appGroup).isEmpty, "and the verifier")
        device.actAs(.widget)
        let loggedOut = widget.snapshot(for: Self.request)
        #expect(loggedOut.state == .loginPrompt && loggedOut.reason == .loggedOut, "\(loggedOut)")
    }

    /// The store the getting-started article shows (`Samples/KeychainStoreSample.swift`)
    /// keeps the keys: nothing of them is a file, and the widget reads through it.
    @Test func theDocumentedVaultStoreKeepsTheKeys() throws {
        let fixture = try ProviderEndToEndTests.Home()
        KeychainStoreKind.register(VaultKeychainStore.kind)
        try BridgeApp.forTesting(home: fixture.home).login(
            user: "alice", passcode: Self.passcode, sessionLength: .seconds(3600), keychain: VaultKeychainStore.kind, now: Date())
        #expect(try publish(home: fixture.home, bankResponse: ProviderEndToEndTests.accounts))
        #expect(try keychainFiles(fixture.home) == ["store"], "no key is a file")
        let chosen = try String(contentsOfFile: fixture.home.keychain.appending("store").string, encoding: .utf8)
        let id = try #require(chosen.split(separator: " ").last?.dropLast())
        let location = KeychainStoreLocation(id: String(id), keychainDirectory: fixture.home.keychain)
        #expect(try VaultKeychainStore.vault(for: location).read(.dataKeyset) != nil)
        let entry = WidgetProvider(home: fixture.home).snapshot(for: WidgetRequest(kind: .balance, family: .systemMedium))
        #expect(entry.state == .full && entry.accounts.count == 3)
    }

    @Test func aStoreThatBecomesUnreachableDestroysNothing() throws {
        let fixture = try ProviderEndToEndTests.Home()
        let device = DeviceKeychain()
        let app = BridgeApp.forTesting(home: fixture.home)
        let widget = WidgetProvider(home: fixture.home)
        device.actAs(.app)
        try app.login(user: "alice", passcode: Self.passcode, sessionLength: .seconds(3600), keychain: device.kind, now: Date())
        #expect(try publish(home: fixture.home, bankResponse: Self.accounts))
        device.actAs(.widget)
        let before = widget.snapshot(for: Self.request)
        #expect(before.state == .full)
        let items = device.contents()
        let snapshot = try Data(contentsOf: URL(fileURLWithPath: fixture.home.container.appending("snapshot").string))

        device.lockDevice()
        let unavailable = widget.snapshot(for: Self.request)
        #expect(unavailable.state == .loginPrompt, "\(unavailable)")
        #expect(unavailable.reason == .keychainUnavailable)
        #expect(!unavailable.accounts.contains { $0.balance.text.contains(where: \.isNumber) }, "no amount")
        #expect(widget.timeline(for: Self.request).entries.first?.reason == .keychainUnavailable)

        device.actAs(.app)
        #expect {
            try publish(home: fixture.home, bankResponse: Self.accounts)
        } throws: { error in
            guard case let KeychainStoreError.unavailable(store, reason) = error else { return false }
            return store == device.kind && reason is DeviceKeychain.Locked
                && "\(error)" == "The device is locked; unlock it and try again."
        }
        #expect(device.contents() == items, "nothing in the store was destroyed or changed")
        #expect(try Data(contentsOf: URL(fileURLWithPath: fixture.home.container.appending("snapshot").string)) == snapshot)

        device.unlockDevice()
        device.actAs(.widget)
        let after = widget.snapshot(for: Self.request)
        #expect(after.state == .full, "the same snapshot reads in full again: \(after)")
        #expect(after.accounts == before.accounts)

        // Showing less needs no store: with the device locked, the app still locks, and the widget masks once it can read.
        device.lockDevice()
        device.actAs(.app)
        try app.lock(now: Date())
        #expect(device.contents() == items, "the lock wrote nothing into the store it could not use")
        device.unlockDevice()
        device.actAs(.widget)
        let locked = widget.snapshot(for: Self.request)
        #expect(locked.state == .masked && locked.reason == .locked, "\(locked)")
    }

    @Test func aWidgetWithoutTheSharedAccessGroupSeesNothing() throws {
        let fixture = try ProviderEndToEndTests.Home()
        let device = DeviceKeychain()
        device.actAs(.app)
        try BridgeApp.forTesting(home: fixture.home).login(
            user: "alice", passcode: Self.passcode, sessionLength: .seconds(3600), keychain: device.kind, now: Date())
        #expect(try publish(home: fixture.home, bankResponse: Self.accounts))

        device.actAs(.unentitledWidget)
        let entry = WidgetProvider(home: fixture.home).snapshot(for: Self.request)
        #expect(entry.state == .loginPrompt && entry.reason == .notOnboarded, "no pinned key, so nothing to trust: \(entry)")
    }

    @Test func aHomeKeptInAStoreThisProcessCannotOpenIsNeverReadAsFiles() throws {
        let fixture = try ProviderEndToEndTests.Home()
        try publishedOnFiles(fixture.home)
        // The choice of store names a kind nobody registered here.
        let name = "unregistered-kind-\(UUID().uuidString.prefix(8).lowercased())"
        try Data("\(name) \(String(repeating: "ab", count: 16))\n".utf8)
            .write(to: URL(fileURLWithPath: fixture.home.keychain.appending("store").string))
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: fixture.home.keychain.appending("store").string)
        let entry = WidgetProvider(home: fixture.home).snapshot(for: Self.request)
        #expect(entry.state == .loginPrompt && entry.reason == .keychainUnavailable, "the key files beside it are not used: \(entry)")
        let timeline = WidgetProvider(home: fixture.home).timeline(for: Self.request)
        #expect(timeline.entries.map(\.reason) == [.keychainUnavailable], "no entry of the timeline either: \(timeline.entries)")
        #expect {
            try publish(home: fixture.home, bankResponse: Self.accounts)
        } throws: { error in
            guard case KeychainStoreError.unregisteredKind(name: name) = error else { return false }
            return "\(error)".hasPrefix("No keychain store kind named `\(name)` is registered in this process; the ") && Self.listsFiles("\(error)")
        }
        #expect(try keychainFiles(fixture.home).contains("keyset"), "and not destroyed either")
    }

    /// Whether a sentence ends listing the registered kinds, files first: which others
    /// there are depends on the tests that ran before.
    static func listsFiles(_ sentence: String) -> Bool {
        sentence.contains("the only registered kind is files.") || sentence.contains("the registered kinds are files")
    }

    @Test func aLoginToAKindNobodyRegisteredChangesNothing() throws {
        let fixture = try ProviderEndToEndTests.Home()
        let unregistered = KeychainStoreKind(name: "unregistered-\(UUID().uuidString.prefix(8).lowercased())", whereKept: "nowhere") { _ in
            DeviceKeychainStore(device: DeviceKeychain(), service: "never")
        }
        #expect {
            try BridgeApp.forTesting(home: fixture.home).login(
                user: "alice", passcode: Self.passcode, sessionLength: .seconds(3600), keychain: unregistered, now: Date())
        } throws: { error in
            guard case let KeychainStoreError.unregisteredKind(name) = error else { return false }
            return name == unregistered.rawValue
                && "\(error)".hasPrefix("No keychain store kind named `\(name)` is registered in this process; the ") && Self.listsFiles("\(error)")
        }
        #expect(!FileManager.default.fileExists(atPath: fixture.home.keychain.appending("store").string), "no store was chosen")
    }

    @Test func aKindIsLookedUpByNameOrRefusedInASentenceListingTheRegisteredKinds() throws {
        let device = DeviceKeychain()
        device.actAs(.app)
        #expect(try KeychainStoreKind.registered(named: "files") == .files)
        let found = try KeychainStoreKind.registered(named: device.kind.rawValue)
        #expect(found == device.kind && found.whereKept == "in the device's Keychain", "the registered kind itself, opener and all")

        let typo = "devise-keychain"
        let error = try #require(throws: KeychainStoreError.self) { try KeychainStoreKind.registered(named: typo) }
        guard case .unregisteredKind(name: typo) = error else {
            Issue.record("not the unregistered kind: \(error)")
            return
        }
        let sentence = error.description
        // Other suites of this process register kinds of their own meanwhile:
        // two or more are listed as "files, … and last", or "files and last".
        #expect(sentence.hasPrefix(
            "No keychain store kind named `devise-keychain` is registered in this process; the registered kinds are files"), "\(sentence)")
        #expect(sentence.contains(" and "), "the last kind follows an and: \(sentence)")
        #expect(sentence.contains(device.kind.rawValue), "the kind the typo meant is listed: \(sentence)")
        #expect(sentence.hasSuffix(".") && !sentence.dropLast().contains(".") && !sentence.contains("\n"), "one sentence: \(sentence)")

        // A name from a command line cannot break the line or hide in it.
        let hostile = try #require(throws: KeychainStoreError.self) { try KeychainStoreKind.registered(named: "a\nb\u{202E}") }
        #expect(hostile.description.hasPrefix(#"No keychain store kind named "a\u{A}b\u{202E}" is registered"#), "\(hostile)")
    }

    @Test func theCoreKnowsFilesAndEveryRegisteredKindByName() {
        let device = DeviceKeychain()
        device.actAs(.app)
        #expect(KeychainStoreKind.files.rawValue == "files")
        #expect(KeychainStoreKind.files.whereKept == "as files")
        #expect(KeychainStoreKind(rawValue: "files") == .files)
        #expect(KeychainStoreKind(rawValue: device.kind.rawValue)?.whereKept == "in the device's Keychain")
        #expect(KeychainStoreKind.allCases.first == .files)
        #expect(KeychainStoreKind.allCases.contains(device.kind))
        #expect(KeychainStoreKind(rawValue: "never-registered") == nil)
        #expect(KeychainItem.allItems.map(\.name) == ["keyset", "publisher.pub", "marks", "passcode"])
    }

    // MARK: Helpers

    private func publishedOnFiles(_ home: BridgeHome) throws {
        try logInAtTestingCost(home: home, user: "alice", passcode: Self.passcode)
        #expect(try publish(home: home, bankResponse: Self.accounts))
    }

    /// The keychain directory's entries, its lock aside.
    private func keychainFiles(_ home: BridgeHome) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: home.keychain.string).filter { $0 != ".lock" }.sorted()
    }
}

/// A device's keychain, as the iOS Keychain behaves: each item belongs to an
/// access group and a service, and a process reaches only the groups it is
/// entitled to; while the device is locked (an item protected "after first
/// unlock" before it, or "when unlocked"), every call fails and nothing
/// changes. Replacing an item is atomic, and memory is as durable as this
/// test needs.
final class DeviceKeychain: Sendable {
    /// The group the app and its widget extension share.
    static let sharedGroup = "ABCDE12345.com.example.bank.shared"
    /// The app's own group.
    static let appGroup = "ABCDE12345.com.example.bank"

    /// Which process is asking, so which groups it is entitled to.
    enum Process {
        case app, widget, unentitledWidget

        var groups: Set<String> {
            switch self {
            case .app: [DeviceKeychain.sharedGroup, DeviceKeychain.appGroup]
            case .widget: [DeviceKeychain.sharedGroup]
            case .unentitledWidget: []
            }
        }
    }

    /// `errSecInteractionNotAllowed`: the device is locked.
    struct Locked: Error, CustomStringConvertible {
        var description: String { "The device is locked; unlock it and try again." }
    }

    /// `errSecMissingEntitlement`: the process may not write the group.
    struct MissingEntitlement: Error {}

    private struct Key: Hashable {
        let group: String
        let service: String
        let account: String
    }

    private struct State {
        var items: [Key: [UInt8]] = [:]
        var isLocked = false
        var process = Process.app
    }

    private let state = Mutex(State())
    /// This device's kind of store: a name of its own, so tests running side by side each have their device.
    let kind: KeychainStoreKind

    init() {
        let name = "device-keychain-\(UUID().uuidString.prefix(8).lowercased())"
        let device = Box()
        kind = KeychainStoreKind(name: name, whereKept: "in the device's Keychain") { location in
            DeviceKeychainStore(device: device.value!, service: "com.example.bank.securebridge.\(location.id)")
        }
        device.value = self
    }

    /// Registers the kind as `process` implements it: the app and its
    /// widget extension each register their own, each entitled to its groups.
    func actAs(_ process: Process) {
        state.withLock { $0.process = process }
        KeychainStoreKind.register(kind)
    }

    func lockDevice() { state.withLock { $0.isLocked = true } }
    func unlockDevice() { state.withLock { $0.isLocked = false } }

    /// The accounts (item names) in `group`, sorted.
    func items(in group: String) -> [String] {
        state.withLock { $0.items.keys.filter { $0.group == group }.map(\.account).sorted() }
    }

    /// Every item and its bytes, as a comparable text.
    func contents() -> [String: [UInt8]] {
        state.withLock { state in
            Dictionary(uniqueKeysWithValues: state.items.map { ("\($0.key.group)/\($0.key.service)/\($0.key.account)", $0.value) })
        }
    }

    /// Runs `body` on the items the asking process may reach in `group`.
    /// - Throws: `Locked` while the device is locked.
    private func access<T>(
        group: String, _ body: (_ items: inout [Key: [UInt8]], _ entitled: Bool) throws -> T
    ) throws -> T {
        try state.withLock { state in
            guard !state.isLocked else { throw Locked() }
            return try body(&state.items, state.process.groups.contains(group))
        }
    }

    fileprivate func read(group: String, service: String, account: String) throws -> [UInt8]? {
        try access(group: group) { items, entitled in entitled ? items[Key(group: group, service: service, account: account)] : nil }
    }

    fileprivate func write(_ bytes: [UInt8], group: String, service: String, account: String) throws {
        try access(group: group) { items, entitled in
            guard entitled else { throw MissingEntitlement() }
            items[Key(group: group, service: service, account: account)] = bytes
        }
    }

    fileprivate func delete(group: String, service: String, account: String) throws {
        try access(group: group) { items, entitled in
            if entitled { items[Key(group: group, service: service, account: account)] = nil }
        }
    }

    fileprivate func check() throws {
        try state.withLock { state in if state.isLocked { throw Locked() } }
    }

    /// Lets the kind's opener reach the device made after it.
    private final class Box: @unchecked Sendable {
        var value: DeviceKeychain?
    }
}

/// The app's keychain store over the device keychain: every item in the
/// shared access group under one service per home, but the passcode
/// verifier, which only the app reads, in the app's own group.
struct DeviceKeychainStore: KeychainStore {
    let device: DeviceKeychain
    let service: String

    private func group(_ item: KeychainItem) -> String {
        item == .passcodeVerifier ? DeviceKeychain.appGroup : DeviceKeychain.sharedGroup
    }

    /// Runs a call; a locked device is the store being unavailable, as the protocol asks.
    private func calling<T>(_ call: () throws -> T) throws -> T {
        do {
            return try call()
        } catch let error as DeviceKeychain.Locked {
            throw KeychainStoreError.unavailable(store: device.kind, reason: error)
        }
    }

    func read(_ item: KeychainItem) throws -> SecureBytes? {
        try calling { try device.read(group: group(item), service: service, account: item.name).map { SecureBytes(copying: $0) } }
    }

    func write(_ item: KeychainItem, _ bytes: SecureBytes) throws {
        try calling { try device.write(bytes.withUnsafeBytes { Array($0) }, group: group(item), service: service, account: item.name) }
    }

    func delete(_ item: KeychainItem) throws {
        try calling { try device.delete(group: group(item), service: service, account: item.name) }
    }

    func checkReachable() throws {
        try calling { try device.check() }
    }
}
