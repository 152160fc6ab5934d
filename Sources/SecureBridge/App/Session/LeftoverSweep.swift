import Synchronization

/// Whether this app (and its copies) has swept the places for the temporary
/// files a killed writer leaves behind. A writer that fails in this process
/// removes its own temporary file, so leftovers come only from a process
/// that was killed: one sweep at the first command of each process finds
/// them all, and a long-lived `BridgeApp` (the app itself, a benchmark)
/// saves listing three directories on every later command.
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
