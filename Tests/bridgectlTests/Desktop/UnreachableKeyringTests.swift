import Foundation
import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp
@testable import SecureBridgeTestSupport

/// A keyring that cannot be asked is not a keyring without the items: a real
/// GNOME Keyring on a private bus, restarted as D-Bus activation restarts it
/// (without the login keyring, or with it locked), and the real `bridgectl`
/// run against it. Every command says the keychain is unavailable, none
/// advises what would destroy the keys, and the keys are all there once the
/// keyring is back. The bus starts no service (`activating: false`): the
/// tests start and stop the daemon themselves, and a command that asks for
/// the Secret Service meanwhile must not start one of its own.
@Suite(.sweep, .serialized) struct UnreachableKeyringTests {
    // MARK: No default collection

    @Test(.timeLimit(.minutes(2))) func aKeyringWithoutItsDefaultCollectionIsUnavailableNotMissing() async throws {
        let session = try await KeyringSession.published(activating: false)
        let (keyring, fixture) = (session.keyring, session.fixture)
        let items = try keyring.secureBridgeItems()
        let snapshot = try fixture.bytes(.container, StoredFile.snapshot.name)
        try keyring.restart(unlocking: false, withLoginKeyring: false)

        let read = try await session.run(["read", "--format", "json"])
        #expect(read.succeeded, "a widget renders: \(read)")
        #expect(read.stdout.contains("keychain-unavailable"), "\(read)")
        #expect(!read.stdout.contains("not-onboarded") && !read.stdout.contains("4,675"), "\(read)")

        let publish = try await session.run(["publish", "-"], input: String(decoding: BridgeFixture.otherAccounts, as: UTF8.self))
        #expect(publish.status == 1)
        #expect(publish.stderr.contains("The Secret Service has no default collection"), "\(publish)")
        #expect(!publish.stderr.contains("missing"), "\(publish)")
        #expect(publish.stderrLines.count == 1)
        #expect(try fixture.bytes(.container, StoredFile.snapshot.name) == snapshot, "nothing was published")

        let status = try await session.run(["status"])
        #expect(status.succeeded)
        #expect(status.stdout.contains("keychain: secret-service (keychain-unavailable: The Secret Service has no default collection"), "\(status)")
        let json = try await session.run(["status", "--format", "json"])
        #expect((json.json?["keychainProblem"] as? String)?.contains("no default collection") == true, "\(json)")

        let doctor = try await session.run(["doctor"])
        #expect(doctor.status == 1)
        let finding = try #require(doctor.stdout.split(separator: "\n").first { $0.contains("keychain store:") }, "\(doctor)")
        #expect(finding.contains("cannot be used, so widgets show keychain-unavailable"), "\(finding)")
        #expect(finding.contains("— fix: log out of the desktop and in again so the keyring daemon opens your login keyring"), "\(finding)")
        #expect(!doctor.stdout.contains("missing") && !doctor.stdout.contains("bridgectl logout") && !doctor.stdout.contains("not-onboarded"),
                "no item is told missing, and no fix destroys the keys: \(doctor)")

        // Lock needs no store: it locks, the mark's floor rising in the keychain directory.
        let lock = try await session.run(["lock"])
        #expect(lock.succeeded && lock.stderr.isEmpty, "\(lock)")

        // Logout cannot reach the keys it would destroy: it says so rather than claim it did.
        let logout = try await session.run(["logout"])
        #expect(logout.status == 1)
        #expect(logout.stderr.contains("no default collection"), "\(logout)")
        await #expect(try session.run(["status"]).stdout.contains("session: locked"), "the app still records the session")

        // The login keyring back: every key was only out of reach, and the app is locked until unlocked.
        try keyring.restart(unlocking: true)
        #expect(try keyring.secureBridgeItems() == items)
        let locked = try await session.run(["read", "--format", "json"])
        #expect(locked.stdout.contains(#""locked""#) && !locked.stdout.contains("4,675"), "\(locked)")
        await #expect(try session.run(["unlock", "--passcode-stdin"], input: "2468").succeeded)
        await #expect(try session.run(["read", "--format", "json"]).stdout.contains("4,675.00"))
        await #expect(try session.run(["doctor"]).succeeded)
    }

    // MARK: A locked keyring

    /// Showing less never needs the key: with the keyring locked, `lock`
    /// and hiding the balances go through, and the rollback defence holds
    /// without the mark the keyring keeps. A container writer who puts back
    /// the record from before the lock gets `rollback`, then and after the
    /// keyring is back.
    @Test(.timeLimit(.minutes(2))) func lockOnALockedKeyringLocksAndAnOlderRecordPutBackIsARollback() async throws {
        let session = try await KeyringSession.published(activating: false)
        let (keyring, fixture) = (session.keyring, session.fixture)
        let active = try fixture.bytes(.container, StoredFile.authStatus.name)
        try keyring.lock()

        let lock = try await session.run(["lock"])
        #expect(lock.succeeded && lock.stdout == "Locked.\n", "\(lock)")
        let hide = try await session.run(["prefs", "--hide-balances", "on"])
        #expect(hide.succeeded, "\(hide)")
        #expect(try fixture.bytes(.container, StoredFile.authStatus.name) != active)
        let read = try await session.run(["read", "--format", "json"])
        #expect(read.stdout.contains("keychain-unavailable") && !read.stdout.contains("4,675"), "no amount meanwhile: \(read)")


        // As D-Bus activation restarts it after a crash: the login keyring there, locked.
        try keyring.restart(unlocking: false)
        let doctor = try await session.run(["doctor"])
        #expect(doctor.status == 1)
        let finding = try #require(doctor.stdout.split(separator: "\n").first { $0.contains("keychain store:") }, "\(doctor)")
        let fix = try #require(finding.components(separatedBy: " — fix: ").last)
        #expect(finding.contains("the Secret Service's default collection is locked —"), "\(finding)")
        #expect(!fix.contains("is locked"), "the fix is not the problem again: \(fix)")
        #expect(fix.contains("`secret-tool search --unlock application securebridge`"), "\(fix)")
        #expect(!doctor.stdout.contains("cut short") && !doctor.stdout.contains("bridgectl logout"), "\(doctor)")
        // The fix's command, followed: it asks the keyring to unlock what holds the items, which on a
        // desktop shows the password prompt (here no prompter can show, so the keyring stays locked).
        let command = try #require(fix.split(separator: "`").dropFirst().first.map(String.init))
        let asked = try Self.secretServiceCalls(running: command, in: keyring)
        #expect(asked.contains("member=Unlock"), "\(asked)")

        // A container writer puts back the record from before the lock.
        try fixture.overwrite(.container, StoredFile.authStatus.name, with: active)
        let replayed = try await session.run(["read", "--format", "json"])
        #expect(!replayed.stdout.contains("4,675"), "\(replayed)")

        // The keyring unlocked as a login unlocks it: the record put back is still a rollback.
        try keyring.restart(unlocking: true)
        let back = try await session.run(["read", "--format", "json"])
        #expect(back.stdout.contains(#""rollback""#) && !back.stdout.contains("4,675"), "\(back)")
        // And the app's next lock writes over it: masked, as locked.
        await #expect(try session.run(["lock"]).succeeded)
        let masked = try await session.run(["read", "--format", "json"])
        #expect(masked.stdout.contains(#""locked""#) && !masked.stdout.contains("4,675"), "\(masked)")
    }

    // MARK: The gate's order with a store that cannot be used

    /// SPEC.md 6.1: the store is first used at the marks (step 5), so with the
    /// keyring locked what the files show comes first: an unsafe container is
    /// `insecure-storage`, a missing one `not-onboarded`, a damaged floor
    /// `tampered`; only a home whose files are sound reads `keychain-unavailable`.
    @Test(.timeLimit(.minutes(2))) func aLockedKeyringIsFoundAfterWhatTheFilesShow() async throws {
        let session = try await KeyringSession.published(activating: false)
        let (keyring, fixture) = (session.keyring, session.fixture)
        try keyring.lock()
        func reason() async throws -> String? {
            let read = try await session.run(["read", "--format", "json"])
            #expect(read.succeeded && !read.stdout.contains("4,675"), "\(read)")
            return ((read.json?["entries"] as? [[String: Any]])?.first)?["reason"] as? String
        }
        #expect(try await reason() == "keychain-unavailable")

        let container = fixture.home.container.string
        #expect(chmod(container, 0o707) == 0)
        #expect(try await reason() == "insecure-storage")
        #expect(chmod(container, 0o700) == 0)

        try FileManager.default.moveItem(atPath: container, toPath: container + ".away")
        #expect(try await reason() == "not-onboarded")
        try FileManager.default.moveItem(atPath: container + ".away", toPath: container)

        try fixture.overwrite(.keychain, StoredFile.marks.name, with: [1, 2, 3])
        #expect(try await reason() == "tampered")
        try FileManager.default.removeItem(atPath: fixture.path(.keychain, StoredFile.marks.name))
        #expect(try await reason() == "keychain-unavailable")
    }

    // MARK: The window that remains

    /// docs/SECURITY.md, "Over time", "One window left", shown as stated:
    /// `app/` put back from a backup while the keyring is locked, then `lock`.
    /// The lock is signed above the floor but not above the auth mark the
    /// keyring keeps, so once the keyring is back its own record is a
    /// rollback, and a container writer who puts back the newest record from
    /// before the restore shows its amounts while the app says locked. The
    /// next command run with the keyring there signs above the mark and ends it.
    @Test(.timeLimit(.minutes(2))) func theWindowThatRemainsIsARestoredAppLockedWhileTheKeyringIsLocked() async throws {
        let session = try await KeyringSession.published(activating: false)
        let (keyring, fixture) = (session.keyring, session.fixture)
        let backup = try fixture.bytes(.app, StoredFile.state.name)
        // Since the backup, with the keyring there: a lock, then an unlock, whose active record is the newest.
        await #expect(try session.run(["lock"]).succeeded)
        await #expect(try session.run(["unlock", "--passcode-stdin"], input: "2468").succeeded)
        let newest = try fixture.bytes(.container, StoredFile.authStatus.name)

        try fixture.overwrite(.app, StoredFile.state.name, with: backup)  // the counters put back
        try keyring.lock()
        let lock = try await session.run(["lock"])
        #expect(lock.succeeded, "showing less needs no keyring: \(lock)")

        try keyring.restart(unlocking: true)
        let own = try await session.run(["read", "--format", "json"])
        #expect(own.stdout.contains(#""rollback""#) && !own.stdout.contains("4,675"), "the lock's number is below the keyring's mark: \(own)")
        try fixture.overwrite(.container, StoredFile.authStatus.name, with: newest)  // a container writer puts the newest record back
        let replayed = try await session.run(["read", "--format", "json"])
        #expect(replayed.stdout.contains("4,675.00"), "the window: the record at the keyring's mark shows its amounts: \(replayed)")
        await #expect(try session.run(["status"]).stdout.contains("session: locked"), "while the app says locked")

        // The next command with the keyring there raises the app's counters to the marks: the window ends.
        await #expect(try session.run(["lock"]).succeeded)
        try fixture.overwrite(.container, StoredFile.authStatus.name, with: newest)
        let closed = try await session.run(["read", "--format", "json"])
        #expect(closed.stdout.contains(#""rollback""#) && !closed.stdout.contains("4,675"), "\(closed)")
    }

    // MARK: Ask only when the command can run

    @Test(.timeLimit(.minutes(2))) func loginAndUnlockSayWhyBeforeAskingForThePasscode() async throws {
        let session = try await KeyringSession.published(activating: false)
        let fixture = session.fixture
        await #expect(try session.run(["logout"]).succeeded)

        // No terminal to ask on (a child of the tests has none): what answers is the check, not the prompt.
        let withoutBus = try await Bridgectl.start(
            ["login", "--user", "alice", "--home", fixture.root], unsetting: ["DBUS_SESSION_BUS_ADDRESS"]
        ).finish()
        #expect(withoutBus.status == 1)
        #expect(withoutBus.stderr.contains("there is no session bus"), "\(withoutBus)")
        #expect(withoutBus.stderrLines.count == 1)

        let fresh = try BridgeFixture()
        let choosing = try await Bridgectl.start(
            ["login", "--user", "alice", "--keychain", "secret-service", "--home", fresh.root], unsetting: ["DBUS_SESSION_BUS_ADDRESS"]
        ).finish()
        #expect(choosing.stderr.contains("there is no session bus"), "\(choosing)")

        let unlock = try await session.run(["unlock"])
        #expect(unlock.status == 1)
        #expect(unlock.stderr.contains("No user is logged in; run `bridgectl login --user alice` first."), "\(unlock)")
        let never = try await Bridgectl.start(["unlock", "--home", fresh.root], setting: session.keyring.environment).finish()
        #expect(never.stderr.contains("No user has onboarded yet"), "\(never)")

        await #expect(try session.run(["login", "--user", "alice", "--passcode-stdin"], input: "2468").succeeded)
        let again = try await session.run(["login", "--user", "bob"])
        #expect(again.stderr.contains("User alice is already logged in; run `bridgectl logout` first."), "\(again)")
    }

    // MARK: Helpers

    /// The calls to the Secret Service that running `command` in the keyring's session makes, as `dbus-monitor` prints them.
    private static func secretServiceCalls(running command: String, in keyring: PrivateKeyring) throws -> String {
        let monitor = Process()
        monitor.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-monitor")
        monitor.arguments = ["--address", keyring.bus.address, "type='method_call',interface='org.freedesktop.Secret.Service'"]
        let output = Pipe()
        monitor.standardOutput = output
        monitor.standardError = FileHandle.nullDevice
        try monitor.run()
        usleep(500_000)  // until the monitor is on the bus
        // Stopped after 3 seconds: the call that asks comes at once, and a prompter that cannot start takes long to fail.
        _ = try Desktop.run("/usr/bin/timeout", ["3", "/bin/sh", "-c", command], environment: keyring.environment, allowingFailure: true)
        usleep(300_000)
        kill(monitor.processIdentifier, SIGKILL)  // a child of the tests has SIGTERM blocked
        monitor.waitUntilExit()
        return String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }
}
