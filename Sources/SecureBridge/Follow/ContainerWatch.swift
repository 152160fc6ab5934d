public import SecureBridge
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
public import Logging
import SystemPackage

/// The wake-up sources `read --follow` uses on a real home.
public enum ContainerWatch {
    /// A wake-up source for any change a widget could see in `home`: inotify
    /// on the container and the keychain directories (any entry created,
    /// written, replaced, deleted, renamed or re-permissioned; the auth status,
    /// the snapshot, the keyset and the marks, not only the reload token), or
    /// polling every `interval` when `polling` is set.
    ///
    /// When inotify cannot watch (no container or keychain yet, no inotify,
    /// no watches left), or later loses its watch, it polls at least once a
    /// second (`brokenWatchInterval`), so a lock is never missed for long.
    /// Make it before the follower reads anything, so no change falls between.
    /// - Parameters:
    ///   - home: The places; the container and the keychain are watched.
    ///   - polling: Poll instead of using inotify (network file systems).
    ///   - interval: How often to poll when `polling` is set.
    ///   - logger: Where a fallback to polling is logged.
    /// - Returns: The source.
    public static func wakeUps(
        for home: BridgeHome, polling: Bool = false, interval: Duration = .seconds(2), logger: Logger = .secureBridge
    ) -> any WakeUpSource {
        guard !polling else { return PollingWakeUps(interval: interval) }
        let fallback = PollingWakeUps(interval: min(interval, brokenWatchInterval))
        do {
            return try InotifyWatch(directories: [home.container, home.keychain], fallback: fallback, logger: logger)
        } catch {
            logger.debug("polling instead of inotify", metadata: ["path": "\(home.container)", "error": "\(error)"])
            return fallback
        }
    }

    /// How often the follower looks when inotify cannot watch or has lost its watch.
    public static let brokenWatchInterval: Duration = .seconds(1)
}
