import Foundation
import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp
@testable import SecureBridgeDoctor
@testable import SecureBridgeTestSupport

/// When one finding explains others, doctor names the cause with its fix and
/// places the others under it without a fix of their own.
@Suite struct DoctorCausesTests {
    func examine(_ fixture: BridgeFixture) -> DoctorReport {
        Doctor(home: fixture.home).examine(now: fixture.start + 60)
    }

    @Test func aContainerOpenToOthersIsTheCauseOfTheWidgetsRefusalAndTheMissingRecords() throws {
        let fixture = try BridgeFixture()
        try fixture.loginAndPublish()
        #expect(chmod(fixture.path(.container, ""), 0o777) == 0)
        let report = examine(fixture)
        let cause = try #require(report.causes.first)
        #expect(report.causes.count == 1, "\(report.text)")
        #expect(cause.check == .permissions && cause.fix?.contains("chmod 700") == true, "\(report.text)")
        let consequences = report.findings.filter { $0.cause != nil }
        #expect(consequences.map(\.check).contains(.widget) && consequences.map(\.check).contains(.snapshot), "\(report.text)")
        #expect(consequences.allSatisfy { $0.fix == nil && $0.cause == .permissions })
        // Each consequence is printed right under its cause.
        let lines = report.text.split(separator: "\n")
        let first = try #require(lines.firstIndex { $0.contains("must be closed to them") })
        #expect(lines[(first + 1)...(first + consequences.count)].allSatisfy { $0.contains("↳ ") && !$0.contains(" — fix: ") })
        #expect(report.json.contains(#""cause":"permissions""#))
    }

    @Test func aMissingAuthStatusIsWrittenAgainNotLoggedInAgain() throws {
        let fixture = try BridgeFixture()
        try fixture.loginAndPublish()
        try FileManager.default.removeItem(atPath: fixture.path(.container, StoredFile.authStatus.name))
        let report = examine(fixture)
        let cause = try #require(report.causes.first)
        #expect(report.causes.count == 1, "\(report.text)")
        #expect(cause.message.contains("auth-status is missing") && cause.fix?.hasPrefix("`bridgectl unlock`") == true, "\(report.text)")
        #expect(report.findings.first { $0.check == .widget }?.cause == .session, "\(report.text)")
    }

    @Test func aLockCutShortIsWrittenAgainAsTheNarrowerSession() throws {
        let fixture = try BridgeFixture()
        try fixture.loginAndPublish()
        var unlocked = try #require(try JSONSerialization.jsonObject(with: Data(try fixture.bytes(.app, StoredFile.state.name))) as? [String: Any])
        try fixture.app.lock(now: fixture.start + 30)
        // The lock's record landed, the app state's did not: it holds the reservation, the session unlocked.
        unlocked["authSequence"] = (unlocked["authSequence"] as? Int ?? 0) + 1
        try fixture.overwrite(.app, StoredFile.state.name, with: Array(try JSONSerialization.data(withJSONObject: unlocked)))
        let report = examine(fixture)
        #expect(report.causes.map(\.fix) == ["`bridgectl lock` writes the session again (or run the command that was cut short again)"], "\(report.text)")
    }

    /// Doctor advises the logout the wipe is; a login straight away finishes it too.
    @Test func aWipeCutShortIsFinishedByTheAdvisedLogoutOrTheNextLogin() throws {
        let fixture = try BridgeFixture()
        try fixture.loginAndPublish()
        let state = try fixture.bytes(.app, StoredFile.state.name)
        var object = try #require(try JSONSerialization.jsonObject(with: Data(state)) as? [String: Any])
        object["failedUnlocks"] = BridgeApp.maximumFailedUnlocks
        try fixture.overwrite(.app, StoredFile.state.name, with: Array(try JSONSerialization.data(withJSONObject: object)))
        try FileManager.default.removeItem(atPath: fixture.path(.keychain, StoredFile.keyset.name))
        let report = examine(fixture)
        #expect(report.causes.count == 1 && report.causes.first?.fix?.contains("`bridgectl logout`") == true, "\(report.text)")
        try fixture.app.login(user: "alice", passcode: fixture.passcode, sessionLength: .seconds(3600), now: fixture.start + 120)
    }
}
