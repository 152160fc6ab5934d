import Synchronization

/// A counting semaphore for tasks: at most `count` holders at a time, the
/// others suspended (not blocked) in the order they came.
final class ChildSlots: Sendable {
    private struct State {
        var free: Int
        var waiting: [CheckedContinuation<Void, Never>] = []
    }

    private let state: Mutex<State>

    /// - Parameter count: How many holders at once.
    init(count: Int) {
        state = Mutex(State(free: max(count, 1)))
    }

    /// Waits for a slot, runs `body` and frees the slot, whatever `body` does.
    /// - Parameter body: The work done while holding a slot.
    /// - Returns: What `body` returned.
    /// - Throws: What `body` threw.
    func holding<Result>(_ body: () async throws -> Result) async rethrows -> Result {
        await acquire()
        defer { release() }
        return try await body()
    }

    private func acquire() async {
        await withCheckedContinuation { continuation in
            let granted = state.withLock { state in
                guard state.free > 0 else {
                    state.waiting.append(continuation)
                    return false
                }
                state.free -= 1
                return true
            }
            if granted { continuation.resume() }
        }
    }

    private func release() {
        let next = state.withLock { state in
            guard !state.waiting.isEmpty else {
                state.free += 1
                return nil as CheckedContinuation<Void, Never>?
            }
            return state.waiting.removeFirst()
        }
        next?.resume()
    }
}
