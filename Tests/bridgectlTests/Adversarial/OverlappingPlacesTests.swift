import Foundation
import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp
@testable import SecureBridgeTestSupport

/// Issue 11, item 9: the three places must be separate directories, none
/// inside another, however the paths are spelled (`..`, symbolic links).
/// The app refuses before it takes a lock or creates anything; the widget
/// shows `insecure-storage`; doctor says which two overlap.
@Suite(.timeLimit(.minutes(1))) struct OverlappingPlacesTests {
    /// `login` with the three places given explicitly; killed after 10 s so a
    /// double lock fails the test instead of hanging it.
    static func login(app: String, keychain: String, container: String) async throws -> Bridgectl.Output {
        let child = try Bridgectl.start([
            "login", "--app-dir", app, "--keychain-dir", keychain, "--container-dir", container,
            "--user", "alice", "--passcode-stdin",
        ])
        let pid = child.pid
        let watchdog = DispatchWorkItem { kill(pid, SIGKILL) }
        DispatchQueue.global().asyncAfter(deadline: .now() + 10, execute: watchdog)
        defer { watchdog.cancel() }
        return await child.finish(input: Array("2468\n".utf8))
    }

    /// Expects `login` refused in one sentence naming both places, with nothing created under `root`.
    static func expectRefused(
        _ fixture: BridgeFixture, app: String, keychain: String, container: String, naming places: [String],
        entriesBefore: [String] = []
    ) async throws {
        let login = try await login(app: app, keychain: keychain, container: container)
        #expect(login.signal == nil, "it hung: \(login)")
        #expect(login.status == 1, "\(login)")
        #expect(login.stderrLines.count == 1, "\(login)")
        for place in places { #expect(login.stderr.contains("\(place)/"), "\(login)") }
        let entries = try FileManager.default.subpathsOfDirectory(atPath: fixture.root).sorted()
        #expect(entries == entriesBefore.sorted(), "created: \(entries)")
    }

    /// Places relative to the fixture's root, and the two that overlap.
    struct Overlap: Sendable, CustomTestStringConvertible {
        let app: String
        let keychain: String
        let container: String
        let naming: [String]
        var testDescription: String { naming.joined(separator: " and ") }
    }

    @Test(arguments: [
        // A keychain inside the container.
        Overlap(app: "/a", keychain: "/c/k", container: "/c", naming: ["keychain", "container"]),
        // A keychain equal to the app directory, spelled otherwise: refused without hanging on a double lock.
        Overlap(app: "/a", keychain: "/b/../a/", container: "/c", naming: ["app", "keychain"]),
        // A container inside the app directory.
        Overlap(app: "/a", keychain: "/k", container: "/a/c", naming: ["app", "container"]),
    ])
    func overlappingPlacesAreRefused(_ overlap: Overlap) async throws {
        let fixture = try BridgeFixture()
        let root = fixture.root
        try await Self.expectRefused(
            fixture, app: root + overlap.app, keychain: root + overlap.keychain, container: root + overlap.container,
            naming: overlap.naming)
    }

    @Test func anOverlapBehindASymbolicLinkIsRefused() async throws {
        let fixture = try BridgeFixture()
        let root = fixture.root
        #expect(mkdir(root + "/c", 0o700) == 0 && symlink(root + "/c", root + "/alias") == 0)
        try await Self.expectRefused(
            fixture, app: root + "/a", keychain: root + "/alias/k", container: root + "/c", naming: ["keychain", "container"],
            entriesBefore: ["c", "alias"])
    }

    @Test func theWidgetShowsInsecureStorageForOverlappingPlaces() async throws {
        let fixture = try BridgeFixture.published()
        let container = fixture.home.container.string
        let read = try await Bridgectl.run([
            "read", "--home", fixture.root, "--keychain-dir", container, "--format", "json",
            "--now", UTCTimestamp.string(from: Date()),
        ])
        #expect(read.status == 0, "\(read)")
        let entries = try #require(read.json?["entries"] as? [[String: Any]], "\(read)")
        #expect(entries.first?["reason"] as? String == "insecure-storage", "\(read)")

        let doctor = try await Bridgectl.run(["doctor", "--home", fixture.root, "--keychain-dir", container])
        #expect(doctor.status == 1, "\(doctor)")
        #expect(doctor.stdout.contains("keychain/ and container/ are the same directory"), "\(doctor)")
    }
}
