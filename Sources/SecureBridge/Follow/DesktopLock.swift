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
/// Every call that sets a watch up waits at most `DBusConnection.callTimeout`
/// (as the Secret Service's calls do); an owner that does not answer in
/// time, answers with an error or with something other than a boolean is a
/// `Fault`: the session counts as locked, and the owner is still watched (its
/// signals, and the name changing hands).
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

    /// An owner of the watched name that did not say whether the session is
    /// locked: it did not answer within `DBusConnection.callTimeout`, or
    /// answered with an error or with something other than a boolean. The
    /// session counts as locked until that owner says otherwise in a signal,
    /// or the name changes hands and the new owner answers.
    public struct Fault: Error, Sendable, Equatable, CustomStringConvertible {
        /// The well-known name whose owner failed: `org.freedesktop.ScreenSaver` or `org.freedesktop.login1`.
        public let name: String
        /// What it did, as the end of a sentence: `did not answer GetActive within 5 seconds`.
        public let failure: String

        /// `org.freedesktop.ScreenSaver did not answer GetActive within 5 seconds`.
        public var description: String { "\(name) \(failure)" }

        /// The owner of `name` did not answer `member` within the call timeout.
        static func noAnswer(_ name: String, _ member: String) -> Fault {
            Fault(name: name, failure: "did not answer \(member) within \(DBusConnection.callTimeout.components.seconds) seconds")
        }

        /// The owner of `name` answered `member` with something other than `expected`.
        static func unreadable(_ name: String, _ member: String, expected: String) -> Fault {
            Fault(name: name, failure: "answered \(member) with something other than \(expected)")
        }
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

    /// Starts watching: logind first (when it owns its name on the system bus
    /// and has a session for this process), then the screensaver. Blocks for
    /// at most a few `DBusConnection.callTimeout`s.
    /// - Parameters:
    ///   - variable: Looks an environment variable up (the buses' addresses, `XDG_SESSION_ID`).
    ///   - fault: Called with each `Fault` of an owner, when watching begins
    ///     (before this returns) and whenever the watch is made again.
    /// - Throws: `Unavailable` naming why neither can be watched.
    public static func watch(
        environment variable: @escaping @Sendable (String) -> String?, onFault fault: @escaping @Sendable (Fault) -> Void = { _ in }
    ) throws -> DesktopLock {
        let logind: DBusError
        do {
            return try DesktopLock(source: .logind, onFault: fault) { try LockWatch.logind(variable) }
        } catch let error as DBusError {
            logind = error
        }
        do {
            return try DesktopLock(source: .screenSaver, onFault: fault) { try LockWatch.screenSaver(variable) }
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
    private convenience init(
        source: Source, onFault fault: @escaping @Sendable (Fault) -> Void, connect: @escaping @Sendable () throws -> LockWatch
    ) throws {
        let first = try connect()
        self.init(source: source, isLocked: first.isLocked, hadAnOwnerAtStart: first.owner != nil)
        if let failed = first.fault { fault(failed) }
        listen(first, sawOwner: first.owner != nil, reconnectingWith: connect, onFault: fault)
    }

    /// Hands `watch`'s signals from its owner to the fact; when the watch is
    /// lost, counts the session as locked (once anyone has owned the name)
    /// and makes the watch again with `connect`.
    private func listen(
        _ watch: LockWatch, sawOwner: Bool, reconnectingWith connect: @escaping @Sendable () throws -> LockWatch,
        onFault fault: @escaping @Sendable (Fault) -> Void
    ) {
        _ = DBusSignalThread(reading: watch.bus) { [fact] signal in
            switch watch.meaning(of: signal) {
            case let .locked(locked): fact.record(locked)
            case .ownerChanged: watch.bus.shutDown()  // the thread ends, and the watch is made again
            case .nothing: break
            }
        } ended: { [weak self] in
            guard let self else { return }
            if sawOwner { fact.record(true) }
            reconnect(after: .zero, sawOwner: sawOwner, with: connect, onFault: fault)
        }
    }

    /// Tries `connect` after `delay`, and again every `reconnectInterval`
    /// until it works. Once a screensaver has been seen, a name nobody owns
    /// any more counts as locked: only an owner can say the screen is unlocked.
    private func reconnect(
        after delay: Duration, sawOwner: Bool, with connect: @escaping @Sendable () throws -> LockWatch,
        onFault fault: @escaping @Sendable (Fault) -> Void
    ) {
        reconnects.asyncAfter(deadline: .now() + .milliseconds(Int(delay.components.seconds * 1000))) { [weak self] in
            guard let self else { return }
            guard let watch = try? connect() else {
                return reconnect(after: Self.reconnectInterval, sawOwner: sawOwner, with: connect, onFault: fault)
            }
            fact.record(watch.isLocked || (sawOwner && watch.owner == nil))
            if let failed = watch.fault { fault(failed) }
            listen(watch, sawOwner: sawOwner || watch.owner != nil, reconnectingWith: connect, onFault: fault)
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
    /// Locked, as the owner said, or because it did not say (`fault`).
    let isLocked: Bool
    /// How the owner failed to say whether the session is locked; `nil` when it said.
    let fault: DesktopLock.Fault?
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

    /// The answer of the owner of `name` to `call`, read by `read`: a lock
    /// state, or the `Fault` of an owner that did not answer in time, answered
    /// with an error or with something other than `expected`.
    /// - Throws: What the bus does when the connection itself fails (closed).
    static func ask(
        _ name: String, _ member: String, on bus: DBusConnection, _ call: DBusMessage, expected: String,
        read: (DBusMessage) throws -> Bool?
    ) throws -> Result<Bool, DesktopLock.Fault> {
        do {
            let reply = try bus.call(call)
            guard let value = try? read(reply) else { return .failure(.unreadable(name, member, expected: expected)) }
            return .success(value)
        } catch DBusError.noAnswer {
            return .failure(.noAnswer(name, member))
        } catch let DBusError.failed(errorName) {
            return .failure(DesktopLock.Fault(name: name, failure: "answered \(member) with the error \(DBusError.shown(errorName))"))
        } catch DBusError.malformed {
            return .failure(.unreadable(name, member, expected: expected))
        }
    }

    /// logind's session of this process: its `LockedHint`, and the
    /// `PropertiesChanged` signals of that session. logind counts as absent
    /// (the screensaver is asked instead) when nobody owns its name, or when it
    /// answers that this process has no session; once it owns its name and
    /// has not said so, a failure to answer is a `Fault` (locked).
    static func logind(_ variable: (String) -> String?) throws -> LockWatch {
        let bus = try DBusConnection(address: DBusConnection.systemBusAddress(variable), timeout: DBusConnection.callTimeout)
        let manager = (path: "/org/freedesktop/login1", interface: "org.freedesktop.login1.Manager", name: "org.freedesktop.login1")
        try bus.watchOwner(of: manager.name)
        guard let owner = try bus.nameOwner(of: manager.name) else {
            throw DBusError.failed(name: "org.freedesktop.DBus.Error.NameHasNoOwner")
        }
        var arguments = DBusWriter()
        let find: DBusMessage
        if let id = variable("XDG_SESSION_ID"), !id.isEmpty {
            arguments.string(id)
            find = .call("GetSession", on: manager.interface, at: manager.path, of: manager.name, serial: 0, arguments: arguments, signature: "s")
        } else {
            arguments.uint32(UInt32(getpid()))
            find = .call("GetSessionByPID", on: manager.interface, at: manager.path, of: manager.name, serial: 0, arguments: arguments, signature: "u")
        }
        let session: String
        do {
            let reply = try bus.call(find)  // an error answered here: no session of ours, logind cannot speak for it
            var body = DBusReader(reply.body)
            session = try body.string()
        } catch DBusError.noAnswer {
            return try LockWatch(answer: .failure(.noAnswer(manager.name, find.member ?? "")), bus: bus, name: manager.name, owner: owner) { _ in nil }
        } catch DBusError.malformed {
            return try LockWatch(
                answer: .failure(.unreadable(manager.name, find.member ?? "", expected: "a session")), bus: bus, name: manager.name,
                owner: owner) { _ in nil }
        }
        try bus.addMatch(
            "type='signal',sender='org.freedesktop.login1',path='\(session)',interface='org.freedesktop.DBus.Properties',member='PropertiesChanged'")
        var get = DBusWriter()
        get.string("org.freedesktop.login1.Session")
        get.string("LockedHint")
        let hint = try ask(manager.name, "Get(LockedHint)", on: bus, .call(
            "Get", on: "org.freedesktop.DBus.Properties", at: session, of: manager.name, serial: 0, arguments: get, signature: "ss"
        ), expected: "a boolean") { reply in
            var reader = DBusReader(reply.body)
            return try reader.variantBoolean()
        }
        return try LockWatch(answer: hint, bus: bus, name: manager.name, owner: owner) { signal in
            guard signal.member == "PropertiesChanged", signal.path == session, signal.signature.hasPrefix("sa{sv}") else { return nil }
            var reader = DBusReader(signal.body)
            guard try reader.string() == "org.freedesktop.login1.Session" else { return nil }
            return try reader.booleanProperties().last { $0.0 == "LockedHint" }?.1
        }
    }

    /// The screensaver on the session bus: `GetActive` from its owner, when
    /// one answers (unlocked when nobody owns the name yet; locked, a
    /// `Fault`, when its owner does not answer it), and its `ActiveChanged` signals.
    static func screenSaver(_ variable: (String) -> String?) throws -> LockWatch {
        guard let address = DBusConnection.sessionBusAddress(variable) else {
            throw DBusError.noAddress(variable: "DBUS_SESSION_BUS_ADDRESS")
        }
        let name = "org.freedesktop.ScreenSaver"
        let bus = try DBusConnection(address: address, timeout: DBusConnection.callTimeout)
        try bus.watchOwner(of: name)
        try bus.addMatch("type='signal',sender='\(name)',interface='\(name)',member='ActiveChanged'")
        let owner = try bus.nameOwner(of: name)
        let active: Result<Bool, DesktopLock.Fault>
        if owner != nil {
            let call = DBusMessage.call("GetActive", on: name, at: "/org/freedesktop/ScreenSaver", of: name, serial: 0)
            active = try ask(name, "GetActive", on: bus, call, expected: "a boolean") { reply in
                guard reply.signature == "b" else { return nil }
                var reader = DBusReader(reply.body)
                return try reader.boolean()
            }
        } else {
            active = .success(false)
        }
        return try LockWatch(answer: active, bus: bus, name: name, owner: owner) { signal in
            guard signal.member == "ActiveChanged", signal.signature == "b" else { return nil }
            var reader = DBusReader(signal.body)
            return try reader.boolean()
        }
    }

    /// A watch whose state is `answer`'s, locked when it is a fault; its
    /// connection reads without a timeout from now on (its signals may be hours apart).
    private init(
        answer: Result<Bool, DesktopLock.Fault>, bus: DBusConnection, name: String, owner: String?,
        interpret: @escaping @Sendable (DBusMessage) throws -> Bool?
    ) throws {
        try bus.readWithoutTimeout()
        self.bus = bus
        self.name = name
        self.owner = owner
        self.interpret = interpret
        switch answer {
        case let .success(locked): (isLocked, fault) = (locked, nil)
        case let .failure(failure): (isLocked, fault) = (true, failure)
        }
    }

}
#endif
