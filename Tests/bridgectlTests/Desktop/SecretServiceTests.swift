import Foundation
import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp
@testable import SecureBridgeDesktop
@testable import SecureBridgeTestSupport

/// The keychain place in the desktop's Secret Service: the whole session run
/// by the real `bridgectl` against a real GNOME Keyring on a private bus,
/// the items checked with `secret-tool`, and a locked keyring or a missing
/// daemon refused in one sentence, never answered with a file.
@Suite(.sweep, .serialized) struct SecretServiceTests {
    // MARK: The recorded choice

    @Test func theChoiceOfStoreReadsBackAndDamageIsRefused() throws {
        KeychainStoreKind.register(.secretService)
        let chosen = try KeychainStoreChoice.new(.secretService)
        #expect(chosen.storedBytes == Array("secret-service \(chosen.id!)\n".utf8), "the format homes have always had")
        #expect(try KeychainStoreChoice(storedBytes: chosen.storedBytes) == chosen)
        #expect(try KeychainStoreChoice(storedBytes: KeychainStoreChoice.files.storedBytes) == .files)
        #expect(KeychainStoreChoice.files.storedBytes == Array("files\n".utf8))
        #expect(chosen.id?.utf8.count == 32)
        for damaged in ["", "files", "secret-service\n", "secret-service 12\n", "keyring\n", "files extra\n",
                        "secret-service \(String(repeating: "A", count: 32))\n", "Secret-Service \(chosen.id!)\n",
                        "files \(chosen.id!)\n"] {
            #expect(throws: KeychainError.corrupt(file: StoredFile.store.name)) { try KeychainStoreChoice(storedBytes: Array(damaged.utf8)) }
        }
        // A well-formed kind this process cannot open is said so, not taken for damage or for files.
        #expect {
            try KeychainStoreChoice(storedBytes: Array("ios-keychain \(chosen.id!)\n".utf8))
        } throws: { error in
            guard case KeychainStoreError.unregisteredKind(name: "ios-keychain") = error else { return false }
            return true
        }
    }

    @Test func secretServiceErrorsSayWhatTheyAlwaysSaid() {
        #expect(SecretServiceError.noSessionBus(.noAddress(variable: "DBUS_SESSION_BUS_ADDRESS")).description
            == "The Secret Service cannot be reached: there is no session bus (DBUS_SESSION_BUS_ADDRESS is not set); run the command in your desktop session.")
        #expect(SecretServiceError.noSessionBus(.noUnixSocket(address: "tcp:host=x")).description
            == "The Secret Service cannot be reached: there is no session bus (no bus: no unix:path or unix:abstract in the address); run the command in your desktop session.")
        #expect(SecretServiceError.refused(operation: .searchItems, errorName: "org.freedesktop.DBus.Error.AccessDenied").description
            == "The Secret Service refused to search its items (org.freedesktop.DBus.Error.AccessDenied).")
        #expect(SecretServiceError.notABoolean(operation: .readWhetherLocked).description
            == "The Secret Service refused to read whether the default collection is locked (not a boolean).")
        #expect(SecretServiceError.noAnswer(operation: .connect).description.hasPrefix(
            "The Secret Service did not answer within 5 seconds when asked to connect;"))
        // Through the core, the store's own sentence, unchanged.
        #expect(KeychainStoreError.unavailable(store: .secretService, reason: SecretServiceError.locked).description
            == SecretServiceError.locked.description)
        // A name from another process cannot break the line.
        #expect(SecretServiceError.refused(operation: .readItem, errorName: "a\nb\u{202E}").description
            == "The Secret Service refused to read an item (a?b???).")
    }

    // MARK: A whole session

    @Test(.timeLimit(.minutes(2))) func aWholeSessionKeepsEveryKeyInTheSecretService() async throws {
        let session = try KeyringSession()
        let (keyring, fixture) = (session.keyring, session.fixture)

        let login = try await session.run(["login", "--user", "alice", "--passcode-stdin", "--keychain", "secret-service"], input: "2468")
        #expect(login.succeeded, "\(login)")
        #expect(login.stdout.contains("kept in the Secret Service"))
        #expect(try keychainFiles(fixture) == [StoredFile.store.name], "no key is a file")
        #expect(try items(keyring) == [StoredFile.keyset.name, StoredFile.marks.name, StoredFile.passcode.name, StoredFile.pinnedKey.name].sorted())
        await #expect(try session.run(["status"]).stdout.contains("keychain: secret-service"))
        #expect(!FileManager.default.fileExists(atPath: fixture.path(.app, StoredFile.passcode.name)), "the verifier is an item too")

        await #expect(try session.run(["publish", "-"], input: String(decoding: BridgeFixture.accounts, as: UTF8.self)).succeeded)
        let full = try await session.run(["read", "--format", "json"])
        #expect(full.json?["entries"] != nil && full.stdout.contains("4,675.00"), "\(full)")

        await #expect(try session.run(["lock"]).succeeded)
        let masked = try await session.run(["read", "--format", "json"])
        #expect(masked.stdout.contains(#""locked""#), "\(masked)")
        #expect(!masked.stdout.contains("4,675"))
        await #expect(try session.run(["unlock", "--passcode-stdin"], input: "2468").succeeded)

        let before = try keyring.secretTool(["lookup", "application", "securebridge", "item", StoredFile.keyset.name])
        let rotate = try await session.run(["keys", "rotate"])
        #expect(rotate.succeeded, "\(rotate)")
        #expect(try keyring.secretTool(["lookup", "application", "securebridge", "item", StoredFile.keyset.name]) != before)
        await #expect(try session.run(["read", "--format", "json"]).stdout.contains("4,675.00"), "the re-sealed snapshot opens with the new key")

        let doctor = try await session.run(["doctor"])
        #expect(doctor.stdout.contains("keychain store: the Secret Service, reachable"), "\(doctor)")

        await #expect(try session.run(["logout"]).succeeded)
        #expect(try items(keyring) == [StoredFile.marks.name, StoredFile.pinnedKey.name].sorted(), "logout deletes the data keys and the verifier")
        await #expect(try session.run(["read", "--format", "json"]).stdout.contains("logged-out"))
        #expect(try keychainFiles(fixture) == [StoredFile.store.name])
    }

    // MARK: Never a file instead

    @Test(.timeLimit(.minutes(2))) func aLockedKeyringIsOneSentenceAndNeverAFile() async throws {
        let session = try KeyringSession()
        let (keyring, fixture) = (session.keyring, session.fixture)
        await #expect(try session.run(["login", "--user", "alice", "--passcode-stdin", "--keychain", "secret-service"], input: "2468").succeeded)
        await #expect(try session.run(["publish", "-"], input: String(decoding: BridgeFixture.accounts, as: UTF8.self)).succeeded)
        let snapshot = try fixture.bytes(.container, StoredFile.snapshot.name)
        try keyring.lock()

        let publish = try await session.run(["publish", "-"], input: String(decoding: BridgeFixture.otherAccounts, as: UTF8.self))
        #expect(publish.status == 1)
        #expect(publish.stderr.contains("The Secret Service's default collection is locked; unlock it"), "\(publish)")
        #expect(publish.stderrLines.count == 1)
        #expect(try fixture.bytes(.container, StoredFile.snapshot.name) == snapshot, "nothing was published")

        let read = try await session.run(["read", "--format", "json"])
        #expect(read.succeeded)
        #expect(read.stdout.contains("keychain-unavailable"), "\(read)")
        #expect(!read.stdout.contains("4,675"), "no amount")
        #expect(try keychainFiles(fixture) == [StoredFile.store.name], "no key was written as a file")
    }

    @Test(.timeLimit(.minutes(2))) func noKeyringIsOneSentenceAndNeverAFile() async throws {
        let bus = try PrivateSessionBus(activating: false)
        let fixture = try BridgeFixture()
        let login = try await Bridgectl.start(
            ["login", "--user", "alice", "--passcode-stdin", "--keychain", "secret-service", "--home", fixture.root],
            setting: ["DBUS_SESSION_BUS_ADDRESS": bus.address]
        ).finish(input: Array("2468".utf8))
        #expect(login.status == 1)
        #expect(login.stderr.contains("No Secret Service is running on the session bus"), "\(login)")
        #expect(!(try keychainFiles(fixture).contains(StoredFile.keyset.name)))
        #expect(!(try keychainFiles(fixture).contains(StoredFile.pinnedKey.name)))
        #expect(!(try keychainFiles(fixture).contains(StoredFile.store.name)), "a store that cannot be used is not chosen")

        let withoutBus = try await Bridgectl.start(
            ["login", "--user", "alice", "--passcode-stdin", "--keychain", "secret-service", "--home", fixture.root],
            unsetting: ["DBUS_SESSION_BUS_ADDRESS"]
        ).finish(input: Array("2468".utf8))
        #expect(withoutBus.status == 1)
        #expect(withoutBus.stderr.contains("there is no session bus"), "\(withoutBus)")
        #expect(!(try keychainFiles(fixture).contains(StoredFile.keyset.name)))
    }

    @Test(.timeLimit(.minutes(1))) func aKeyringThatNeverAnswersIsOneSentenceNotAHang() async throws {
        let fixture = try BridgeFixture.live()
        // The keychain's recorded choice says Secret Service, whose bus then hangs.
        try fixture.overwrite(.keychain, StoredFile.store.name, with: try KeychainStoreChoice.new(.secretService).storedBytes)
        let silent = try SilentSocket()
        let bus = ["DBUS_SESSION_BUS_ADDRESS": "unix:path=\(silent.path)"]

        let read = try await Bridgectl.start(["read", "--format", "json", "--home", fixture.root], setting: bus).finish()
        #expect(read.succeeded, "a widget renders: \(read)")
        #expect(read.stdout.contains("keychain-unavailable"), "\(read)")
        #expect(!read.stdout.contains("4,675"))

        let publish = try await Bridgectl.start(["publish", "-", "--home", fixture.root], setting: bus).finish(input: BridgeFixture.otherAccounts)
        #expect(publish.status == 1)
        #expect(publish.stderr.contains("The Secret Service did not answer within 5 seconds"), "\(publish)")
        #expect(publish.stderrLines.count == 1)
    }

    /// The follower on a session bus that hangs: its watch of the Secret
    /// Service's signals is set up with the calls' timeout too, so the bar
    /// gets `keychain-unavailable` within the timeouts instead of never a line.
    @Test(.timeLimit(.minutes(1))) func aFollowerOnABusThatNeverAnswersShowsKeychainUnavailable() async throws {
        let fixture = try BridgeFixture.live()
        try fixture.overwrite(.keychain, StoredFile.store.name, with: try KeychainStoreChoice.new(.secretService).storedBytes)
        let silent = try SilentSocket()
        let started = ContinuousClock.now
        let child = try Bridgectl.start(
            ["read", "--follow", "--ignore-desktop-lock", "--format", "waybar", "--home", fixture.root],
            setting: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=\(silent.path)"])
        let line = try #require(await child.readLine(), "a line within 30 s")
        #expect(line.contains(#""class":["placeholder","keychain-unavailable"]"#) && !line.contains("4,675"), "\(line)")
        print("keychain-unavailable shown \(ContinuousClock.now - started) after the start")  // three timeouts: the watch's, the check's, the read's
        child.send(SIGTERM)
        #expect(await child.finish().status == 0)
    }

    /// SIGTERM while the follower's first look at the keychain waits for that
    /// bus: it ends at once, not after the timeouts.
    @Test(.timeLimit(.minutes(1))) func sigtermEndsAFollowerWaitingForABusThatNeverAnswers() async throws {
        let fixture = try BridgeFixture.live()
        try fixture.overwrite(.keychain, StoredFile.store.name, with: try KeychainStoreChoice.new(.secretService).storedBytes)
        let silent = try SilentSocket()
        let child = try Bridgectl.start(
            ["read", "--follow", "--ignore-desktop-lock", "--format", "waybar", "--home", fixture.root],
            setting: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=\(silent.path)"])
        try await Task.sleep(for: .milliseconds(1500))  // started, and waiting for the bus (5 s)
        let sent = ContinuousClock.now
        child.send(SIGTERM)
        let end = await child.finish()
        let took = ContinuousClock.now - sent
        #expect(end.status == 0, "exit 0 on SIGTERM: \(end)")
        #expect(end.stdout.isEmpty, "nothing shown yet: \(end.stdout)")
        #expect(took < .seconds(2), "SIGTERM took \(took) to end it")
    }

    // MARK: Changing stores

    @Test(.timeLimit(.minutes(2))) func changingStoresAtLoginLeavesNoKeyBehind() async throws {
        let session = try KeyringSession()
        let (keyring, fixture) = (session.keyring, session.fixture)
        await #expect(try session.run(["login", "--user", "alice", "--passcode-stdin"], input: "2468").succeeded)
        #expect(try keychainFiles(fixture).contains(StoredFile.keyset.name), "files stay the default")
        await #expect(try session.run(["logout"]).succeeded)

        await #expect(try session.run(["login", "--user", "alice", "--passcode-stdin", "--keychain", "secret-service"], input: "2468").succeeded)
        #expect(try keychainFiles(fixture) == [StoredFile.store.name])
        #expect(!FileManager.default.fileExists(atPath: fixture.path(.app, StoredFile.passcode.name)))
        await #expect(try session.run(["publish", "-"], input: String(decoding: BridgeFixture.accounts, as: UTF8.self)).succeeded)
        await #expect(try session.run(["read", "--format", "json"]).stdout.contains("4,675.00"))
        await #expect(try session.run(["lock"]).succeeded)
        await #expect(try session.run(["unlock", "--passcode-stdin"], input: "2468").succeeded, "the verifier is read from the keyring")
        await #expect(try session.run(["logout"]).succeeded)

        await #expect(try session.run(["login", "--user", "alice", "--passcode-stdin", "--keychain", "files"], input: "2468").succeeded)
        #expect(try items(keyring).isEmpty, "the Secret Service keeps nothing of this home")
        #expect(try keychainFiles(fixture).contains(StoredFile.keyset.name))
        await #expect(try session.run(["publish", "-"], input: String(decoding: BridgeFixture.accounts, as: UTF8.self)).succeeded)
        await #expect(try session.run(["read", "--format", "json"]).stdout.contains("4,675.00"))
    }

    // MARK: Doctor's fixes, followed

    @Test(.timeLimit(.minutes(2))) func doctorsFixesForItemsInTheSecretServiceWork() async throws {
        let session = try KeyringSession()
        let (keyring, fixture) = (session.keyring, session.fixture)
        await #expect(try session.run(["login", "--user", "alice", "--passcode-stdin", "--keychain", "secret-service"], input: "2468").succeeded)
        await #expect(try session.run(["publish", "-"], input: String(decoding: BridgeFixture.accounts, as: UTF8.self)).succeeded)
        let id = try #require(String(decoding: fixture.bytes(.keychain, StoredFile.store.name), as: UTF8.self).split(separator: " ").last)
            .trimmingCharacters(in: .newlines)

        // The pinned key damaged in the keyring: doctor names the item and how to re-pin it.
        _ = try Desktop.run(
            "/bin/sh", ["-c", "printf 'not a key' | secret-tool store --label=x application securebridge keychain \(id) item \(StoredFile.pinnedKey.name)"],
            environment: keyring.environment)
        await #expect(try session.run(["read", "--format", "json"]).stdout.contains("tampered"))
        let damaged = try await session.run(["doctor"])
        #expect(damaged.status == 1)
        let fix = try #require(damaged.stdout.split(separator: "\n").first { $0.contains("the Secret Service item `publisher.pub` is not an Ed25519 public key") },
                               "\(damaged)")
        let command = try #require(fix.split(separator: "`").dropFirst(3).first, "the re-pin command in: \(fix)")
        #expect(command.contains("secret-tool store"), "\(command)")
        _ = try Desktop.run("/bin/sh", ["-c", String(command)], environment: keyring.environment)
        let healed = try await session.run(["doctor"])
        #expect(healed.succeeded, "\(healed)")
        await #expect(try session.run(["read", "--format", "json"]).stdout.contains("4,675.00"))
    }

    // MARK: Helpers

    /// The files in the keychain directory, its lock aside (none when a refused login did not make it).
    private func keychainFiles(_ fixture: BridgeFixture) throws -> [String] {
        guard FileManager.default.fileExists(atPath: fixture.home.keychain.string) else { return [] }
        return try FileManager.default.contentsOfDirectory(atPath: fixture.home.keychain.string).filter { $0 != ".lock" }.sorted()
    }

    /// The `item` attribute of every SecureBridge item in the keyring, sorted.
    private func items(_ keyring: PrivateKeyring) throws -> [String] { try keyring.secureBridgeItems() }
}
