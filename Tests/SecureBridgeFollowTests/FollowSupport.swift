import Foundation
import Synchronization
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp
@testable import SecureBridgeFollow

/// A wake-up source the test drives: it reports each time the follower waits
/// (with the timeout it asked for) and answers with what the test sends.
final class ScriptedWakeUps: WakeUpSource {
    /// The timeout of each wait, in order: a test awaits one to know the follower is idle.
    let waits: AsyncStream<Duration?>
    private let waitSink: AsyncStream<Duration?>.Continuation
    private let script = Script()

    init() {
        (waits, waitSink) = AsyncStream.makeStream(of: Duration?.self)
    }

    func next(timeout: Duration?) async throws -> WakeUp {
        waitSink.yield(timeout)
        // As every source must: a wait the follower gives up (another wake-up came first) returns at once.
        return try await withTaskCancellationHandler {
            try await script.next()
        } onCancel: { [script] in
            Task { await script.cancelWaiter() }
        }
    }

    /// Answers the current or the next wait.
    func send(_ wakeUp: WakeUp) async {
        await script.send(.success(wakeUp))
    }

    /// Ends the follower as a cancellation would.
    func stop() async {
        await script.send(.failure(CancellationError()))
    }

    private actor Script {
        private var pending: [Result<WakeUp, any Error>] = []
        private var waiter: CheckedContinuation<WakeUp, any Error>?

        func send(_ answer: Result<WakeUp, any Error>) {
            if let waiter {
                self.waiter = nil
                waiter.resume(with: answer)
            } else {
                pending.append(answer)
            }
        }

        func cancelWaiter() {
            waiter?.resume(throwing: CancellationError())
            waiter = nil
        }

        func next() async throws -> WakeUp {
            if !pending.isEmpty { return try pending.removeFirst().get() }
            try Task.checkCancellation()
            return try await withCheckedThrowingContinuation { waiter = $0 }
        }
    }
}

/// A clock the test sets: a wait for a date returns once the test sets the
/// clock (to that date or past it, or anywhere, as setting a real clock
/// cancels a wall-clock timer), or when cancelled.
final class TestClock: FollowerClock {
    private let state: Mutex<(time: Date, waiters: [Int: CheckedContinuation<Void, any Error>], next: Int)>

    init(_ start: Date) {
        state = Mutex((start, [:], 0))
    }

    var now: Date { state.withLock { $0.time } }

    /// Sets the time, waking every wait: as the kernel ends a wall-clock timer when the clock is set.
    func set(_ date: Date) {
        let waiters = state.withLock { state in
            state.time = date
            defer { state.waiters.removeAll() }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume() }
    }

    func wait(until date: Date) async throws {
        let id = state.withLock { state in
            defer { state.next += 1 }
            return state.next
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let now = state.withLock { state -> Bool in
                    guard state.time < date, !Task.isCancelled else { return true }
                    state.waiters[id] = continuation
                    return false
                }
                if now { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.waiters.removeValue(forKey: id) }?.resume(throwing: CancellationError())
        }
        try Task.checkCancellation()
    }
}

/// A follower running in a task, its timelines collected in a stream.
struct RunningFollower {
    let task: Task<Void, any Error>
    var timelines: AsyncStream<BridgeTimeline>.Iterator

    init(_ follower: TimelineFollower, source: some WakeUpSource, desktopLock: DesktopLock? = nil, keychain: KeychainWatch? = nil) {
        let (stream, sink) = AsyncStream.makeStream(of: BridgeTimeline.self)
        task = Task {
            defer { sink.finish() }
            try await follower.follow(wakingOn: source, desktopLock: desktopLock, keychain: keychain) { sink.yield($0) }
        }
        timelines = stream.makeAsyncIterator()
    }

    /// The next timeline, or `nil` once the follower has stopped.
    mutating func next() async -> BridgeTimeline? {
        await timelines.next()
    }
}

extension BridgeTimeline {
    /// The first entry's account ids, to tell timelines apart without amounts.
    var firstAccountIDs: [String] { entries.first?.accounts.map(\.id) ?? [] }
}
