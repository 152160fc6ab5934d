import Foundation
import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp
@testable import SecureBridgeDoctor
@testable import SecureBridgeTestSupport

/// Hardening, round 4: no app command signs a sequence at or below what the
/// keychain's marks hold, a marks entry that is damaged, oversize, a link, a
/// FIFO or missing while the app state says otherwise is repaired upwards by
/// the next app command, and doctor never advises lowering the marks.
@Suite struct MarksRepairTests {
    /// What is planted at `keychain/marks` in place of the file.
    enum Damage: String, CaseIterable, CustomTestStringConvertible {
        case oversize, symbolicLink, fifo, missing
        var testDescription: String { rawValue }

        /// Puts the damage in place; returns the link's target, when there is one, to check it was never written.
        func plant(in fixture: BridgeFixture) throws -> String? {
            let path = fixture.path(.keychain, StoredFile.marks.name)
            try FileManager.default.removeItem(atPath: path)
            switch self {
            case .oversize:
                try fixture.overwrite(.keychain, StoredFile.marks.name, with: [UInt8](repeating: 0, count: StoredFile.marks.byteLimit + 1))
                return nil
            case .symbolicLink:
                let target = fixture.root + "/elsewhere"
                try Data("not marks".utf8).write(to: URL(fileURLWithPath: target))
                try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
                return target
            case .fifo:
                guard mkfifo(path, 0o600) == 0 else { throw POSIXError(.init(rawValue: errno)!) }
                return nil
            case .missing:
                return nil
            }
        }
    }

    /// An app command that raises the marks.
    enum Command: String, CaseIterable, CustomTestStringConvertible {
        case publish, lock, logout
        var testDescription: String { rawValue }

        func run(on fixture: BridgeFixture, at now: Date) throws {
            switch self {
            case .publish:
                try fixture.app.publish(BridgeFixture.accounts, staleAfter: .seconds(3600), expiresAfter: .seconds(86_400), now: now)
            case .lock: try fixture.app.lock(now: now)
            case .logout: try fixture.app.logout(now: now)
            }
        }
    }

    /// The sequence of the signed record in `container/name`.
    static func sequence(_ fixture: BridgeFixture, _ name: String, _ kind: SignedRecord.Kind) throws -> UInt64 {
        try SignedRecord(bytes: fixture.bytes(.container, name), expected: kind).sequence
    }

    static func marks(_ fixture: BridgeFixture) throws -> HighWaterMarks {
        try HighWaterMarks(storedBytes: fixture.bytes(.keychain, StoredFile.marks.name))
    }

    // MARK: Finding 2: damaged marks entries are repaired upwards

    /// An oversize file, a link, a FIFO or no file at all at `keychain/marks`
    /// blocked nothing but lowered nothing either: publish, lock and logout
    /// replace it with a real file at the app state's sequences, so the
    /// `active` record from before a lock stays a rollback.
    @Test(arguments: Damage.allCases, Command.allCases)
    func aDamagedMarksEntryIsRepairedUpwardsByTheNextCommand(damage: Damage, command: Command) throws {
        let fixture = try BridgeFixture.published()
        let active = try fixture.bytes(.container, StoredFile.authStatus.name)
        try fixture.app.lock(now: fixture.start)
        let lockedSequence = try Self.sequence(fixture, StoredFile.authStatus.name, .authStatus)
        let target = try damage.plant(in: fixture)

        try command.run(on: fixture, at: fixture.start + 60)

        let attributes = try FileManager.default.attributesOfItem(atPath: fixture.path(.keychain, StoredFile.marks.name))
        #expect(attributes[.type] as? FileAttributeType == .typeRegular, "the entry was replaced by a real file")
        #expect(try Self.marks(fixture).authSequence >= lockedSequence, "the auth mark was repaired upwards")
        if let target {
            #expect(try String(contentsOfFile: target, encoding: .utf8) == "not marks", "the link was never followed")
        }
        try fixture.overwrite(.container, StoredFile.authStatus.name, with: active)
        #expect(fixture.reason(at: fixture.start + 60) == .rollback, "the active record from before the lock is a rollback")
    }

    /// Doctor words a damaged marks entry with the command that repairs it
    /// upwards, never with a removal that would lower them.
    @Test(arguments: [Damage.oversize, .symbolicLink, .fifo])
    func doctorNeverAdvisesRemovingTheMarks(damage: Damage) throws {
        let fixture = try BridgeFixture.published()
        _ = try damage.plant(in: fixture)
        let report = Doctor(home: fixture.home).examine(now: fixture.start)
        let marksPath = fixture.path(.keychain, StoredFile.marks.name)
        let about = report.findings.filter { $0.message.contains(marksPath) }
        #expect(!about.isEmpty, "doctor names the marks: \(report.text)")
        for finding in about {
            let fix = try #require(finding.fix, "\(finding.message)")
            #expect(!fix.contains("rm "), "\(fix)")
            #expect(fix.contains("`bridgectl publish FILE`"), "\(fix)")
        }
        #expect(!report.text.contains("rm \(marksPath)"), "\(report.text)")
    }

    // MARK: Finding 3: a restored app/ signs above the marks

    /// A session change of `app/` restored from a backup.
    enum Change: String, CaseIterable, CustomTestStringConvertible {
        case lock, unlock, hideBalances
        var testDescription: String { rawValue }

        func run(on fixture: BridgeFixture, at now: Date) throws {
            switch self {
            case .lock: try fixture.app.lock(now: now)
            case .unlock: try fixture.app.unlock(passcode: fixture.passcode, now: now)
            case .hideBalances: try fixture.app.setHidesBalances(true, now: now)
            }
        }
    }

    /// `app/state.json` put back from before a lock and an unlock: the next
    /// lock, unlock or prefs signs above the keychain's auth mark (so the
    /// widget shows it, not `rollback`), and after a lock that follows, the
    /// `active` record of the restored era is still a rollback.
    @Test(arguments: Change.allCases)
    func aRestoredAppStateSignsAboveTheAuthMark(change: Change) throws {
        let fixture = try BridgeFixture.published()
        let backup = try fixture.bytes(.app, StoredFile.state.name)
        try fixture.app.lock(now: fixture.start)
        try fixture.app.unlock(passcode: fixture.passcode, now: fixture.start)
        let active = try fixture.bytes(.container, StoredFile.authStatus.name)
        let mark = try Self.marks(fixture).authSequence
        #expect(try Self.sequence(fixture, StoredFile.authStatus.name, .authStatus) == mark)
        try fixture.overwrite(.app, StoredFile.state.name, with: backup)

        try change.run(on: fixture, at: fixture.start + 60)
        #expect(try Self.sequence(fixture, StoredFile.authStatus.name, .authStatus) > mark, "signed above the mark")
        #expect(fixture.reason(at: fixture.start + 60) != .rollback, "the widget shows the change")

        try fixture.app.lock(now: fixture.start + 120)
        #expect(fixture.content(at: fixture.start + 120)?.isLocked == true, "the widget masks the amounts")
        try fixture.overwrite(.container, StoredFile.authStatus.name, with: active)
        #expect(fixture.reason(at: fixture.start + 120) == .rollback, "the active record from before is a rollback")
    }

    /// The CLI says a restored app state once, in one sentence on standard
    /// error, and the lock succeeds above the mark.
    @Test func theCLISaysOnceThatTheAppStateWasRestored() async throws {
        let fixture = try BridgeFixture.live()
        let home = ["--home", fixture.root]
        let backup = try fixture.bytes(.app, StoredFile.state.name)
        await #expect(try Bridgectl.run(["lock"] + home).succeeded)
        let unlock = try await Bridgectl.run(["unlock", "--passcode-stdin"] + home, input: Array("2468\n".utf8))
        #expect(unlock.succeeded, "\(unlock)")
        let mark = try Self.marks(fixture).authSequence
        try fixture.overwrite(.app, StoredFile.state.name, with: backup)

        let lock = try await Bridgectl.run(["lock"] + home)
        #expect(lock.succeeded, "\(lock)")
        #expect(lock.stderrLines.count == 1, "\(lock)")
        #expect(lock.stderr.contains("restored"), "\(lock)")
        #expect(try Self.sequence(fixture, StoredFile.authStatus.name, .authStatus) > mark)
        let again = try await Bridgectl.run(["lock"] + home)
        #expect(again.succeeded && again.stderr.isEmpty, "said once: \(again)")
    }

    /// Marks planted at the last number there is: no command can sign
    /// above them, and each says so in its sentence instead of stopping on
    /// an arithmetic overflow (a trap); the widget shows nothing.
    @Test func marksAtTheLastNumberAreSaidNotATrap() async throws {
        let fixture = try BridgeFixture.live()
        let home = ["--home", fixture.root]
        let last = HighWaterMarks(onboardingSequence: .max, authSequence: .max, snapshotSequence: .max)
        try fixture.overwrite(.keychain, StoredFile.marks.name, with: try MarksFile.fileBytes(holding: last))
        for command in [["lock"], ["logout"], ["prefs", "--hide-balances", "on"], ["publish", "examples/accounts.json"]] {
            let run = try await Bridgectl.run(command + home)
            #expect(run.status == 1, "\(command): \(run)")
            #expect(run.stderr.contains("The keychain's marks are at the last record number there is"), "\(command): \(run)")
            #expect(run.stderrLines.count <= 2, "a sentence, no backtrace: \(run)")
        }
        let read = try await Bridgectl.run(["read", "--format", "json"] + home)
        #expect(read.stdout.contains("rollback") && !read.stdout.contains("4,675"), "\(read)")
    }

    // MARK: Finding 4: the owed wipe's advice works

    /// A tenth wrong passcode cut short before its wipe (the keys still
    /// there): every command doctor advises exits 0 and the app ends logged
    /// out with no keys; a login straight away works too.
    @Test func doctorsAdviceForAnOwedWipeWorks() async throws {
        let fixture = try BridgeFixture.live()
        let places = try Places.prepare(fixture.home)
        var state = try AppState.load(from: places.app)
        state.failedUnlocks = BridgeApp.maximumFailedUnlocks
        state.lastUnlockAttemptAt = BridgeApp.seconds(Date())
        try state.save(to: places)
        #expect(FileManager.default.fileExists(atPath: fixture.path(.keychain, StoredFile.keyset.name)))

        let report = Doctor(home: fixture.home).examine(now: Date())
        let finding = try #require(report.findings.first { $0.message.contains("wrong passcodes in a row") }, "\(report.text)")
        let fix = try #require(finding.fix)
        let commands = fix.split(separator: "`", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }.map { String($0.element) }
        #expect(commands == ["bridgectl logout"], "\(fix)")
        for command in commands {
            let arguments = command.split(separator: " ").dropFirst().map(String.init)
            let output = try await Bridgectl.run(arguments + ["--home", fixture.root])
            #expect(output.succeeded, "\(command): \(output)")
        }
        let status = try await Bridgectl.run(["status", "--home", fixture.root, "--format", "json"])
        #expect(status.json?["state"] as? String == "loggedOut", "\(status)")
        #expect(!FileManager.default.fileExists(atPath: fixture.path(.keychain, StoredFile.keyset.name)))
        #expect(fixture.reason(at: Date()) == .loggedOut)
        let login = try await Bridgectl.run(["login", "--home", fixture.root, "--user", "alice", "--passcode-stdin"], input: Array("2468\n".utf8))
        #expect(login.succeeded, "\(login)")
    }

    /// A login on an owed wipe carries the wipe out first and goes on.
    @Test func aLoginOnAnOwedWipeWipesFirstAndLogsIn() async throws {
        let fixture = try BridgeFixture.live()
        let places = try Places.prepare(fixture.home)
        var state = try AppState.load(from: places.app)
        state.failedUnlocks = BridgeApp.maximumFailedUnlocks
        try state.save(to: places)
        let login = try await Bridgectl.run(["login", "--home", fixture.root, "--user", "alice", "--passcode-stdin"], input: Array("2468\n".utf8))
        #expect(login.succeeded, "\(login)")
        let status = try await Bridgectl.run(["status", "--home", fixture.root, "--format", "json"])
        #expect(status.json?["state"] as? String == "active", "\(status)")
        #expect((status.json?["failedUnlocks"] as? NSNumber)?.intValue == 0, "\(status)")
    }
}
