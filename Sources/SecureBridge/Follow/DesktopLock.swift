#if os(Linux)
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import SecureBridge
import SecureBridgeDesktop
import Synchronization

/// Whether the user's desktop session is locked, as the desktop says it:
/// logind's `LockedHint` of this session on the system bus, or, where
/// logind is absent, `org.freedesktop.ScreenSaver`'s `ActiveChanged` on the
/// session bus. A long-lived reader masks amounts while it is locked
/// (`desktop-locked`) and shows them again on unlock.
///
/// It speaks D-Bus itself (`DBusConnection`), so the static `bridgectl`
/// needs no libdbus; a thread of its own waits for the signals.
public final class DesktopLock: Sendable {
    /// Where the lock state comes from.
    public enum Source: String, Sendable {
        /// `org.freedesktop.login1.Session.LockedHint` (system bus).
        case logind
        /// `org.freedesktop.ScreenSaver.ActiveChanged` (session bus).
        case screenSaver = "screensaver"
    }

    /// Why the lock cannot be watched: one sentence.
    public struct Unavailable: Error, CustomStringConvertible, Sendable {
        public let description: String
    }

    public let source: Source
    private let state: Mutex<State>

    private struct State {
        var isLocked: Bool
        var generation = 0
        var waiters: [(id: Int, continuation: CheckedContinuation<Void, Never>)] = []
        var nextWaiter = 0
    }

    /// Whether the session is locked now.
    public var isLocked: Bool { state.withLock { $0.isLocked } }

    /// Starts watching: logind first, then the screensaver.
    /// - Parameter variable: Looks an environment variable up (the buses' addresses, `XDG_SESSION_ID`).
    /// - Throws: `Unavailable` naming why neither can be watched.
    public static func watch(environment variable: @escaping (String) -> String?) throws -> DesktopLock {
        let logind: DBusError
        do {
            return try watchLogind(variable)
        } catch let error as DBusError {
            logind = error
        }
        do {
            return try watchScreenSaver(variable)
        } catch let error as DBusError {
            throw Unavailable(description: "neither logind (\(logind)) nor a screensaver on the session bus (\(error)) can be asked")
        }
    }

    /// A lock whose state `record(_:)` sets (the watchers, and tests).
    init(source: Source, isLocked: Bool) {
        self.source = source
        state = Mutex(State(isLocked: isLocked))
    }

    private static func watchLogind(_ variable: (String) -> String?) throws -> DesktopLock {
        let bus = try DBusConnection(address: DBusConnection.systemBusAddress(variable))
        let manager = (path: "/org/freedesktop/login1", interface: "org.freedesktop.login1.Manager", name: "org.freedesktop.login1")
        var arguments = DBusWriter()
        let reply: DBusMessage
        if let id = variable("XDG_SESSION_ID"), !id.isEmpty {
            arguments.string(id)
            reply = try bus.call(.call("GetSession", on: manager.interface, at: manager.path, of: manager.name, serial: 0,
                                       arguments: arguments, signature: "s"))
        } else {
            arguments.uint32(UInt32(getpid()))
            reply = try bus.call(.call("GetSessionByPID", on: manager.interface, at: manager.path, of: manager.name, serial: 0,
                                       arguments: arguments, signature: "u"))
        }
        var body = DBusReader(reply.body)
        let session = try body.string()
        try bus.addMatch(
            "type='signal',sender='org.freedesktop.login1',path='\(session)',interface='org.freedesktop.DBus.Properties',member='PropertiesChanged'")
        var get = DBusWriter()
        get.string("org.freedesktop.login1.Session")
        get.string("LockedHint")
        let value = try bus.call(.call("Get", on: "org.freedesktop.DBus.Properties", at: session, of: manager.name, serial: 0,
                                       arguments: get, signature: "ss"))
        var reader = DBusReader(value.body)
        let lock = DesktopLock(source: .logind, isLocked: try reader.variantBoolean() ?? false)
        lock.listen(on: bus) { signal in
            guard signal.member == "PropertiesChanged", signal.signature.hasPrefix("sa{sv}") else { return nil }
            var reader = DBusReader(signal.body)
            guard try reader.string() == "org.freedesktop.login1.Session" else { return nil }
            return try reader.booleanProperties().last { $0.0 == "LockedHint" }?.1
        }
        return lock
    }

    private static func watchScreenSaver(_ variable: (String) -> String?) throws -> DesktopLock {
        guard let address = DBusConnection.sessionBusAddress(variable) else {
            throw DBusError.noAddress(variable: "DBUS_SESSION_BUS_ADDRESS")
        }
        let bus = try DBusConnection(address: address)
        try bus.addMatch("type='signal',interface='org.freedesktop.ScreenSaver',member='ActiveChanged'")
        // The screensaver's state now, when one answers; unlocked when none does yet.
        let active = try? bus.call(.call(
            "GetActive", on: "org.freedesktop.ScreenSaver", at: "/org/freedesktop/ScreenSaver", of: "org.freedesktop.ScreenSaver",
            serial: 0))
        var reader = DBusReader(active?.body ?? [])
        let lock = DesktopLock(source: .screenSaver, isLocked: active == nil ? false : (try? reader.boolean()) ?? false)
        lock.listen(on: bus) { signal in
            guard signal.member == "ActiveChanged", signal.signature == "b" else { return nil }
            var reader = DBusReader(signal.body)
            return try reader.boolean()
        }
        return lock
    }

    /// Reads signals on a thread of its own for as long as the process runs;
    /// `locked` says what a signal means (`nil`: nothing about the lock).
    private func listen(on bus: DBusConnection, _ locked: @escaping (DBusMessage) throws -> Bool?) {
        let box = Unmanaged.passRetained(Listener(lock: self, bus: bus, locked: locked))
        var thread = pthread_t()
        let started = pthread_create(&thread, nil, { context in
            let listener = Unmanaged<Listener>.fromOpaque(context!).takeRetainedValue()
            listener.run()
            return nil
        }, box.toOpaque())
        if started == 0 {
            pthread_detach(thread)
        } else {
            box.release()
        }
    }

    /// Records the state a signal gave, waking whoever waits for a change.
    func record(_ locked: Bool) {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            guard state.isLocked != locked else { return [] }
            state.isLocked = locked
            state.generation += 1
            defer { state.waiters.removeAll() }
            return state.waiters.map(\.continuation)
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns once the lock state changes (at once if it changed since
    /// `generation`), or when the task is cancelled.
    func change(after generation: Int) async {
        let id = state.withLock { state in
            defer { state.nextWaiter += 1 }
            return state.nextWaiter
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let resumeNow = state.withLock { state -> Bool in
                    guard state.generation == generation, !Task.isCancelled else { return true }
                    state.waiters.append((id, continuation))
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
                guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
                return state.waiters.remove(at: index).continuation
            }
            waiter?.resume()
        }
    }

    /// The state and its generation, read together.
    var snapshot: (isLocked: Bool, generation: Int) { state.withLock { ($0.isLocked, $0.generation) } }
}

/// The listening thread's state, handed to it whole.
private final class Listener: @unchecked Sendable {
    let lock: DesktopLock
    let bus: DBusConnection
    let locked: (DBusMessage) throws -> Bool?

    init(lock: DesktopLock, bus: DBusConnection, locked: @escaping (DBusMessage) throws -> Bool?) {
        self.lock = lock
        self.bus = bus
        self.locked = locked
    }

    func run() {
        while let signal = try? bus.nextSignal() {
            if let state = try? locked(signal) { lock.record(state) }
        }
    }
}
#endif
