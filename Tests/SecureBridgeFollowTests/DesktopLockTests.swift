import Foundation
import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp
@testable import SecureBridgeFollow
@testable import SecureBridgeDesktop

#if canImport(Glibc)
import Glibc
@testable import SecureBridgeTestSupport
#endif

/// The desktop's lock masks a long-lived reader's amounts (`desktop-locked`):
/// the D-Bus wire format it is read with, and the follower
/// (`ReadFollowDesktopLockTests` runs `read --follow` on a real bus).
@Suite struct DesktopLockTests {
    // MARK: The wire format

    @Test func aMethodCallReadsBackAsItWasWritten() throws {
        var arguments = DBusWriter()
        arguments.string("org.freedesktop.login1.Session")
        arguments.string("LockedHint")
        let call = DBusMessage.call(
            "Get", on: "org.freedesktop.DBus.Properties", at: "/org/freedesktop/login1/session/_32",
            of: "org.freedesktop.login1", serial: 7, arguments: arguments, signature: "ss")
        let bytes = call.bytes
        #expect(try DBusMessage.length(ofMessageStarting: bytes[...]) == bytes.count)
        #expect(try DBusMessage(bytes: bytes) == call)
        var body = DBusReader(try DBusMessage(bytes: bytes).body)
        #expect(try body.string() == "org.freedesktop.login1.Session")
        #expect(try body.string() == "LockedHint")
    }

    /// logind's `PropertiesChanged` carries other properties of other types
    /// around `LockedHint`; they are skipped, whatever their type.
    @Test func lockedHintIsFoundAmongOtherProperties() throws {
        var body = DBusWriter()
        body.string("org.freedesktop.login1.Session")
        body.array(elementAlignment: 8) { entries in
            entries.align(8)
            entries.string("IdleSinceHint")
            entries.signature("t")
            entries.align(8)
            entries.uint32(1)
            entries.uint32(0)
            entries.align(8)
            entries.string("State")
            entries.signature("s")
            entries.string("active")
            entries.align(8)
            entries.string("Seats")
            entries.signature("a(so)")
            entries.array(elementAlignment: 8) { seats in
                seats.align(8)
                seats.string("seat0")
                seats.string("/org/freedesktop/login1/seat/seat0")
            }
            entries.align(8)
            entries.string("LockedHint")
            entries.variant(boolean: true)
        }
        body.array(elementAlignment: 4) { _ in }
        var reader = DBusReader(body.bytes)
        #expect(try reader.string() == "org.freedesktop.login1.Session")
        let properties = try reader.booleanProperties()
        #expect(properties.map(\.0) == ["LockedHint"])
        #expect(properties.first?.1 == true)
    }

    @Test func garbageIsRefusedWithoutACrash() {
        var generator = SeededGenerator(seed: 0x5EED_DB05)
        var refused = 0
        for _ in 0..<2_000 {
            var bytes = (0..<Int.random(in: 16...96, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            bytes[0] = UInt8(ascii: "l")
            bytes[1] = UInt8.random(in: 1...4, using: &generator)
            if (try? DBusMessage(bytes: bytes)) == nil { refused += 1 }
            var reader = DBusReader(bytes)
            _ = try? reader.booleanProperties()
        }
        #expect(refused > 1_900)
    }

    @Test func addressesNameTheirSocket() throws {
        #expect(try DBusConnection.socketPath(in: "unix:path=/run/user/1000/bus") == ("/run/user/1000/bus", false))
        #expect(try DBusConnection.socketPath(in: "tcp:host=x;unix:abstract=/tmp/dbus-x%2cy,guid=1") == ("/tmp/dbus-x,y", true))
        #expect(throws: DBusError.self) { try DBusConnection.socketPath(in: "tcp:host=localhost,port=1") }
    }

    /// Signals that arrive while a reply is awaited are kept for later, the
    /// newest `pendingSignalLimit` of them: a flood costs no more memory.
    @Test(.timeLimit(.minutes(1))) func signalsKeptWhileAReplyIsAwaitedAreCapped() throws {
        let bus = try PrivateSessionBus()
        let listener = try DBusConnection(address: bus.address)
        try listener.addMatch("type='signal',interface='org.freedesktop.ScreenSaver',member='ActiveChanged'")
        let sender = try DBusConnection(address: bus.address)
        for index in 0..<200 {
            var body = DBusWriter()
            body.boolean(index % 2 == 0)
            try sender.send(DBusMessage(
                kind: .signal, serial: 0, path: "/org/freedesktop/ScreenSaver", interface: "org.freedesktop.ScreenSaver",
                member: "ActiveChanged", signature: "b", body: body.bytes))
        }
        _ = try sender.nameOwner(of: "org.freedesktop.DBus")  // the bus has taken them all in
        _ = try listener.nameOwner(of: "org.freedesktop.DBus")  // a call whose reply comes after the 200 signals
        #expect(listener.pendingSignals.count == DBusConnection.pendingSignalLimit)
        var last = DBusReader(try #require(listener.pendingSignals.last).body)
        #expect(try last.boolean() == false, "the newest are kept: the 200th said inactive")
    }

    // MARK: The follower

    @Test func aLockedDesktopMasksAndUnlockingShowsAgain() async throws {
        let fixture = try BridgeFixture()
        try fixture.loginAndPublish()
        let clock = TestClock(fixture.start)
        // A source that only wakes at the deadline, and is cancelled when the lock wins the race.
        let source = PollingWakeUps(interval: .seconds(3600))
        let lock = DesktopLock(source: .screenSaver, isLocked: false)
        let request = try WidgetRequest(kind: .balance, family: .systemMedium, localeIdentifier: "en_US")
        var follower = RunningFollower(
            TimelineFollower(reader: fixture.widget, request: request, clock: clock), source: source, desktopLock: lock)

        #expect(try #require(await follower.next()).entries.first?.state == .full)
        lock.record(true)
        let locked = try #require(await follower.next())
        #expect(locked.entries.allSatisfy { $0.state != .full }, "no entry shows an amount")
        #expect(locked.entries.first?.reason == .desktopLocked)
        #expect(locked.entries.first?.accounts.allSatisfy { $0.balance.isMasked } == true)
        lock.record(false)
        #expect(try #require(await follower.next()).entries.first?.state == .full)
        follower.task.cancel()
        try await follower.task.value
    }
}
