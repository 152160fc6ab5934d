import SecureBridge
import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Turns SIGINT and SIGTERM into one action, run once, even if the signal
/// came before the action was set.
public final class StopSignals {
    private final class Shared: Sendable {
        struct State {
            var signalled = false
            var action: (@Sendable () -> Void)?
        }

        let state = Mutex(State())
    }

    private let shared = Shared()
    private let sources: [any DispatchSourceSignal]

    /// Ignores `signals`' default action and starts listening for them.
    public init(_ signals: [Int32]) {
        let shared = self.shared
        sources = signals.map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                let action = shared.state.withLock { state -> (@Sendable () -> Void)? in
                    defer { state.signalled = true }
                    return state.signalled ? nil : state.action
                }
                action?()
            }
            source.resume()
            return source
        }
    }

    /// Stops listening (the signals stay ignored).
    public func cancel() {
        sources.forEach { $0.cancel() }
    }

    /// Runs `action` on the first signal, or now if one already came.
    public func whenSignalled(_ action: @escaping @Sendable () -> Void) {
        let runNow = shared.state.withLock { state -> Bool in
            state.action = action
            return state.signalled
        }
        if runNow { action() }
    }
}
