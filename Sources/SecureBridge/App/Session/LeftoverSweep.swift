import Synchronization

/// Whether this app swept the places for a killed writer's temporary files: one sweep per process finds them all.
final class LeftoverSweep: Sendable {
    private let done = Mutex(false)

    /// Runs `sweep` unless a sweep has already succeeded; a sweep that throws counts for nothing.
    func once(_ sweep: () throws -> Void) throws {
        try done.withLock { done in
            guard !done else { return }
            try sweep()
            done = true
        }
    }
}
