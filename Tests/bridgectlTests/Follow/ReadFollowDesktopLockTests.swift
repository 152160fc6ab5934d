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
#endif

/// `read --follow` against a real private session bus: the screensaver's
/// lock masks the bar's amounts (`desktop-locked`), and nothing but the
/// screensaver's own signals unmasks them.
@Suite struct ReadFollowDesktopLockTests {
    @Test(.timeLimit(.minutes(1))) func readFollowMasksWhileTheScreenSaverIsActive() async throws {
        let fixture = try BridgeFixture.live()
        let bus = try PrivateSessionBus()
        let screenSaver = try FakeScreenSaver(on: bus.address)
        let child = try Self.follow(fixture, on: bus)
        #expect(try #require(await child.readLine()).contains(#""class":"full""#))
        try screenSaver.setActive(true)
        let locked = try #require(await child.readLine())
        #expect(locked.contains(#""class":["masked","desktop-locked"]"#), "\(locked)")
        #expect(!locked.contains("4,675"), "no amount while locked")
        try screenSaver.setActive(false)
        #expect(try #require(await child.readLine()).contains(#""class":"full""#))
        child.send(SIGTERM)
        let end = await child.finish()
        #expect(end.status == 0)
        #expect(end.stderr.isEmpty, "\(end.stderr)")
    }

    /// `ActiveChanged(false)` from a client that does not own the
    /// screensaver's name is not believed: the next line, made by a
    /// publish, is still masked.
    @Test(.timeLimit(.minutes(1))) func aForgedScreenSaverSignalDoesNotUnmask() async throws {
        let fixture = try BridgeFixture.live()
        let bus = try PrivateSessionBus()
        let screenSaver = try FakeScreenSaver(on: bus.address)
        try screenSaver.setActive(true)
        let child = try Self.follow(fixture, on: bus)
        #expect(try #require(await child.readLine()).contains(#""class":["masked","desktop-locked"]"#))
        try bus.screenSaver(active: false)  // dbus-send: another connection, claiming the interface
        try await Bridgectl.run(["publish", "--home", fixture.root, "-"], input: BridgeFixture.otherAccounts)
        let next = try #require(await child.readLine())
        #expect(next.contains(#""class":["masked","desktop-locked"]"#), "a forged signal unmasked: \(next)")
        try screenSaver.setActive(false)
        #expect(try #require(await child.readLine()).contains(#""class":"full""#), "the owner's own signal does")
        child.send(SIGTERM)
        #expect(await child.finish().status == 0)
    }

    /// The session bus gone: nothing can say the screen is unlocked any
    /// more, so the bar's next line has no amount.
    @Test(.timeLimit(.minutes(1))) func losingTheBusMasksAtOnce() async throws {
        let fixture = try BridgeFixture.live()
        var bus: PrivateSessionBus? = try PrivateSessionBus()
        _ = try FakeScreenSaver(on: bus!.address)
        let child = try Self.follow(fixture, on: bus!)
        #expect(try #require(await child.readLine()).contains(#""class":"full""#))
        let lost = ContinuousClock.now
        bus = nil  // the daemon killed
        let masked = try #require(await child.readLine())
        #expect(masked.contains(#""class":["masked","desktop-locked"]"#), "\(masked)")
        #expect(!masked.contains("4,675"))
        print("masked \(ContinuousClock.now - lost) after the bus went")  // printed, not asserted: the time limit catches a follower that never masks
        child.send(SIGTERM)
        #expect(await child.finish().status == 0)
    }

    /// The screensaver leaving the bus (its name without an owner) masks;
    /// a new one that says it is inactive shows the amounts again.
    @Test(.timeLimit(.minutes(1))) func aScreenSaverThatLeavesMasksUntilAnotherAnswers() async throws {
        let fixture = try BridgeFixture.live()
        let bus = try PrivateSessionBus()
        let first = try FakeScreenSaver(on: bus.address)
        let child = try Self.follow(fixture, on: bus)
        #expect(try #require(await child.readLine()).contains(#""class":"full""#))
        first.quit()
        #expect(try #require(await child.readLine()).contains(#""class":["masked","desktop-locked"]"#))
        _ = try FakeScreenSaver(on: bus.address)
        #expect(try #require(await child.readLine()).contains(#""class":"full""#))
        child.send(SIGTERM)
        #expect(await child.finish().status == 0)
    }

    /// `read --follow` in waybar's format on `bus`, with no system bus (so the screensaver is watched).
    private static func follow(_ fixture: BridgeFixture, on bus: PrivateSessionBus) throws -> Bridgectl.Child {
        try Bridgectl.start(
            ["read", "--follow", "--format", "waybar", "--home", fixture.root],
            setting: ["DBUS_SESSION_BUS_ADDRESS": bus.address, "DBUS_SYSTEM_BUS_ADDRESS": "unix:path=/nonexistent"])
    }

    @Test(.timeLimit(.minutes(1))) func withoutABusItSaysSoOnceAndCarriesOn() async throws {
        let fixture = try BridgeFixture.live()
        let child = try Bridgectl.start(
            ["read", "--follow", "--format", "line", "--home", fixture.root], unsetting: ["DBUS_SESSION_BUS_ADDRESS"],
            setting: ["DBUS_SYSTEM_BUS_ADDRESS": "unix:path=/nonexistent"])
        #expect(try #require(await child.readLine()).contains("€"))
        child.send(SIGTERM)
        let end = await child.finish()
        #expect(end.status == 0)
        #expect(end.stderrLines.count == 1, "\(end.stderr)")
        #expect(end.stderr.contains("Cannot see the desktop's lock"))
        #expect(end.stderr.contains("pass --ignore-desktop-lock"), "it names the option that means it: \(end.stderr)")
    }

    /// A session bus where nobody owns the screensaver's name, and no logind:
    /// the lock cannot be seen, and the follower says so once (it masks as
    /// soon as a screensaver starts and says the session locked).
    @Test(.timeLimit(.minutes(1))) func aBusWithoutAScreenSaverOrLogindIsSaidOnce() async throws {
        let fixture = try BridgeFixture.live()
        let bus = try PrivateSessionBus()
        let child = try Self.follow(fixture, on: bus)
        #expect(try #require(await child.readLine()).contains(#""class":"full""#))
        let screenSaver = try FakeScreenSaver(on: bus.address)
        try screenSaver.setActive(true)
        #expect(try #require(await child.readLine()).contains(#""class":["masked","desktop-locked"]"#))
        child.send(SIGTERM)
        let end = await child.finish()
        #expect(end.status == 0)
        #expect(end.stderrLines.count == 1, "\(end.stderr)")
        #expect(end.stderr.contains("neither logind nor a screensaver on the session bus answers"), "\(end.stderr)")
        #expect(end.stderr.contains("pass --ignore-desktop-lock"), "\(end.stderr)")
    }

    @Test(.timeLimit(.minutes(1))) func theLockCanBeIgnored() async throws {
        let fixture = try BridgeFixture.live()
        let child = try Bridgectl.start(
            ["read", "--follow", "--ignore-desktop-lock", "--format", "line", "--home", fixture.root],
            unsetting: ["DBUS_SESSION_BUS_ADDRESS"], setting: ["DBUS_SYSTEM_BUS_ADDRESS": "unix:path=/nonexistent"])
        #expect(try #require(await child.readLine()).contains("€"))
        child.send(SIGTERM)
        let end = await child.finish()
        #expect(end.status == 0)
        #expect(end.stderr.isEmpty, "no warning when the lock is not watched: \(end.stderr)")
    }
}
