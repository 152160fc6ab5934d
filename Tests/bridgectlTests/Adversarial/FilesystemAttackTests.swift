import Foundation
import SystemPackage
import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp
@testable import SecureBridgeTestSupport

/// Attack 5: links, FIFOs, directories, foreign owners and open permissions
/// in place of the files and directories the reader and the app use. The
/// widget answers `insecure-storage`; the app stops with a sentence naming
/// the path; nothing is followed or written through.
@Suite(.timeLimit(.minutes(3))) struct FilesystemAttackTests {
    /// A file the widget reads.
    struct StoredName: Sendable, CustomStringConvertible {
        let place: StoragePlace
        let name: String
        var description: String { "\(place.rawValue)/\(name)" }
    }

    /// What is put in place of a file.
    enum Replacement: String, CaseIterable, Sendable {
        case symlinkToPasswd, symlinkToValidCopy, symlinkToDirectory, hardLink, fifo, directory
    }

    static let widgetFiles = [
        StoredName(place: .container, name: "onboarding"), StoredName(place: .container, name: "auth-status"),
        StoredName(place: .container, name: "snapshot"), StoredName(place: .keychain, name: "keyset"),
        StoredName(place: .keychain, name: "publisher.pub"), StoredName(place: .keychain, name: "marks"),
    ]

    /// Puts `replacement` where `file` was; a valid copy of the file is kept beside the home.
    static func replace(_ file: StoredName, in fixture: BridgeFixture, with replacement: Replacement) throws {
        let path = fixture.path(file.place, file.name)
        let copy = fixture.root + "/copy-\(file.name)"
        let bytes = try fixture.bytes(file.place, file.name)
        guard FileManager.default.createFile(atPath: copy, contents: Data(bytes), attributes: [.posixPermissions: 0o600])
        else { throw Errno.ioError }
        let result: Int32
        switch replacement {
        case .hardLink:
            result = link(path, fixture.root + "/link-\(file.name)")
        case .symlinkToPasswd:
            unlink(path)
            result = symlink("/etc/passwd", path)
        case .symlinkToValidCopy:
            unlink(path)
            result = symlink(copy, path)
        case .symlinkToDirectory:
            unlink(path)
            result = symlink(fixture.root, path)
        case .fifo:
            unlink(path)
            result = mkfifo(path, 0o600)
        case .directory:
            unlink(path)
            result = mkdir(path, 0o700)
        }
        guard result == 0 else { throw Errno(rawValue: errno) }
    }

    // MARK: Widget side

    @Test(arguments: widgetFiles, Replacement.allCases)
    func widgetRefusesAReplacedFile(file: StoredName, replacement: Replacement) throws {
        let fixture = try BridgeFixture.published()
        try Self.replace(file, in: fixture, with: replacement)
        #expect(fixture.reason() == .insecureStorage)
    }

    @Test(arguments: [("keyset", 0o640), ("publisher.pub", 0o604), ("marks", 0o660), ("marks", 0o602)] as [(String, mode_t)])
    func keychainFileOpenToOthersIsRefused(name: String, mode: mode_t) throws {
        let fixture = try BridgeFixture.published()
        #expect(chmod(fixture.path(.keychain, name), mode) == 0)
        #expect(fixture.reason() == .insecureStorage)
    }

    @Test(arguments: ["onboarding", "auth-status", "snapshot"], [0o620, 0o602, 0o666] as [mode_t])
    func containerFileWritableByOthersIsRefused(name: String, mode: mode_t) throws {
        let fixture = try BridgeFixture.published()
        #expect(chmod(fixture.path(.container, name), mode) == 0)
        #expect(fixture.reason() == .insecureStorage)
    }

    @Test func containerFilesReadableByOthersAreAccepted() throws {
        // The container holds only signed ciphertext (docs/CONTAINER.md).
        let fixture = try BridgeFixture.published()
        for name in ["onboarding", "auth-status", "snapshot"] { #expect(chmod(fixture.path(.container, name), 0o644) == 0) }
        #expect(chmod(fixture.home.container.string, 0o755) == 0)
        #expect(fixture.content() != nil)
    }

    @Test(arguments: [0o777, 0o757, 0o770, 0o730, 0o702] as [mode_t])
    func containerDirectoryWritableByOthersIsRefused(mode: mode_t) throws {
        let fixture = try BridgeFixture.published()
        #expect(chmod(fixture.home.container.string, mode) == 0)
        #expect(fixture.reason() == .insecureStorage)
    }

    @Test(arguments: [0o750, 0o711, 0o701] as [mode_t])
    func keychainDirectoryOpenToOthersIsRefused(mode: mode_t) throws {
        let fixture = try BridgeFixture.published()
        #expect(chmod(fixture.home.keychain.string, mode) == 0)
        #expect(fixture.reason() == .insecureStorage)
    }

    @Test(arguments: [StoragePlace.container, .keychain])
    func placeReplacedByASymlinkToAValidCopyIsRefused(place: StoragePlace) throws {
        let fixture = try BridgeFixture.published()
        let directory = fixture.home.path(for: place).string
        #expect(rename(directory, fixture.root + "/moved") == 0)
        #expect(symlink(fixture.root + "/moved", directory) == 0)
        #expect(fixture.reason() == .insecureStorage)
    }

    @Test(.enabled(if: geteuid() == 0, "only root can give files to another user"))
    func filesAndDirectoriesOfAnotherOwnerAreRefused() throws {
        let targets: [(BridgeFixture) -> String] = [
            { $0.home.container.string }, { $0.path(.container, "snapshot") }, { $0.home.keychain.string },
            { $0.path(.keychain, "keyset") }, { $0.path(.keychain, "marks") },
        ]
        for target in targets {
            let fixture = try BridgeFixture.published()
            let path = target(fixture)
            #expect(chown(path, 4242, 4242) == 0)
            #expect(fixture.reason() == .insecureStorage, "\(path)")
        }
        let fixture = try BridgeFixture.published()
        let state = fixture.path(.app, "state.json")
        #expect(chown(state, 4242, 4242) == 0)
        #expect(throws: StorageError(.wrongOwner(path: state, owner: 4242, expected: 0))) {
            try fixture.app.lock(now: fixture.start)
        }
    }

    // MARK: App side

    @Test func appSideNamesThePathOfAnUnsafeFile() throws {
        typealias Case = (StoredName, Replacement?, mode_t?, (String) -> StorageError.Cause)
        let cases: [Case] = [
            (StoredName(place: .app, name: "signing-key.pem"), nil, 0o640, {
                .insecurePermissions(path: $0, mode: 0o640, isDirectory: false)
            }),
            (StoredName(place: .app, name: "state.json"), .symlinkToValidCopy, nil, { .symbolicLink(path: $0) }),
            (StoredName(place: .app, name: "signing-key.pem"), .hardLink, nil, { .hardLinked(path: $0, linkCount: 2) }),
            (StoredName(place: .keychain, name: "keyset"), .symlinkToValidCopy, nil, { .symbolicLink(path: $0) }),
            (StoredName(place: .keychain, name: "keyset"), .fifo, nil, { .notRegularFile(path: $0) }),
            (StoredName(place: .keychain, name: "keyset"), .directory, nil, { .notRegularFile(path: $0) }),
        ]
        for (file, replacement, mode, error) in cases {
            let fixture = try BridgeFixture.published()
            let path = fixture.path(file.place, file.name)
            if let replacement { try Self.replace(file, in: fixture, with: replacement) }
            if let mode { #expect(chmod(path, mode) == 0) }
            #expect(throws: StorageError(error(path)), "\(file) \(replacement?.rawValue ?? "") \(mode.map { String($0, radix: 8) } ?? "")") {
                try fixture.app.publish(BridgeFixture.otherAccounts, staleAfter: .seconds(60), expiresAfter: .seconds(3600), now: fixture.start)
            }
        }
    }

    @Test(arguments: [StoragePlace.app, .keychain, .container])
    func appSideRefusesAPlaceOpenToOthers(place: StoragePlace) throws {
        let fixture = try BridgeFixture.published()
        let directory = fixture.home.path(for: place).string
        #expect(chmod(directory, 0o777) == 0)
        #expect(throws: StorageError(.insecurePermissions(path: directory, mode: 0o777, isDirectory: true))) {
            try fixture.app.publish(BridgeFixture.otherAccounts, staleAfter: .seconds(60), expiresAfter: .seconds(3600), now: fixture.start)
        }
    }

    @Test func bridgectlNamesTheUnsafePathInOneLine() async throws {
        let fixture = try BridgeFixture.live()
        try Self.replace(StoredName(place: .keychain, name: "keyset"), in: fixture, with: .symlinkToValidCopy)
        let publish = try await Bridgectl.run(["publish", "--home", fixture.root, "-"], input: BridgeFixture.accounts)
        #expect(publish.status == 1)
        #expect(publish.stderr
            == "Error: `\(fixture.path(.keychain, "keyset"))` is a symbolic link, which SecureBridge refuses to follow.\n")

        let key = fixture.path(.app, "signing-key.pem")
        #expect(chmod(key, 0o644) == 0)
        let status = try await Bridgectl.run(["status", "--home", fixture.root])
        #expect(status.status == 1)
        #expect(status.stderr == "Error: `\(key)` is readable by group or others (mode 0644); run `chmod 600 \(key)`.\n")

        #expect(chmod(fixture.home.container.string, 0o777) == 0)
        let read = try await Bridgectl.readJSON(home: fixture.root, now: UTCTimestamp.string(from: Date()))
        #expect(read.status == 0)
        let entries = try #require(read.json?["entries"] as? [[String: Any]])
        #expect(entries.count == 1 && entries[0]["reason"] as? String == "insecure-storage")
    }

    // MARK: Writes never go through a link

    @Test(arguments: ["snapshot", "reload-token"])
    func publishReplacesASymlinkWithoutWritingThroughIt(name: String) throws {
        let fixture = try BridgeFixture.published()
        let decoy = fixture.root + "/decoy"
        let decoyBytes = Array("not yours".utf8)
        _ = FileManager.default.createFile(atPath: decoy, contents: Data(decoyBytes))
        #expect(unlink(fixture.path(.container, name)) == 0)
        #expect(symlink(decoy, fixture.path(.container, name)) == 0)
        try fixture.app.publish(BridgeFixture.otherAccounts, staleAfter: .seconds(3600), expiresAfter: .seconds(86400), now: fixture.start)
        #expect(try fixture.bytes(.container, name) != decoyBytes)
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: decoy))) == decoyBytes)
        #expect(try FilePath(fixture.path(.container, name)).stat(followTargetSymlink: false).type == .regular)
        #expect(fixture.content()?.portfolio.accounts.count == 1)
    }

    @Test func logoutUnlinksAHardLinkedKeysetWithoutWritingThroughIt() throws {
        let fixture = try BridgeFixture.published()
        let other = fixture.root + "/other-name"
        let keyset = try fixture.bytes(.keychain, "keyset")
        #expect(link(fixture.path(.keychain, "keyset"), other) == 0)
        try fixture.app.logout(now: fixture.start)
        #expect(!FileManager.default.fileExists(atPath: fixture.path(.keychain, "keyset")))
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: other))) == keyset)
    }
}
