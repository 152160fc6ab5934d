#if os(Linux)
import Foundation
import Synchronization
@testable import SecureBridgeDesktop

/// A screensaver on a private session bus: it owns `org.freedesktop.ScreenSaver`,
/// answers `GetActive` with its state and sends `ActiveChanged` when the
/// test changes it, as a desktop's screensaver does; or, as the test says,
/// answers `GetActive` with an error, or never answers it.
final class FakeScreenSaver: @unchecked Sendable {
    // `@unchecked`: the connection's reads happen on the serving thread only,
    // and every send (replies and signals) under `sending`.
    private let bus: DBusConnection
    private let sending = Mutex(false)
    private let active = Mutex(false)
    private let asked = Mutex(0)
    private let behaviour: Behaviour

    /// How it answers `GetActive`.
    enum Behaviour: Sendable {
        /// With its state, as a screensaver does.
        case answering
        /// With the D-Bus error of this name (one that implements only `Inhibit`, a buggy one).
        case failing(String)
        /// Never: it reads the call and says nothing (a hung one).
        case silent
    }

    static let name = "org.freedesktop.ScreenSaver"

    init(on address: String, _ behaviour: Behaviour = .answering) throws {
        self.behaviour = behaviour
        bus = try DBusConnection(address: address)
        try bus.requestName(Self.name)
        Thread.detachNewThread { [self] in serve() }
    }

    /// How many `GetActive` calls it has read.
    var getActiveCalls: Int { asked.withLock { $0 } }

    /// Sets the state and announces it.
    func setActive(_ value: Bool) throws {
        active.withLock { $0 = value }
        var body = DBusWriter()
        body.boolean(value)
        let signal = DBusMessage(
            kind: .signal, serial: 0, path: "/org/freedesktop/ScreenSaver", interface: Self.name, member: "ActiveChanged",
            signature: "b", body: body.bytes)
        try sending.withLock { _ in try bus.send(signal) }
    }

    /// Leaves the bus: the name has no owner any more.
    func quit() {
        bus.shutDown()
    }

    private func serve() {
        while let message = try? bus.nextMessage() {
            guard message.kind == .methodCall, message.member == "GetActive", let caller = message.sender else { continue }
            asked.withLock { $0 += 1 }
            let reply: DBusMessage
            switch behaviour {
            case .answering:
                var body = DBusWriter()
                body.boolean(active.withLock { $0 })
                reply = DBusMessage(
                    kind: .methodReturn, serial: 0, replySerial: message.serial, destination: caller, signature: "b", body: body.bytes)
            case let .failing(name):
                reply = DBusMessage(kind: .error, serial: 0, replySerial: message.serial, destination: caller, errorName: name)
            case .silent:
                continue
            }
            _ = try? sending.withLock { _ in try bus.send(reply) }
        }
    }
}

/// logind on a private bus standing for the system bus: it owns
/// `org.freedesktop.login1` and answers `GetSession` and `GetSessionByPID`
/// with a session, whose `LockedHint` it never gives (a hung logind) or
/// answers with an error.
final class FakeLogind: @unchecked Sendable {
    // `@unchecked`: as `FakeScreenSaver`'s.
    private let bus: DBusConnection
    private let sending = Mutex(false)
    private let asked = Mutex(0)
    private let failing: String?

    static let name = "org.freedesktop.login1"
    static let session = "/org/freedesktop/login1/session/_31"

    /// - Parameter failing: The error it answers `Get(LockedHint)` with; `nil`: it never answers.
    init(on address: String, failing: String? = nil) throws {
        self.failing = failing
        bus = try DBusConnection(address: address)
        try bus.requestName(Self.name)
        Thread.detachNewThread { [self] in serve() }
    }

    /// How many property reads (`Get`) it has read.
    var propertyCalls: Int { asked.withLock { $0 } }

    private func serve() {
        while let message = try? bus.nextMessage() {
            guard message.kind == .methodCall, let caller = message.sender else { continue }
            let reply: DBusMessage
            switch message.member {
            case "GetSession", "GetSessionByPID":
                var body = DBusWriter()
                body.string(Self.session)  // an object path is written as a string is
                reply = DBusMessage(
                    kind: .methodReturn, serial: 0, replySerial: message.serial, destination: caller, signature: "o", body: body.bytes)
            case "Get":
                asked.withLock { $0 += 1 }
                guard let failing else { continue }
                reply = DBusMessage(kind: .error, serial: 0, replySerial: message.serial, destination: caller, errorName: failing)
            default: continue
            }
            _ = try? sending.withLock { _ in try bus.send(reply) }
        }
    }
}

extension DBusConnection {
    /// Takes `name` on the bus, or fails (`DBUS_NAME_FLAG_DO_NOT_QUEUE`).
    func requestName(_ name: String) throws {
        var arguments = DBusWriter()
        arguments.string(name)
        arguments.uint32(4)  // DBUS_NAME_FLAG_DO_NOT_QUEUE
        try call(.call(
            "RequestName", on: "org.freedesktop.DBus", at: "/org/freedesktop/DBus", of: "org.freedesktop.DBus", serial: 0,
            arguments: arguments, signature: "su"))
    }
}
#endif
