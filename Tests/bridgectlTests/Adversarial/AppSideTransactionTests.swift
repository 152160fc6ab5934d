import Foundation
import SystemPackage
import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp
@testable import SecureBridgeDoctor
@testable import SecureBridgeTestSupport

/// Issue 11, items 1 to 5: every app-side command is all-or-nothing under
/// faults and attack, and can only ever make the widget show less than the
/// app's own durable state allows.
@Suite struct AppSideTransactionTests {
    // MARK: Judging a home

    /// Why the widget shows more than the app's state allows at `now`, or `nil` when it does not.
    static func violation(_ fixture: BridgeFixture, now: Date) throws -> String? {
        let status = try fixture.app.status(now: now)
        guard case let .content(content) = fixture.widget.read(now: now, whatIf: true).result else { return nil }
        if status.state != "active", status.state != "locked" {
            return "the app is \(status.state) but the widget shows content"
        }
        if status.state == "locked", !content.isLocked { return "the app is locked but the widget shows amounts" }
        if status.hidesBalances, !content.hidesBalances { return "the app hides balances but the widget shows them" }
        return nil
    }

    /// A home logged in and published at the real time, for commands run through the binary.
    static let liveTemplate = Result {
        try HomeTemplate.capture { fixture in
            try fixture.app.login(user: "alice", passcode: fixture.passcode, sessionLength: .seconds(7 * 86400), now: Date())
            try fixture.app.publish(BridgeFixture.accounts, staleAfter: .seconds(3600), expiresAfter: .seconds(24 * 3600), now: Date())
        }
    }

    // MARK: 1. Rotation launders no rollback

    @Test func rotationRefusesToResealAnOlderSnapshotAndChangesNothing() throws {
        let fixture = try BridgeFixture.published()
        let older = try fixture.bytes(.container, "snapshot")
        try fixture.app.publish(BridgeFixture.otherAccounts, staleAfter: .seconds(3600), expiresAfter: .seconds(86400), now: fixture.start)
        try fixture.overwrite(.container, "snapshot", with: older)
        let before = try HomeTemplate(of: fixture).files
        let header = try SnapshotEnvelope(bytes: older).header

        #expect(throws: SessionError(.notNewestSnapshot(found: .snapshot(sequence: header.sequence, epoch: header.epoch), published: header.sequence + 1))) {
            try fixture.app.rotateKeys(now: fixture.start)
        }
        #expect(try HomeTemplate(of: fixture).files == before)
        #expect(fixture.reason() == .rollback)
        #expect("\(SessionError(.notNewestSnapshot(found: .damaged, published: 2)))".contains("publish again, then rotate the keys"))
    }

    @Test func rotationRefusesADamagedSnapshotAndStillRotatesWithoutOne() throws {
        let fixture = try BridgeFixture.published()
        try fixture.overwrite(.container, "snapshot", with: Array("not a snapshot".utf8))
        let keyset = try fixture.bytes(.keychain, "keyset")
        #expect(throws: SessionError(.notNewestSnapshot(found: .damaged, published: 1))) {
            try fixture.app.rotateKeys(now: fixture.start)
        }
        #expect(try fixture.bytes(.keychain, "keyset") == keyset)
        #expect(unlink(fixture.path(.container, "snapshot")) == 0)
        let rotation = try fixture.app.rotateKeys(now: fixture.start)
        #expect(!rotation.resealedSnapshot)
        #expect(try DataKeyset(storedBytes: SecureBytes(copying: fixture.bytes(.keychain, "keyset"))).decryptOnly.isEmpty)
    }

    // MARK: 2. A container writer cannot defeat lock or hide-balances

    /// A directory planted where the auth status goes makes its write fail.
    static func plantDirectory(_ fixture: BridgeFixture, _ place: StoragePlace, _ name: String) {
        unlink(fixture.path(place, name))
        mkdir(fixture.path(place, name), 0o700)
    }

    @Test(arguments: ["lock", "hide"])
    func aChangeWhoseRecordCannotBeWrittenLeavesTheAppAsItWasAndTheOldRecordDead(_ change: String) throws {
        let fixture = try BridgeFixture.published()
        let apply = {
            if change == "lock" { try fixture.app.lock(now: fixture.start) } else {
                try fixture.app.setHidesBalances(true, now: fixture.start)
            }
        }
        let shown = try fixture.bytes(.container, "auth-status")
        Self.plantDirectory(fixture, .container, "auth-status")
        #expect(throws: StorageError.self) { try apply() }
        let status = try fixture.app.status(now: fixture.start)
        #expect(status.state == "active")
        #expect(!status.hidesBalances)
        #expect(try Self.violation(fixture, now: fixture.start) == nil)

        // The attacker puts the record that showed amounts back: it is below the mark now.
        #expect(rmdir(fixture.path(.container, "auth-status")) == 0)
        try fixture.overwrite(.container, "auth-status", with: shown)
        #expect(fixture.reason() == .rollback)

        // The command run again succeeds, and the widget masks.
        try apply()
        let content = try #require(fixture.content())
        #expect(change == "lock" ? content.isLocked : content.hidesBalances)
    }

    @Test func aLockWhoseMarkCannotBeRaisedChangesNothingTheWidgetSees() throws {
        let fixture = try BridgeFixture.published()
        let record = try fixture.bytes(.container, "auth-status")
        let marks = try fixture.bytes(.keychain, "marks")
        Self.plantDirectory(fixture, .keychain, "marks")
        #expect(throws: StorageError.self) { try fixture.app.lock(now: fixture.start) }
        #expect(try fixture.bytes(.container, "auth-status") == record)
        #expect(try fixture.app.status(now: fixture.start).state == "active")
        #expect(rmdir(fixture.path(.keychain, "marks")) == 0)
        try fixture.overwrite(.keychain, "marks", with: marks)
        #expect(try Self.violation(fixture, now: fixture.start) == nil)
        try fixture.app.lock(now: fixture.start)
        #expect(fixture.content()?.isLocked == true)
    }

    @Test func lockOnALockedAppWritesTheLockAgain() throws {
        let fixture = try BridgeFixture.published()
        try fixture.app.lock(now: fixture.start)
        // A container writer deletes the auth status ...
        #expect(unlink(fixture.path(.container, "auth-status")) == 0)
        #expect(fixture.reason() == .loggedOut)
        // ... and a second lock repairs it instead of answering "already locked".
        try fixture.app.lock(now: fixture.start)
        #expect(fixture.content()?.isLocked == true)
        try fixture.app.setHidesBalances(false, now: fixture.start)
        #expect(fixture.content()?.isLocked == true)
    }

    // MARK: 2 and 3, through the binary: every changing call failing or killed

    /// Runs `command` on a copy of `template` with every changing system call
    /// in turn failing (ENOSPC by default), and after each checks that the
    /// widget shows no more than the app allows, also when the container's
    /// auth status is replaced by any record seen earlier, and that
    /// `finish` (the next ordinary command) succeeds and leaves app and widget
    /// in agreement. Returns the number of injected runs. A kill at every call,
    /// and EIO, are `scripts/fault-test`'s, which CI runs after the tests.
    static func sweep(
        _ command: [String], input: [UInt8] = [], prepare: (BridgeFixture) throws -> Void = { _ in },
        finish: (BridgeFixture) throws -> Void, faults: [FaultInjection.Fault] = [.error("ENOSPC")]
    ) async throws -> Int {
        let template = try liveTemplate.get()
        let start = try template.fixture()
        try prepare(start)
        let prepared = try HomeTemplate(of: start)
        let traced = try prepared.fixture()
        let calls = try await FaultInjection.trace(command + ["--home", traced.root], input: input)
        #expect(calls.count >= 10, "\(calls)")
        var runs = 0
        for call in calls {
            for fault in faults {
                let fixture = try prepared.fixture()
                let earlier = try fixture.bytes(.container, "auth-status")
                let output = try await FaultInjection.run(command + ["--home", fixture.root], input: input, injecting: fault, at: call)
                runs += 1
                let context = "\(command.joined(separator: " ")) with \(fault) at \(call): \(output)"
                let now = Date()
                #expect(try violation(fixture, now: now) == nil, "\(context)")
                let left = try? fixture.bytes(.container, "auth-status")
                try fixture.overwrite(.container, "auth-status", with: earlier)
                #expect(try violation(fixture, now: now) == nil, "replaying the earlier record after \(context)")
                if let left { try fixture.overwrite(.container, "auth-status", with: left) }
                if output.succeeded {
                    #expect(output.stderr.isEmpty, "\(context)")
                }
                try finish(fixture)
                #expect(try violation(fixture, now: now) == nil, "after the next command, \(context)")
                if let left {
                    try fixture.overwrite(.container, "auth-status", with: left)
                    #expect(try violation(fixture, now: now) == nil, "replaying the injected run's record after the next command, \(context)")
                }
            }
        }
        return runs
    }

    @Test(.sweep, .enabled(if: FaultInjection.isAvailable, "needs strace"))
    func lockFailingAtAnyCallNeverShowsMoreThanTheApp() async throws {
        let runs = try await Self.sweep(["lock"]) { fixture in
            try fixture.app.lock(now: Date())
            #expect(fixture.content(at: Date())?.isLocked == true)
        }
        print("lock: \(runs) injected runs")
    }

    @Test(.sweep, .enabled(if: FaultInjection.isAvailable, "needs strace"))
    func hidingBalancesFailingAtAnyCallNeverShowsMoreThanTheApp() async throws {
        _ = try await Self.sweep(["prefs", "--hide-balances", "on"]) { fixture in
            try fixture.app.setHidesBalances(true, now: Date())
            #expect(fixture.content(at: Date())?.hidesBalances == true)
        }
    }

    /// Item 3: an unlock cut short after its record reached the container
    /// used a sequence it had reserved, so the lock after it signs a higher
    /// one and the cut-short "unlocked" record is a rollback.
    @Test(.sweep, .enabled(if: FaultInjection.isAvailable, "needs strace"))
    func unlockFailingAtAnyCallReusesNoSequence() async throws {
        _ = try await Self.sweep(
            ["unlock", "--passcode-stdin"], input: Array("2468\n".utf8),
            prepare: { try $0.app.lock(now: Date()) },
            finish: { fixture in
                try fixture.app.lock(now: Date())
                #expect(fixture.content(at: Date())?.isLocked == true)
            })
    }

    // MARK: 4. Every passcode attempt counts

    @Test(.sweep, .enabled(if: FaultInjection.isAvailable, "needs strace"))
    func theAttemptIsCountedBeforeThePasscodeIsRead() async throws {
        let fixture = try Self.liveTemplate.get().fixture()
        try fixture.app.lock(now: Date())
        let calls = try await FaultInjection.trace(
            ["unlock", "--passcode-stdin", "--home", fixture.root], input: Array("0000\n".utf8),
            calls: ["openat", "renameat", "renameat2", "rename"])
        let counted = try #require(calls.first("state.json\")"))
        let read = try #require(calls.first("\"passcode\""))
        #expect(counted.index < read.index, "\(calls)")
        #expect(try fixture.app.status(now: Date()).failedUnlocks == 1)
    }

    /// A full disk, an I/O error or a kill at any call: whenever the answer
    /// showed (exit status or message), the attempt was counted.
    @Test(.sweep, .enabled(if: FaultInjection.isAvailable, "needs strace"))
    func noFaultGivesAWrongPasscodeAnUncountedAnswer() async throws {
        let fixture = try Self.liveTemplate.get().fixture()
        try fixture.app.lock(now: Date())
        let locked = try HomeTemplate(of: fixture)
        let arguments = ["unlock", "--passcode-stdin"]
        let input = Array("0000\n".utf8)
        // Every call up to the one that prints the answer (later ones cannot hide it); each run costs a scrypt.
        let traced = try await FaultInjection.trace(arguments + ["--home", fixture.root], input: input)
        let answer = try #require(traced.first("write(2, "))
        let calls = traced[...answer.index]
        var answered = 0
        for call in calls {
            for fault in [FaultInjection.Fault.error("ENOSPC"), .kill] {
                let copy = try locked.fixture()
                let output = try await FaultInjection.run(arguments + ["--home", copy.root], input: input, injecting: fault, at: call)
                let counted = try copy.app.status(now: Date()).failedUnlocks
                if output.stderr.contains("passcode is wrong") {
                    answered += 1
                    #expect(counted == 1, "\(fault) at \(call): \(output)")
                }
                #expect(counted <= 1)
                #expect(try copy.app.status(now: Date()).state == "locked")
            }
        }
        #expect(answered > 0)
    }

    /// With a file-size limit below the app state's size nothing can be
    /// counted, so nothing is checked: the right and the wrong passcode end alike.
    @Test func aSmallFileSizeLimitAnswersNothing() async throws {
        let template = try Self.liveTemplate.get()
        var endings: [String] = []
        for passcode in ["2468", "0000"] {
            let fixture = try template.fixture()
            try fixture.app.lock(now: Date())
            let record = try fixture.bytes(.container, "auth-status")
            let output = try await Bridgectl.start(
                ["unlock", "--passcode-stdin", "--home", fixture.root], launcher: ["/usr/bin/prlimit", "--fsize=200"]
            ).finish(input: Array("\(passcode)\n".utf8))
            #expect(!output.succeeded)
            endings.append("\(output.status.map(String.init) ?? "-") \(output.signal.map(String.init) ?? "-") \(output.stdout)")
            #expect(try fixture.bytes(.container, "auth-status") == record, "\(passcode)")
            #expect(try fixture.app.status(now: Date()).state == "locked")
            #expect(try fixture.app.status(now: Date()).failedUnlocks == 0)
        }
        #expect(endings[0] == endings[1])
    }

    @Test func theBackOffIgnoresAClockSetBackAndNeverExceedsTheDelay() throws {
        let fixture = try BridgeFixture.published()
        try fixture.app.lock(now: fixture.start)
        let wrong = SecureBytes(copying: Array("9999".utf8))
        var now = fixture.start
        for _ in 1...6 {
            _ = try? fixture.app.unlock(passcode: wrong, now: now)
            now += TimeInterval(BridgeApp.unlockDelay(afterFailures: 6))
        }
        let last = now - TimeInterval(BridgeApp.unlockDelay(afterFailures: 6))
        let delay = BridgeApp.unlockDelay(afterFailures: 6)
        #expect(delay == 8)
        // A clock set a year back: no time has passed, the whole delay is left, not a year of it.
        #expect(throws: SessionError(.tooManyAttempts(retryAfterSeconds: delay))) {
            try fixture.app.unlock(passcode: fixture.passcode, now: last - 365 * 86400)
        }
        #expect(throws: SessionError(.tooManyAttempts(retryAfterSeconds: delay - 3))) {
            try fixture.app.unlock(passcode: fixture.passcode, now: last + 3)
        }
        // A clock set forward ends the wait.
        try fixture.app.unlock(passcode: fixture.passcode, now: last + 3600)
        #expect(BridgeApp.unlockWait(afterFailures: 40, lastAttemptAt: 1000, now: 0) == 300)
    }

    @Test func aTenthWrongPasscodeWhoseProcessDiedWipesWhateverTheClockSays() throws {
        let fixture = try BridgeFixture.published()
        try fixture.app.lock(now: fixture.start)
        // What a process killed right after counting the tenth wrong passcode leaves.
        let places = try Places.prepare(fixture.home)
        var state = try AppState.load(from: places.app)
        state.failedUnlocks = BridgeApp.maximumFailedUnlocks
        state.lastUnlockAttemptAt = BridgeApp.seconds(fixture.start)
        try state.save(to: places)
        // Long after the session ended, and with the clock far behind: the next command wipes first.
        #expect(throws: SessionError(.sessionWiped)) { try fixture.app.unlock(passcode: fixture.passcode, now: fixture.start + 30 * 86400) }
        #expect(!FileManager.default.fileExists(atPath: fixture.path(.keychain, "keyset")))
        #expect(try fixture.app.status(now: fixture.start).state == "loggedOut")
        #expect(fixture.reason() == .loggedOut)
    }

    // MARK: 5. Rotation completes or leaves the keyset as it was

    @Test(.sweep, .enabled(if: FaultInjection.isAvailable, "needs strace"))
    func rotationFailingAtAnyCallEndsWithOneKeyAndTheSnapshotReadable() async throws {
        let template = try Self.liveTemplate.get()
        let traced = try template.fixture()
        let calls = try await FaultInjection.trace(["keys", "rotate", "--home", traced.root])
        let expected = try #require(traced.content(at: Date())?.portfolio)
        var outcomes: [String: Int] = [:]
        for call in calls {
            for fault in [FaultInjection.Fault.error("ENOSPC"), .kill] {
                let fixture = try template.fixture()
                let keyset = try fixture.bytes(.keychain, "keyset")
                let output = try await FaultInjection.run(["keys", "rotate", "--home", fixture.root], injecting: fault, at: call)
                let context = "\(fault) at \(call): \(output)"
                if case .error = fault {
                    // No half keyset survives an error.
                    #expect(try fixture.keyCount() == 1, "\(context)")
                }
                // The next command settles what a kill left.
                try fixture.app.setHidesBalances(false, now: Date())
                #expect(try fixture.keyCount() == 1, "\(context)")
                let now = try fixture.bytes(.keychain, "keyset")
                outcomes[now == keyset ? "as it was" : "rotated", default: 0] += 1
                #expect(fixture.content(at: Date())?.portfolio == expected, "\(context)")
            }
        }
        #expect(outcomes["as it was", default: 0] > 0)
        #expect(outcomes["rotated", default: 0] > 0)
    }

    // MARK: 2 and 12. Doctor notices when the app and the widget disagree

    @Test func doctorNamesTheAuthStatusWhenTheWidgetShowsMoreThanTheAppAllows() throws {
        let fixture = try BridgeFixture.published()
        let unlocked = try fixture.bytes(.container, "auth-status")
        let marks = try fixture.bytes(.keychain, "marks")
        try fixture.app.lock(now: fixture.start)
        // Beyond the threat model (the keychain's marks restored too), so that the old record is shown again.
        try fixture.overwrite(.keychain, "marks", with: marks)
        try fixture.overwrite(.container, "auth-status", with: unlocked)
        let report = Doctor(home: fixture.home).examine(now: fixture.start)
        let finding = try #require(report.findings.first { $0.check == .session && $0.severity == .problem })
        #expect(finding.message == "the app is locked, but the widget shows amounts: \(fixture.path(.container, "auth-status")) says otherwise")
        #expect(finding.fix == "`bridgectl lock` writes the lock again")
        #expect(!report.isHealthy)
    }

    @Test func doctorSaysWhatToRunWhenASessionChangeWasCutShort() throws {
        let fixture = try BridgeFixture.published()
        let unlocked = try fixture.bytes(.container, "auth-status")
        Self.plantDirectory(fixture, .container, "auth-status")
        #expect(throws: StorageError.self) { try fixture.app.lock(now: fixture.start) }
        #expect(rmdir(fixture.path(.container, "auth-status")) == 0)
        try fixture.overwrite(.container, "auth-status", with: unlocked)
        let report = Doctor(home: fixture.home).examine(now: fixture.start)
        // The cause, standing as the widget's rollback it explains (placed under it).
        let finding = try #require(report.causes.first { $0.check == .session })
        #expect(report.causes.count == 1)
        #expect(finding.message.contains("a command was cut short"))
        #expect(finding.fix?.contains("`bridgectl unlock`") == true)
        try fixture.app.lock(now: fixture.start)
        #expect(!Doctor(home: fixture.home).examine(now: fixture.start).findings.contains { $0.message.contains("cut short") })
    }

    @Test func doctorWarnsOfARotationCutShort() throws {
        let fixture = try BridgeFixture.published()
        let keyset = try DataKeyset(storedBytes: SecureBytes(copying: fixture.bytes(.keychain, "keyset")))
        let halfway = DataKeyset(primary: try DataKey.generate(), decryptOnly: [keyset.primary])
        try Places.prepare(fixture.home).keychain.write("keyset", halfway.storedBytes)
        let report = Doctor(home: fixture.home).examine(now: fixture.start)
        #expect(report.findings.contains { $0.check == .keys && $0.severity == .warning && $0.message.contains("cut short") })
        // The next command undoes it: the snapshot is still sealed under the old key.
        try fixture.app.setHidesBalances(false, now: fixture.start)
        #expect(try DataKeyset(storedBytes: SecureBytes(copying: fixture.bytes(.keychain, "keyset"))) == keyset)
        #expect(fixture.content()?.portfolio.accounts.count == 2)
    }

    // MARK: 12. A publish that went live says so

    @Test func aPublishWhoseLaterStepFailedSaysTheSnapshotIsLive() throws {
        let fixture = try BridgeFixture.published()
        Self.plantDirectory(fixture, .container, "reload-token")
        let error = #expect(throws: SessionError.self) {
            try fixture.app.publish(BridgeFixture.otherAccounts, staleAfter: .seconds(3600), expiresAfter: .seconds(86400), now: fixture.start)
        }
        #expect(error.map { "\($0)" }?.hasPrefix("Snapshot 2 is live; then a later step failed: Could not") == true)
        #expect(error.map { "\($0)" }?.hasSuffix("Run the same command (publish) again to finish.") == true)
        #expect(fixture.content()?.portfolio.accounts.count == 1)
    }
}

extension BridgeFixture {
    /// How many keys the data keyset holds.
    func keyCount() throws -> Int {
        let keyset = try DataKeyset(storedBytes: SecureBytes(copying: bytes(.keychain, "keyset")))
        return 1 + keyset.decryptOnly.count
    }
}
