#if os(Linux)
import Foundation
import Synchronization
@testable import SecureBridgeDesktop

/// A screensaver on a private session bus: it owns `org.freedesktop.ScreenSaver`,
/// answers `GetActive` with its state and sends `ActiveChanged` when the
/// test changes it, as a desktop's screensaver does.
final class FakeScreenSaver: @unchecked Sendable {
    // `@unchecked`: the connection's reads happen on the serving thread only,
    // and every send (replies and signals) under `sending`.
    private let bus: DBusConnection
    private let sending = Mutex(false)
    private let active = Mutex(false)

    static let name = "org.freedesktop.ScreenSaver"

    init(on address: String) throws {
        bus = try DBusConnection(address: address)
        var arguments = DBusWriter()
        arguments.string(Self.name)
        arguments.uint32(4)  // DBUS_NAME_FLAG_DO_NOT_QUEUE
        try bus.call(.call(
            "RequestName", on: "org.freedesktop.DBus", at: "/org/freedesktop/DBus", of: "org.freedesktop.DBus", serial: 0,
            arguments: arguments, signature: "su"))
        Thread.detachNewThread { [self] in serve() }
    }

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
            var body = DBusWriter()
            body.boolean(active.withLock { $0 })
            let reply = DBusMessage(
                kind: .methodReturn, serial: 0, replySerial: message.serial, destination: caller, signature: "b", body: body.bytes)
            _ = try? sending.withLock { _ in try bus.send(reply) }
        }
    }
}
#endif
