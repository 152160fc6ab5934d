#if os(Linux)
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Dispatch
import SecureBridge
import SecureBridgeDesktop

/// Whether the user's desktop session is locked, as the desktop says it:
/// logind's `LockedHint` of this session on the system bus, or, where
/// logind is absent, `org.freedesktop.ScreenSaver`'s `ActiveChanged` on the
/// session bus. A long-lived reader masks amounts while it is locked
/// (`desktop-locked`) and shows them again on unlock.
///
/// Only the owner of the name a signal claims to come from is believed:
/// each signal's sender, which the bus daemon sets, must be the unique name
/// that owns `org.freedesktop.login1` or `org.freedesktop.ScreenSaver`, so a
/// client of the bus cannot unmask by sending `ActiveChanged(false)` itself.
///
/// It fails closed: when the bus connection is lost or the name changes
/// hands, the session counts as locked until the watch is made again and
/// the lock state read afresh (at once, then every `reconnectInterval`).
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

    /// Whether someone answered for the lock when watching began: logind, or
    /// a screensaver that owns its name. Without one (a session bus with no
    /// screensaver, and no logind), nothing can say the session locked until
    /// a screensaver starts, and the amounts stay shown meanwhile.
    public let hadAnOwnerAtStart: Bool

    private let fact: WatchedFact<Bool>
    private let reconnects = DispatchQueue(label: "SecureBridge.follow.desktop-lock")

    /// How often a lost watch is tried again, after a first try at once.
    static let reconnectInterval: Duration = .seconds(2)

    /// Whether the session is locked now (or cannot be seen since it was watched).
    public var isLocked: Bool { fact.snapshot.value }

    /// Starts watching: logind first, then the screensaver.
    /// - Parameter variable: Looks an environment variable up (the buses' addresses, `XDG_SESSION_ID`).
    /// - Throws: `Unavailable` naming why neither can be watched.
    public static func watch(environment variable: @escaping @Sendable (String) -> String?) throws -> DesktopLock {
        let logind: DBusError
        do {
            return try DesktopLock(source: .logind) { try LockWatch.logind(variable) }
        } catch let error as DBusError {
            logind = error
        }
        do {
            return try DesktopLock(source: .screenSaver) { try LockWatch.screenSaver(variable) }
        } catch let error as DBusError {
            throw Unavailable(description: "neither logind (\(logind)) nor a screensaver on the session bus (\(error)) can be asked")
        }
    }

    /// A lock whose state `record(_:)` sets (tests).
    init(source: Source, isLocked: Bool, hadAnOwnerAtStart: Bool = true) {
        self.source = source
        self.hadAnOwnerAtStart = hadAnOwnerAtStart
        fact = WatchedFact(isLocked)
    }

    /// A lock watched through what `connect` sets up, made again by it whenever it is lost.
    /// - Throws: What the first `connect` throws.
    private convenience init(source: Source, connect: @escaping @Sendable () throws -> LockWatch) throws {
        let first = try connect()
        self.init(source: source, isLocked: first.isLocked, hadAnOwnerAtStart: first.owner != nil)
        listen(first, sawOwner: first.owner != nil, reconnectingWith: connect)
    }

    /// Hands `watch`'s signals from its owner to the fact; when the watch is
    /// lost, counts the session as locked (once anyone has owned the name)
    /// and makes the watch again with `connect`.
    private func listen(_ watch: LockWatch, sawOwner: Bool, reconnectingWith connect: @escaping @Sendable () throws -> LockWatch) {
        _ = DBusSignalThread(reading: watch.bus) { [fact] signal in
            switch watch.meaning(of: signal) {
            case let .locked(locked): fact.record(locked)
            case .ownerChanged: watch.bus.shutDown()  // the thread ends, and the watch is made again
            case .nothing: break
            }
        } ended: { [weak self] in
            guard let self else { return }
            if sawOwner { fact.record(true) }
            reconnect(after: .zero, sawOwner: sawOwner, with: connect)
        }
    }

    /// Tries `connect` after `delay`, and again every `reconnectInterval`
    /// until it works. Once a screensaver has been seen, a name nobody owns
    /// any more counts as locked: only an owner can say the screen is unlocked.
    private func reconnect(after delay: Duration, sawOwner: Bool, with connect: @escaping @Sendable () throws -> LockWatch) {
        reconnects.asyncAfter(deadline: .now() + .milliseconds(Int(delay.components.seconds * 1000))) { [weak self] in
            guard let self else { return }
            guard let watch = try? connect() else {
                return reconnect(after: Self.reconnectInterval, sawOwner: sawOwner, with: connect)
            }
            fact.record(watch.isLocked || (sawOwner && watch.owner == nil))
            listen(watch, sawOwner: sawOwner || watch.owner != nil, reconnectingWith: connect)
        }
    }

    /// Records the state a signal gave, waking whoever waits for a change (tests).
    func record(_ locked: Bool) { fact.record(locked) }

    /// Returns once the lock state changes (at once if it changed since
    /// `generation`), or when the task is cancelled.
    func change(after generation: Int) async { await fact.change(after: generation) }

    /// The state and its generation, read together.
    var snapshot: (isLocked: Bool, generation: Int) {
        let (value, generation) = fact.snapshot
        return (value, generation)
    }
}

/// One connection watching the lock: the bus, who owns the watched name,
/// the state read when it was set up, and how to read a signal.
private struct LockWatch: @unchecked Sendable {
    // `@unchecked`: the connection is used only by the signal thread once `listen` starts it.
    let bus: DBusConnection
    /// The well-known name whose owner alone is believed.
    let name: String
    /// The unique name that owned it when the watch was set up; `nil` when nobody did.
    let owner: String?
    let isLocked: Bool
    /// What a signal from the owner says of the lock: locked, unlocked, or `nil` (nothing).
    let interpret: @Sendable (DBusMessage) throws -> Bool?

    enum Meaning { case locked(Bool), ownerChanged, nothing }

    /// What `signal` means: a lock state only from the owner; a change of
    /// owner only from the bus itself, and only for the watched name.
    func meaning(of signal: DBusMessage) -> Meaning {
        if signal.sender == "org.freedesktop.DBus", signal.member == "NameOwnerChanged" {
            var reader = DBusReader(signal.body)
            return (try? reader.string()) == name ? .ownerChanged : .nothing
        }
        guard let owner, signal.sender == owner, let locked = try? interpret(signal) else { return .nothing }
        return .locked(locked)
    }

    /// logind's session of this process: its `LockedHint`, and the
    /// `PropertiesChanged` signals of that session.
    static func logind(_ variable: (String) -> String?) throws -> LockWatch {
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
        try bus.watchOwner(of: manager.name)
        try bus.addMatch(
            "type='signal',sender='org.freedesktop.login1',path='\(session)',interface='org.freedesktop.DBus.Properties',member='PropertiesChanged'")
        let owner = try bus.nameOwner(of: manager.name)
        var get = DBusWriter()
        get.string("org.freedesktop.login1.Session")
        get.string("LockedHint")
        let value = try bus.call(.call("Get", on: "org.freedesktop.DBus.Properties", at: session, of: manager.name, serial: 0,
                                       arguments: get, signature: "ss"))
        var reader = DBusReader(value.body)
        return LockWatch(bus: bus, name: manager.name, owner: owner, isLocked: try reader.variantBoolean() ?? false) { signal in
            guard signal.member == "PropertiesChanged", signal.path == session, signal.signature.hasPrefix("sa{sv}") else { return nil }
            var reader = DBusReader(signal.body)
            guard try reader.string() == "org.freedesktop.login1.Session" else { return nil }
            return try reader.booleanProperties().last { $0.0 == "LockedHint" }?.1
        }
    }

    /// The screensaver on the session bus: `GetActive` from its owner, when
    /// one answers (unlocked when nobody owns the name yet), and its `ActiveChanged` signals.
    static func screenSaver(_ variable: (String) -> String?) throws -> LockWatch {
        guard let address = DBusConnection.sessionBusAddress(variable) else {
            throw DBusError.noAddress(variable: "DBUS_SESSION_BUS_ADDRESS")
        }
        let name = "org.freedesktop.ScreenSaver"
        let bus = try DBusConnection(address: address)
        try bus.watchOwner(of: name)
        try bus.addMatch("type='signal',sender='\(name)',interface='\(name)',member='ActiveChanged'")
        let owner = try bus.nameOwner(of: name)
        var isLocked = false
        if owner != nil, let active = try? bus.call(.call("GetActive", on: name, at: "/org/freedesktop/ScreenSaver", of: name, serial: 0)) {
            var reader = DBusReader(active.body)
            isLocked = (try? reader.boolean()) ?? false
        }
        return LockWatch(bus: bus, name: name, owner: owner, isLocked: isLocked) { signal in
            guard signal.member == "ActiveChanged", signal.signature == "b" else { return nil }
            var reader = DBusReader(signal.body)
            return try reader.boolean()
        }
    }
}
#endif
