import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The write end of the pipe the signal handler writes to: set before the
/// handler is installed, read only by the handler (which may only call
/// async-signal-safe functions, such as `write`).
nonisolated(unsafe) private var stopSignalPipe: Int32 = -1

/// Turns SIGINT and SIGTERM into one action, run once, even if the signal
/// came before the action was set.
///
/// The handler is installed with `signal(2)` before `init` returns, so no
/// signal can fall between ignoring the default action and listening (a
/// dispatch signal source registers later, on its own queue, and a signal
/// in between is lost). It writes a byte into a pipe; a read source on the
/// pipe runs the action, and the byte waits in the pipe however late that
/// source starts.
final class StopSignals {
    private final class Shared: Sendable {
        struct State {
            var signalled = false
            var action: (@Sendable () -> Void)?
        }

        let state = Mutex(State())
    }

    private let shared = Shared()
    private let source: (any DispatchSourceRead)?

    /// Catches `signals` from now on.
    init(_ signals: [Int32]) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            // No pipe (out of descriptors): the signals keep their default action and end the process.
            source = nil
            return
        }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, O_NONBLOCK)
        }
        stopSignalPipe = ends[1]
        for number in signals {
            signal(number) { _ in
                var byte: UInt8 = 1
                _ = write(stopSignalPipe, &byte, 1)
            }
        }
        let shared = self.shared
        let readEnd = ends[0]
        let source = DispatchSource.makeReadSource(fileDescriptor: readEnd, queue: .global())
        source.setEventHandler {
            var drained = [UInt8](repeating: 0, count: 16)
            _ = read(readEnd, &drained, drained.count)
            let action = shared.state.withLock { state -> (@Sendable () -> Void)? in
                defer { state.signalled = true }
                return state.signalled ? nil : state.action
            }
            action?()
        }
        source.resume()
        self.source = source
    }

    /// Stops listening (the signals stay caught, and do nothing).
    func cancel() {
        source?.cancel()
    }

    /// Runs `action` on the first signal, or now if one already came.
    func whenSignalled(_ action: @escaping @Sendable () -> Void) {
        let runNow = shared.state.withLock { state -> Bool in
            state.action = action
            return state.signalled
        }
        if runNow { action() }
    }
}
