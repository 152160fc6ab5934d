import Foundation
import PlatformStandIns
import SecureBridge
import SecureBridgeTesting
import SystemPackage
import Testing

/// The whole public flow on the simulated platform: a home that exists only in
/// memory, reached through the same API an app and its widget use.
@Suite struct SimulatedFlowTests {
    static let root = "/simulated/home"
    static let accounts = try! Data(contentsOf: DocumentedSamplesTests.root.appendingPathComponent("examples/accounts.json"))
    static let passcode = SecureBytes(copying: Array("2468".utf8))

    /// A home on a new simulated platform where alice logged in and published the example accounts.
    static func publishedHome() throws -> (platform: SimulatedPlatform, home: BridgeHome) {
        let platform = SimulatedPlatform()
        let home = BridgeHome(root: FilePath(root), platform: platform)
        try logInAtTestingCost(home: home, user: "alice", passcode: passcode)
        #expect(try publish(home: home, bankResponse: accounts))
        return (platform, home)
    }

    @Test func theWholeFlowRunsInMemoryAndTouchesNoRealFile() throws {
        #expect(!FileManager.default.fileExists(atPath: Self.root))
        let (platform, home) = try Self.publishedHome()
        #expect(home.exists && home.root == FilePath(Self.root))
        #expect(platform.entries(ofDirectory: Self.root) == ["app", "container", "keychain"])
        let app = BridgeApp(home: home)
        let provider = WidgetProvider(home: home)
        let request = WidgetRequest(kind: .balance, family: .systemMedium)

        // Read: the provider's three calls.
        let placeholder = provider.placeholder(for: request)
        #expect(placeholder.isSample && placeholder.state == .full)
        let snapshot = provider.snapshot(for: request)
        #expect(snapshot.state == .full && !snapshot.isSample && snapshot.accounts.count == 3)
        #expect(snapshot.accounts.first?.balance.value == Decimal(string: "4675.00"))
        #expect(provider.timeline(for: request).entries.map(\.state) == [.full, .full, .loginPrompt])

        // Lock masks; a wrong passcode is refused and keeps it masked; the right one unlocks.
        try app.lock(now: Date())
        let locked = provider.snapshot(for: request)
        #expect(locked.state == .masked && locked.reason == .locked)
        #expect(locked.accounts.allSatisfy { $0.balance.isMasked && $0.balance.value == nil })
        let wrong = #expect(throws: SessionError.self) {
            try app.unlock(passcode: SecureBytes(copying: Array("1357".utf8)), now: Date())
        }
        #expect(wrong?.kind == .wrongPasscode && wrong?.attemptsLeft == 9)
        #expect(provider.snapshot(for: request).state == .masked)
        try app.unlock(passcode: Self.passcode, now: Date())
        #expect(provider.snapshot(for: request).state == .full)

        // Prefs: hiding balances masks, showing them again shows them.
        try app.setHidesBalances(true, now: Date())
        let hidden = provider.snapshot(for: request)
        #expect(hidden.state == .masked && hidden.reason == .hidden)
        try app.setHidesBalances(false, now: Date())
        #expect(provider.snapshot(for: request).state == .full)

        // Rotation: new keys, the same snapshot still reads.
        _ = try app.rotateKeys(now: Date())
        let rotated = provider.snapshot(for: request)
        #expect(rotated.state == .full && rotated.accounts.count == 3)

        // Logout: only the login prompt is left.
        try app.logout(now: Date())
        let loggedOut = provider.timeline(for: request)
        #expect(loggedOut.entries.map(\.state) == [.loginPrompt])
        #expect(loggedOut.entries.first?.reason == .loggedOut)
        #expect(loggedOut.entries.first?.accounts.isEmpty == true)

        #expect(platform.openHandleCount == 0, "every file and directory opened was closed")
        #expect(!FileManager.default.fileExists(atPath: Self.root), "nothing was created on the real disk")
        #expect(!FileManager.default.fileExists(atPath: "/simulated"))
    }

    @Test func aPlaceWithAnotherOwnerOrALinkIsRefusedAsOnDisk() throws {
        let (platform, home) = try Self.publishedHome()
        let request = WidgetRequest(kind: .balance, family: .systemSmall)
        try platform.setOwner(UserID(rawValue: 502), ofPath: Self.root + "/container")
        let foreign = WidgetProvider(home: home).snapshot(for: request)
        #expect(foreign.state == .loginPrompt && foreign.reason == .insecureStorage)

        // A place that is a symbolic link is refused, and nothing is written through it.
        let other = SimulatedPlatform()
        try other.makeDirectory(at: "/elsewhere", permissions: .ownerReadWriteExecute)
        try other.makeDirectory(at: "/h", permissions: .ownerReadWriteExecute)
        try other.createSymbolicLink(atPath: "/h/app", target: "/elsewhere")
        let linked = BridgeHome(root: "/h", platform: other)
        let error = try #require(throws: (any Error).self) { try logInAtTestingCost(home: linked, user: "alice", passcode: Self.passcode) }
        #expect("\(error)".contains("/h/app"))
        #expect(other.entries(ofDirectory: "/elsewhere") == [], "nothing was created through the link")
    }

    @Test func twoHomesOnTwoPlatformsAreDifferentHomes() {
        let one = BridgeHome(root: FilePath(Self.root), platform: SimulatedPlatform())
        let two = BridgeHome(root: FilePath(Self.root), platform: SimulatedPlatform())
        #expect(one != two)
        #expect(one == BridgeHome(root: FilePath(Self.root), platform: one.platform))
        #expect(BridgeHome(root: "/a") == BridgeHome(root: "/a", platform: .system))
    }

    /// A power cut at every step of a publish: the widget then shows the
    /// snapshot published before or the new one, never anything else.
    @Test func aPowerCutAnywhereInAPublishLeavesTheOldSnapshotOrTheNewOne() throws {
        let (platform, home) = try Self.publishedHome()
        platform.writeBack()
        let request = WidgetRequest(kind: .balance, family: .systemMedium)
        let before = try #require(WidgetProvider(home: home).snapshot(for: request).accounts.first?.balance.value)

        var changed = try JSONSerialization.jsonObject(with: Self.accounts) as! [[String: Any]]
        changed[0]["balance"] = "1234.56"
        let start = platform.operations.count
        #expect(try publish(home: home, bankResponse: JSONSerialization.data(withJSONObject: changed)))
        let end = platform.operations.count
        // The recording shows the durable replace: the temporary file synced, renamed over the snapshot, the directory synced.
        let steps = platform.operations[start..<end]
        let container = Self.root + "/container"
        let rename = try #require(steps.firstIndex { $0.kind == .rename(to: "snapshot") && $0.path.hasPrefix(container + "/.snapshot.tmp-") })
        #expect(steps[..<rename].contains { $0.kind == .sync && $0.path == steps[rename].path })
        #expect(steps[rename...].contains { $0.kind == .syncDirectory && $0.path == container })
        #expect(WidgetProvider(home: home).snapshot(for: request).accounts.first?.balance.value == Decimal(string: "1234.56"))

        var seen: Set<Decimal> = []
        for cut in start...end {
            let after = platform.crashState(afterOperation: cut)
            let entry = WidgetProvider(home: BridgeHome(root: FilePath(Self.root), platform: after)).snapshot(for: request)
            #expect(entry.state == .full, "after operation \(cut) of \(start)...\(end): \(entry.state) \(String(describing: entry.reason))")
            let shown = try #require(entry.accounts.first?.balance.value)
            #expect(shown == before || shown == Decimal(string: "1234.56"), "after operation \(cut)")
            seen.insert(shown)
        }
        #expect(seen == [before, Decimal(string: "1234.56")!], "both the old and the new snapshot were seen across the cuts")
    }
}
