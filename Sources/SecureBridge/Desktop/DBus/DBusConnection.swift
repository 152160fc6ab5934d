#if os(Linux)
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import SecureBridge

/// A connection to a D-Bus bus over its Unix socket: authenticated as this
/// process's user (`EXTERNAL`), registered (`Hello`), then messages sent
/// and read in order. Blocking; one thread uses it.
package final class DBusConnection {
    private let socket: Int32
    /// How long one call may wait for its reply; `nil`: as long as it takes.
    private let timeout: Duration?
    private var buffer: [UInt8] = []
    private var serial: UInt32 = 0
    /// The most signals kept while a reply is awaited; older ones are dropped.
    /// Every signal SecureBridge reads says a state or that something may
    /// have changed, so the newest ones say all the dropped ones did.
    static let pendingSignalLimit = 64
    /// Signals read while waiting for a reply, handed out by `nextSignal()` first.
    private(set) var pendingSignals: [DBusMessage] = []

    /// How long one call may wait for its reply on a connection that must not
    /// hang: the Secret Service's, and the desktop lock's while it sets its watch up.
    package static let callTimeout = Duration.seconds(5)

    /// Where the session bus is: `$DBUS_SESSION_BUS_ADDRESS`.
    package static func sessionBusAddress(_ variable: (String) -> String?) -> String? {
        variable("DBUS_SESSION_BUS_ADDRESS")
    }

    /// Where the system bus is: `$DBUS_SYSTEM_BUS_ADDRESS`, else the well-known socket.
    package static func systemBusAddress(_ variable: (String) -> String?) -> String {
        variable("DBUS_SYSTEM_BUS_ADDRESS") ?? "unix:path=/run/dbus/system_bus_socket"
    }

    /// Connects to the first `unix:path=` or `unix:abstract=` entry of `address`.
    /// - Parameter timeout: How long any one read or write, and any one call
    ///   in all, may wait before `DBusError.noAnswer` (a caller that must not
    ///   hang, such as a widget's read: `callTimeout`); `nil` waits for as long
    ///   as it takes (a listener for signals).
    /// - Throws: `DBusError.noUnixSocket`, `.socketPathTooLong`, `.socketSetup` or `.cannotConnect` when there is no bus to reach,
    ///   `.refused` when the bus does not let this user in.
    package init(address: String, timeout: Duration? = nil) throws {
        let (path, isAbstract) = try Self.socketPath(in: address)
        let descriptor = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw DBusError.socketSetup(call: "socket", errno: errno) }
        socket = descriptor
        self.timeout = timeout
        if let timeout {
            for option in [SO_RCVTIMEO, SO_SNDTIMEO] {
                guard Self.setTimeout(timeout, option, on: descriptor) else {
                    close(descriptor)
                    throw DBusError.socketSetup(call: "setsockopt", errno: errno)
                }
            }
        }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let name = (isAbstract ? [0] : []) + Array(path.utf8)
        guard name.count < MemoryLayout.size(ofValue: address.sun_path) else {
            close(descriptor)
            throw DBusError.socketPathTooLong(path: path)
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in name.enumerated() { raw[index] = byte }
        }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + name.count + (isAbstract ? 0 : 1))
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, length) }
        }
        guard connected == 0 else {
            let error = errno
            close(descriptor)
            throw DBusError.cannotConnect(path: path, errno: error)
        }
        try authenticate()
        _ = try call(.call("Hello", on: "org.freedesktop.DBus", at: "/org/freedesktop/DBus", of: "org.freedesktop.DBus", serial: 0))
    }

    deinit { close(socket) }

    /// Sets the socket's `option` (`SO_RCVTIMEO` or `SO_SNDTIMEO`) to `timeout`; zero is none.
    private static func setTimeout(_ timeout: Duration, _ option: Int32, on descriptor: Int32) -> Bool {
        var limit = timeval(tv_sec: Int(timeout.components.seconds), tv_usec: Int(timeout.components.attoseconds / 1_000_000_000_000))
        return setsockopt(descriptor, SOL_SOCKET, option, &limit, socklen_t(MemoryLayout<timeval>.size)) == 0
    }

    /// From now on a read waits for as long as it takes: for a connection
    /// whose calls set a watch up within the timeout and which then makes no
    /// more calls, its signals read by a listener (`DBusSignalThread`) that
    /// must not take a quiet bus for a lost one. Sends keep their timeout.
    /// - Throws: `DBusError.socketSetup` when the socket refuses.
    package func readWithoutTimeout() throws {
        guard timeout != nil else { return }
        guard Self.setTimeout(.zero, SO_RCVTIMEO, on: socket) else { throw DBusError.socketSetup(call: "setsockopt", errno: errno) }
    }

    /// The socket of the first Unix entry of a D-Bus address.
    package static func socketPath(in address: String) throws -> (path: String, isAbstract: Bool) {
        for entry in address.split(separator: ";") where entry.hasPrefix("unix:") {
            for pair in entry.dropFirst(5).split(separator: ",") {
                if pair.hasPrefix("path=") { return (unescaped(pair.dropFirst(5)), false) }
                if pair.hasPrefix("abstract=") { return (unescaped(pair.dropFirst(9)), true) }
            }
        }
        throw DBusError.noUnixSocket(address: address)
    }

    /// A D-Bus address value with its `%XX` escapes decoded.
    private static func unescaped(_ value: Substring) -> String {
        var bytes: [UInt8] = []
        var rest = value.utf8[...]
        while let byte = rest.popFirst() {
            if byte == UInt8(ascii: "%"), rest.count >= 2,
                let decoded = UInt8(String(decoding: rest.prefix(2), as: UTF8.self), radix: 16)
            {
                bytes.append(decoded)
                rest = rest.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `EXTERNAL` authentication: the bus checks the socket's peer credentials.
    private func authenticate() throws {
        let uid = Array(String(geteuid()).utf8).map { byte in
            let digits = Array("0123456789abcdef".utf8)
            return String(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 0xF)]], as: UTF8.self)
        }.joined()
        try send(Array("\0AUTH EXTERNAL \(uid)\r\n".utf8))
        let answer = try readLine()
        guard answer.hasPrefix("OK ") else { throw DBusError.refused(answer: answer) }
        try send(Array("BEGIN\r\n".utf8))
    }

    /// Sends `message` with the next serial and waits for its reply; signals
    /// that come first are kept for `nextSignal()`.
    /// - Throws: `DBusError.failed` with the error's name when the call fails.
    @discardableResult
    package func call(_ message: DBusMessage) throws -> DBusMessage {
        serial += 1
        var message = message
        message.serial = serial
        try send(message.bytes)
        return try reply(to: serial)
    }

    /// The reply to the call `serial`. On a connection with a timeout the wait
    /// ends with `DBusError.noAnswer` at the first message read once the
    /// timeout has passed since the call was sent, so signals that keep coming
    /// cannot hold it (each read is bounded by the socket's timeout too: at
    /// most twice the timeout in all).
    private func reply(to serial: UInt32) throws -> DBusMessage {
        let deadline = timeout.map { ContinuousClock.now + $0 }
        while true {
            if let deadline, ContinuousClock.now >= deadline { throw DBusError.noAnswer }
            let reply = try next()
            switch reply.kind {
            case .methodReturn where reply.replySerial == serial: return reply
            case .error where reply.replySerial == serial: throw DBusError.failed(name: reply.errorName ?? "an error")
            case .signal:
                // Kept for `nextSignal()`, the newest `pendingSignalLimit`: a bus
                // that floods this connection while a reply is awaited costs no more memory.
                if pendingSignals.count == Self.pendingSignalLimit { pendingSignals.removeFirst() }
                pendingSignals.append(reply)
            default: continue
            }
        }
    }

    /// The next signal; blocks until one comes.
    package func nextSignal() throws -> DBusMessage {
        if !pendingSignals.isEmpty { return pendingSignals.removeFirst() }
        while true {
            let message = try next()
            if message.kind == .signal { return message }
        }
    }

    /// Asks the bus to send this connection the signals `rule` matches.
    package func addMatch(_ rule: String) throws {
        var arguments = DBusWriter()
        arguments.string(rule)
        try call(.call(
            "AddMatch", on: "org.freedesktop.DBus", at: "/org/freedesktop/DBus", of: "org.freedesktop.DBus", serial: 0,
            arguments: arguments, signature: "s"))
    }

    /// The unique name of the connection that owns `name` now, or `nil` when nobody does.
    package func nameOwner(of name: String) throws -> String? {
        var arguments = DBusWriter()
        arguments.string(name)
        do {
            let reply = try call(.call(
                "GetNameOwner", on: "org.freedesktop.DBus", at: "/org/freedesktop/DBus", of: "org.freedesktop.DBus",
                serial: 0, arguments: arguments, signature: "s"))
            var reader = DBusReader(reply.body)
            return try reader.string()
        } catch DBusError.failed(name: "org.freedesktop.DBus.Error.NameHasNoOwner") {
            return nil
        }
    }

    /// Asks the bus for the signals that say `name` changed hands
    /// (`NameOwnerChanged`, sent by the bus itself).
    package func watchOwner(of name: String) throws {
        try addMatch(
            "type='signal',sender='org.freedesktop.DBus',interface='org.freedesktop.DBus',member='NameOwnerChanged',arg0='\(name)'")
    }

    /// Ends the connection for every thread that uses it: a `nextSignal()`
    /// blocked on another thread returns `DBusError.closed`.
    package func shutDown() {
        _ = Glibc.shutdown(socket, Int32(SHUT_RDWR))
    }

    /// Sends `message` with the next serial, expecting no reply (a signal, a method return).
    package func send(_ message: DBusMessage) throws {
        serial += 1
        var message = message
        message.serial = serial
        try send(message.bytes)
    }

    /// The next message of any kind; blocks until one comes.
    package func nextMessage() throws -> DBusMessage {
        if !pendingSignals.isEmpty { return pendingSignals.removeFirst() }
        return try next()
    }

    private func next() throws -> DBusMessage {
        while true {
            if let length = try DBusMessage.length(ofMessageStarting: buffer[...]), buffer.count >= length {
                var bytes = Array(buffer[..<length])
                defer { SecureBytes.wipe(&bytes) }
                let message = try DBusMessage(bytes: bytes)
                SecureBytes.wipe(&buffer, first: length)
                buffer.removeFirst(length)
                return message
            }
            try fill()
        }
    }

    private func readLine() throws -> String {
        while true {
            if let end = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                var line = Array(buffer[..<end])
                buffer.removeFirst(end + 1)
                if line.last == UInt8(ascii: "\r") { line.removeLast() }
                return String(decoding: line, as: UTF8.self)
            }
            guard buffer.count < 4096 else { throw DBusError.malformed(.authenticationLineTooLong) }
            try fill()
        }
    }

    private func fill() throws {
        var chunk = [UInt8](repeating: 0, count: 8192)
        let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
        if count < 0, errno == EINTR { return }
        if count < 0, errno == EAGAIN || errno == EWOULDBLOCK { throw DBusError.noAnswer }
        guard count > 0 else { throw DBusError.closed }
        buffer += chunk[..<count]
        // Replies may carry secrets (the Secret Service's): no copy is left behind here.
        SecureBytes.wipe(&chunk)
    }

    /// Sends `message` as `call` does, then overwrites its body and the bytes
    /// it was sent from: for a call whose arguments hold a secret (pass the
    /// only copy of the message, so the overwrite reaches it).
    package func callWiping(_ message: inout DBusMessage) throws -> DBusMessage {
        serial += 1
        message.serial = serial
        var bytes = message.bytes
        defer {
            SecureBytes.wipe(&bytes)
            SecureBytes.wipe(&message.body)
        }
        try send(bytes)
        return try reply(to: serial)
    }

    private func send(_ bytes: [UInt8]) throws {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if count < 0, errno == EINTR { continue }
            if count < 0, errno == EAGAIN || errno == EWOULDBLOCK { throw DBusError.noAnswer }
            guard count > 0 else { throw DBusError.closed }
            sent += count
        }
    }
}
#endif
