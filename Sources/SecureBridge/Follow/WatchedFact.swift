import Synchronization

/// One fact a follower's view depends on (the desktop's lock, whether the
/// keychain can be reached), as its watcher last saw it, with a generation
/// that moves on at each change: a follower that waits for the change after
/// the generation it rendered misses none, however they interleave.
final class WatchedFact<Value: Equatable & Sendable>: Sendable {
    private let state: Mutex<State>

    private struct State {
        var value: Value
        var generation = 0
        var waiters: [(id: Int, continuation: CheckedContinuation<Void, Never>)] = []
        var nextWaiter = 0
    }

    init(_ value: Value) {
        state = Mutex(State(value: value))
    }

    /// The value and its generation, read together.
    var snapshot: (value: Value, generation: Int) { state.withLock { ($0.value, $0.generation) } }

    /// Records what the watcher saw, waking whoever waits when it is a change.
    func record(_ value: Value) {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            guard state.value != value else { return [] }
            state.value = value
            state.generation += 1
            defer { state.waiters.removeAll() }
            return state.waiters.map(\.continuation)
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns once the value changes (at once if it changed since
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
}
