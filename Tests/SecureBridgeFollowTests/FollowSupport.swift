import Foundation
import Synchronization
@testable import SecureBridge
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
        return try await script.next()
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

        func next() async throws -> WakeUp {
            if !pending.isEmpty { return try pending.removeFirst().get() }
            return try await withCheckedThrowingContinuation { waiter = $0 }
        }
    }
}

/// A clock the test sets.
final class TestClock: Sendable {
    private let time: Mutex<Date>

    init(_ start: Date) {
        time = Mutex(start)
    }

    var now: Date { time.withLock { $0 } }

    func set(_ date: Date) {
        time.withLock { $0 = date }
    }
}

/// A follower running in a task, its timelines collected in a stream.
struct RunningFollower {
    let task: Task<Void, any Error>
    var timelines: AsyncStream<BridgeTimeline>.Iterator

    init(_ follower: TimelineFollower, source: some WakeUpSource, desktopLock: DesktopLock? = nil) {
        let (stream, sink) = AsyncStream.makeStream(of: BridgeTimeline.self)
        task = Task {
            defer { sink.finish() }
            try await follower.follow(wakingOn: source, desktopLock: desktopLock) { sink.yield($0) }
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
