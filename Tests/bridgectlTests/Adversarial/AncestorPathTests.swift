import Foundation
import SystemPackage
import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp
@testable import SecureBridgeTestSupport

/// Issue 11, item 8: the directories and symbolic links on the way to a home
/// are checked as OpenSSH's StrictModes checks them. One another user can
/// write (without the sticky bit) or own could swap the whole home for
/// another; the app refuses with a sentence naming it, the widget shows
/// `insecure-storage`, doctor names it.
// Each login runs the full scrypt cost (about a second alone); the limit only guards against a hang,
// with room for a machine busy with the other suites.
@Suite(.timeLimit(.minutes(3))) struct AncestorPathTests {
    static let otherUser: uid_t = 65534
    static let isRoot = geteuid() == 0

    /// The first entry's state and reason as the widget shows the published home at `root`, at its publish time.
    static func widget(home root: String, _ fixture: BridgeFixture) async throws -> (state: String?, reason: String?) {
        let read = try await Bridgectl.readJSON(home: root, now: fixture.startText)
        #expect(read.status == 0, "\(read)")
        let entries = try #require(read.json?["entries"] as? [[String: Any]], "\(read)")
        return (entries.first?["state"] as? String, entries.first?["reason"] as? String)
    }

    /// `login` into `root`, which must be refused in one sentence naming `component`.
    static func expectLoginRefused(home root: String, naming component: String) async throws {
        let login = try await Bridgectl.run(
            ["login", "--home", root, "--user", "alice", "--passcode-stdin"], input: Array("2468\n".utf8))
        #expect(login.status == 1, "\(login)")
        #expect(login.stderrLines.count == 1, "\(login)")
        #expect(login.stderr.contains("`\(component)`"), "\(login)")
    }

    @Test func aHomeUnderADirectoryOthersCanWriteIsRefused() async throws {
        let fixture = try BridgeFixture.published()
        #expect(chmod(fixture.root, 0o777) == 0)
        try await Self.expectLoginRefused(home: fixture.root + "/fresh", naming: fixture.root)
        await #expect(try Self.widget(home: fixture.root, fixture).reason == "insecure-storage")
        let doctor = try await Bridgectl.run(["doctor", "--home", fixture.root])
        #expect(doctor.status == 1, "\(doctor)")
        #expect(doctor.stdout.contains(fixture.root + " is writable by group or others"), "\(doctor)")
    }

    @Test func aHomeUnderAStickyDirectoryIsFine() async throws {
        let fixture = try BridgeFixture.published()
        #expect(chmod(fixture.root, 0o1777) == 0)
        await #expect(try Self.widget(home: fixture.root, fixture).state == "full")
    }

    @Test func aHomeThroughASymbolicLinkOfYoursIsFollowed() async throws {
        let fixture = try BridgeFixture.published()
        let holder = try BridgeFixture()
        let link = holder.root + "/link"
        #expect(symlink(fixture.root, link) == 0)
        await #expect(try Self.widget(home: link, fixture).state == "full")
    }

    @Test(.enabled(if: isRoot, "needs root to give a link or a directory to another user"))
    func aHomeThroughAnotherUsersSymbolicLinkIsRefused() async throws {
        let fixture = try BridgeFixture.published()
        let holder = try BridgeFixture()
        let link = holder.root + "/link"
        #expect(symlink(fixture.root, link) == 0 && lchown(link, Self.otherUser, gid_t(Self.otherUser)) == 0)
        await #expect(try Self.widget(home: link, fixture).reason == "insecure-storage")
        try await Self.expectLoginRefused(home: link + "/fresh", naming: link)
    }

    @Test(.enabled(if: isRoot, "needs root to give a directory to another user"))
    func aHomeUnderAnotherUsersDirectoryIsRefused() async throws {
        let fixture = try BridgeFixture.published()
        #expect(chown(fixture.root, Self.otherUser, gid_t(Self.otherUser)) == 0)
        await #expect(try Self.widget(home: fixture.root, fixture).reason == "insecure-storage")
        try await Self.expectLoginRefused(home: fixture.root + "/fresh", naming: fixture.root)
        let doctor = try await Bridgectl.run(["doctor", "--home", fixture.root])
        #expect(doctor.status == 1 && doctor.stdout.contains(fixture.root + " is owned by uid 65534"), "\(doctor)")
    }

    @Test func theTargetOfALinkIsCheckedToo() async throws {
        let fixture = try BridgeFixture.published()
        let holder = try BridgeFixture()
        let link = holder.root + "/link"
        #expect(symlink(fixture.root, link) == 0 && chmod(fixture.root, 0o777) == 0)
        await #expect(try Self.widget(home: link, fixture).reason == "insecure-storage")
        try await Self.expectLoginRefused(home: link + "/fresh", naming: fixture.root)
    }

    @Test func aParentAsWrittenKeepsItsLastSlashSoRootAndRelativeDiffer() {
        #expect(SecureDirectory.parentAsWritten("/a") == "/")
        #expect(SecureDirectory.parentAsWritten("b") == "")
        #expect(SecureDirectory.parentAsWritten("/x/a") == "/x/")
        #expect(SecureDirectory.parentAsWritten("x/a") != SecureDirectory.parentAsWritten("/x/a"))
        #expect(SecureDirectory.parentAsWritten("/x//a/") == SecureDirectory.parentAsWritten("/x/b"))
    }

    @Test func placesSideBySideShareAWalkAndComeToWhatTheirOwnWalkGives() throws {
        let fixture = try BridgeFixture.published()
        let real = fixture.root + "/real"
        #expect(mkdir(real, 0o700) == 0 && symlink(real, fixture.root + "/link") == 0)
        let parents = [fixture.root, fixture.root + "/link", fixture.root + "/link/../real", fixture.root + "/missing/deeper"]
        for parent in parents {
            let app = SecureDirectory(path: FilePath(parent + "/app"), place: .app, platform: .system)
            let way = try app.checkAncestors()
            for name in ["keychain", "container"] {
                let sibling = SecureDirectory(path: FilePath(parent + "/" + name), place: .keychain, platform: .system)
                #expect(try sibling.checkAncestors(besides: app, whoseWayIs: way) == sibling.checkAncestors(), "\(parent)/\(name)")
            }
            // The widget's read: the container beside the keychain.
            let keychain = SecureDirectory(path: FilePath(parent + "/keychain"), place: .keychain, platform: .system)
            let container = SecureDirectory(path: FilePath(parent + "/container"), place: .container, platform: .system)
            let keychainWay = try keychain.checkAncestors()
            #expect(try container.checkAncestors(besides: keychain, whoseWayIs: keychainWay) == container.checkAncestors(), "\(parent)")
        }
        // Not beside it: walked on its own, and refused on its own way.
        #expect(chmod(real, 0o777) == 0)
        let app = SecureDirectory(path: FilePath(fixture.root + "/app"), place: .app, platform: .system)
        let elsewhere = SecureDirectory(path: FilePath(real + "/inner/keychain"), place: .keychain, platform: .system)
        #expect(throws: StorageError.self) { try elsewhere.checkAncestors(besides: app, whoseWayIs: try app.checkAncestors()) }
    }
}
