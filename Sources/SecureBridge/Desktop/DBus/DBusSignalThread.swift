#if os(Linux)
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Reads a connection's signals on a thread of its own (never on the
/// concurrency pool: the reads block), handing each to `signal`, until the
/// connection fails or closes, or `stop()`; then calls `ended` once.
///
/// The thread owns the connection from then on: nothing else may use it.
package final class DBusSignalThread: @unchecked Sendable {
    // `@unchecked`: after `init` the connection is used by the thread alone,
    // but for `shutDown()`, which only shuts the socket and is safe from any thread.
    private let bus: DBusConnection

    /// Starts reading.
    /// - Parameters:
    ///   - bus: The connection, its matches already added.
    ///   - signal: Called on the thread with each signal.
    ///   - ended: Called on the thread once the connection can be read no more.
    package init(
        reading bus: DBusConnection, signal: @escaping @Sendable (DBusMessage) -> Void, ended: @escaping @Sendable () -> Void
    ) {
        self.bus = bus
        let box = Unmanaged.passRetained(Loop(bus: bus, signal: signal, ended: ended))
        var thread = pthread_t()
        let started = pthread_create(&thread, nil, { context in
            Unmanaged<Loop>.fromOpaque(context!).takeRetainedValue().run()
            return nil
        }, box.toOpaque())
        if started == 0 {
            pthread_detach(thread)
        } else {
            box.release()
            ended()
        }
    }

    /// Closes the connection: the thread calls `ended` and exits.
    package func stop() {
        bus.shutDown()
    }

    /// What the thread runs, handed to it whole.
    private final class Loop: @unchecked Sendable {
        let bus: DBusConnection
        let signal: @Sendable (DBusMessage) -> Void
        let ended: @Sendable () -> Void

        init(bus: DBusConnection, signal: @escaping @Sendable (DBusMessage) -> Void, ended: @escaping @Sendable () -> Void) {
            self.bus = bus
            self.signal = signal
            self.ended = ended
        }

        func run() {
            while let message = try? bus.nextSignal() { signal(message) }
            ended()
        }
    }
}
#endif
