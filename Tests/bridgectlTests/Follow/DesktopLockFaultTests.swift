import Foundation
import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp
@testable import SecureBridgeDesktop

#if canImport(Glibc)
import Glibc
@testable import SecureBridgeTestSupport

/// Issue 43, items 2 and 3: an owner of the desktop lock's name that does
/// not say whether the session is locked (it answers with an error, or never
/// answers) counts as locked: the bar's line has no amount, one warning names
/// the name, and the follower keeps watching for a new owner. SIGTERM and the
/// parent's exit end a follower that is waiting for such an owner. A
/// stand-in screensaver and logind on private buses, the real `bridgectl`.
/// A sweep: the silent owners are waited out for the call's timeout.
@Suite(.sweep, .timeLimit(.minutes(2))) struct DesktopLockFaultTests {
    /// How long after the call's timeout the masked view may come: the
    /// issue's "within a second", with room for a loaded machine.
    static let slack: Duration = .seconds(2)

    @Test func aScreenSaverThatAnswersGetActiveWithAnErrorMasksAndSaysSo() async throws {
        let fixture = try BridgeFixture.live()
        let bus = try PrivateSessionBus(activating: false)
        let screenSaver = try FakeScreenSaver(on: bus.address, .failing("org.freedesktop.DBus.Error.UnknownMethod"))
        let child = try Self.follow(fixture, setting: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
        Self.expectMasked(try #require(await child.readLine()))
        #expect(screenSaver.getActiveCalls == 1)
        try screenSaver.setActive(false)  // its owner's own signal is still believed
        #expect(try #require(await child.readLine()).contains(#""class":"full""#))
        child.send(SIGTERM)
        let end = await child.finish()
        #expect(end.status == 0)
        #expect(end.stderrLines.count == 1, "one warning: \(end.stderr)")
        #expect(end.stderr.contains(
            "org.freedesktop.ScreenSaver answered GetActive with the error org.freedesktop.DBus.Error.UnknownMethod"), "\(end.stderr)")
    }

    @Test func aScreenSaverThatNeverAnswersMasksAfterTheTimeoutUntilAnotherTakesItsName() async throws {
        let fixture = try BridgeFixture.live()
        let bus = try PrivateSessionBus(activating: false)
        let silent = try FakeScreenSaver(on: bus.address, .silent)
        let started = ContinuousClock.now
        let child = try Self.follow(fixture, setting: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
        Self.expectMasked(try #require(await child.readLine()), within: started)

        silent.quit()
        let next = try FakeScreenSaver(on: bus.address)  // answers: inactive
        #expect(try #require(await child.readLine()).contains(#""class":"full""#), "the new owner was watched for")
        #expect(next.getActiveCalls >= 1)
        child.send(SIGTERM)
        let end = await child.finish()
        #expect(end.status == 0)
        #expect(end.stderrLines.count == 1, "one warning: \(end.stderr)")
        #expect(end.stderr.contains("org.freedesktop.ScreenSaver did not answer GetActive within 5 seconds"), "\(end.stderr)")
    }

    @Test func aLogindThatNeverAnswersMasksAfterTheTimeout() async throws {
        let fixture = try BridgeFixture.live()
        let system = try PrivateSessionBus(activating: false)  // stands for the system bus
        let logind = try FakeLogind(on: system.address)
        let session = try PrivateSessionBus(activating: false)
        let screenSaver = try FakeScreenSaver(on: session.address)  // inactive: it must not be asked instead
        let started = ContinuousClock.now
        let child = try Self.follow(fixture, setting: [
            "DBUS_SYSTEM_BUS_ADDRESS": system.address, "DBUS_SESSION_BUS_ADDRESS": session.address, "XDG_SESSION_ID": "1",
        ])
        Self.expectMasked(try #require(await child.readLine()), within: started)
        #expect(logind.propertyCalls == 1)
        #expect(screenSaver.getActiveCalls == 0, "logind owns its name: the screensaver is not asked in its place")
        child.send(SIGTERM)
        let end = await child.finish()
        #expect(end.status == 0)
        #expect(end.stderrLines.count == 1, "one warning: \(end.stderr)")
        #expect(end.stderr.contains("org.freedesktop.login1 did not answer Get(LockedHint) within 5 seconds"), "\(end.stderr)")
    }

    @Test func aLogindThatAnswersWithAnErrorMasks() async throws {
        let fixture = try BridgeFixture.live()
        let system = try PrivateSessionBus(activating: false)
        _ = try FakeLogind(on: system.address, failing: "org.freedesktop.DBus.Error.AccessDenied")
        let session = try PrivateSessionBus(activating: false)
        let screenSaver = try FakeScreenSaver(on: session.address)
        let child = try Self.follow(fixture, setting: [
            "DBUS_SYSTEM_BUS_ADDRESS": system.address, "DBUS_SESSION_BUS_ADDRESS": session.address, "XDG_SESSION_ID": "1",
        ])
        Self.expectMasked(try #require(await child.readLine()))
        #expect(screenSaver.getActiveCalls == 0)
        child.send(SIGTERM)
        let end = await child.finish()
        #expect(end.status == 0)
        #expect(end.stderr.contains("org.freedesktop.login1 answered Get(LockedHint) with the error org.freedesktop.DBus.Error.AccessDenied"),
                "\(end.stderr)")
    }

    /// SIGTERM while the follower waits for a screensaver that never answers:
    /// it ends at once, not after the call's timeout (nor never).
    @Test func sigtermEndsAFollowerWaitingForTheScreenSaver() async throws {
        let fixture = try BridgeFixture.live()
        let bus = try PrivateSessionBus(activating: false)
        let silent = try FakeScreenSaver(on: bus.address, .silent)
        let child = try Self.follow(fixture, setting: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
        try await Self.waitUntil("the follower asks GetActive") { silent.getActiveCalls > 0 }
        let sent = ContinuousClock.now
        child.send(SIGTERM)
        let end = await child.finish()
        let took = ContinuousClock.now - sent
        #expect(end.status == 0, "exit 0 on SIGTERM (nil: killed after a minute): \(end)")
        #expect(took < .seconds(2), "SIGTERM took \(took) to end it, the call's timeout being \(DBusConnection.callTimeout)")
    }

    /// The follower's parent (a shell) killed while the follower waits for a
    /// screensaver that never answers: it ends at once.
    @Test func theParentsExitEndsAFollowerWaitingForTheScreenSaver() async throws {
        let fixture = try BridgeFixture.live()
        let bus = try PrivateSessionBus(activating: false)
        let silent = try FakeScreenSaver(on: bus.address, .silent)
        let child = try Bridgectl.start(
            Self.arguments(fixture), setting: ["DBUS_SESSION_BUS_ADDRESS": bus.address, "DBUS_SYSTEM_BUS_ADDRESS": "unix:path=/nonexistent"],
            launcher: ["/bin/sh", "-c", #""$0" "$@" & echo "$!"; wait"#])
        let follower = try #require(await child.readLine().flatMap { pid_t($0) }, "the follower's pid")
        try await Self.waitUntil("the follower asks GetActive") { silent.getActiveCalls > 0 }
        child.send(SIGKILL)
        let killed = ContinuousClock.now
        while FollowerEndsWithItsBarTests.isRunning(follower), ContinuousClock.now - killed < .seconds(10) {
            try await Task.sleep(for: .milliseconds(20))
        }
        let took = ContinuousClock.now - killed
        let survived = FollowerEndsWithItsBarTests.isRunning(follower)
        if survived { kill(follower, SIGKILL) }
        #expect(!survived, "the follower outlived its parent by \(took)")
        #expect(took < .seconds(2), "it took \(took) to see its parent gone, the call's timeout being \(DBusConnection.callTimeout)")
        await child.finish()
    }

    static func arguments(_ fixture: BridgeFixture) -> [String] {
        ["read", "--follow", "--format", "waybar", "--home", fixture.root]
    }

    /// `read --follow` in waybar's format; no system bus unless `setting` names one (so the screensaver is watched).
    static func follow(_ fixture: BridgeFixture, setting: [String: String]) throws -> Bridgectl.Child {
        try Bridgectl.start(arguments(fixture), setting: ["DBUS_SYSTEM_BUS_ADDRESS": "unix:path=/nonexistent"].merging(setting) { $1 })
    }

    /// A line with no amount, masked for the desktop's lock; when `started`
    /// is given, printed within the call's timeout and `slack` of it.
    static func expectMasked(_ line: String, within started: ContinuousClock.Instant? = nil) {
        #expect(line.contains(#""class":["masked","desktop-locked"]"#), "\(line)")
        #expect(!line.contains("4,675") && !line.contains("12,850"), "no amount: \(line)")
        if let started {
            let took = ContinuousClock.now - started
            #expect(took < DBusConnection.callTimeout + slack, "masked \(took) after the start")
        }
    }

    static func waitUntil(_ what: String, _ condition: () -> Bool) async throws {
        let start = ContinuousClock.now
        while !condition() {
            guard ContinuousClock.now - start < .seconds(20) else {
                Issue.record("timed out waiting until \(what)")
                return
            }
            try await Task.sleep(for: .milliseconds(20))
        }
    }
}
#endif
