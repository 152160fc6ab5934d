import SecureBridge
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Why a `TimelineFollower` woke up.
public enum WakeUp: Sendable, Equatable {
    /// Something in the container or the keychain may have changed; the
    /// follower runs the gate again to find out. Spurious wake-ups are harmless.
    case containerChanged
    /// The time the follower gave has passed.
    case deadlineReached
    /// The desktop session was locked or unlocked (`DesktopLock`); the
    /// follower makes the timeline again without reading the places.
    case desktopLockChanged
    /// The keychain's store became reachable or not (`KeychainWatch`); the follower runs the gate again.
    case keychainChanged
    /// The wall clock was set, or the machine resumed, before the deadline
    /// (`FollowerClock`); the follower looks again.
    case clockChanged
}

/// What wakes a `TimelineFollower`: file events (`ContainerWatch`), a timer
/// (`PollingWakeUps`) or, in tests, a script.
public protocol WakeUpSource: Sendable {
    /// Suspends until the container may have changed or `timeout` has passed.
    ///
    /// The follower measures the timeout with its own (injectable) clock, so
    /// a source only ever deals in durations.
    /// - Parameter timeout: How long until the timeline changes by itself, or `nil` when it never does.
    /// - Returns: Why it returned.
    /// - Throws: `CancellationError` when the task is cancelled; the follower then stops.
    ///   It must return promptly when cancelled: a follower that watches the
    ///   desktop's lock cancels the wait when the lock changes first.
    func next(timeout: Duration?) async throws -> WakeUp
}

/// Wakes up every `interval` (or at the timeout, if sooner) and reports a
/// possible change: the fallback where inotify is not available, and for file
/// systems whose changes inotify does not see (network mounts).
public struct PollingWakeUps: WakeUpSource {
    /// How often the follower runs the gate again.
    public let interval: Duration

    /// A source that wakes the follower every `interval`.
    /// - Parameter interval: How often to look; two seconds by default.
    public init(interval: Duration = .seconds(2)) {
        self.interval = interval
    }

    public func next(timeout: Duration?) async throws -> WakeUp {
        guard let timeout, timeout <= interval else {
            try await Task.sleep(for: interval)
            return .containerChanged
        }
        if timeout > .zero { try await Task.sleep(for: timeout) }
        return .deadlineReached
    }
}
