import FoundationEssentials
internal import Logging
import SystemPackage

/// The wake-up sources `read --follow` uses on a real home.
public enum ContainerWatch {
    /// A wake-up source for changes of `home`'s reload token: inotify on the
    /// container directory, or polling every `interval` when `polling` is set
    /// or inotify cannot watch (no container yet, no inotify, no watches left).
    ///
    /// Make it before the follower reads anything, so no change falls between.
    /// - Parameters:
    ///   - home: The places; only the container is watched.
    ///   - polling: Poll instead of using inotify (network file systems).
    ///   - interval: How often to poll.
    /// - Returns: The source.
    public static func wakeUps(for home: BridgeHome, polling: Bool = false, interval: Duration = .seconds(2)) -> any WakeUpSource {
        let fallback = PollingWakeUps(interval: interval)
        guard !polling else { return fallback }
        do {
            return try InotifyWatch(directory: home.container, names: [FileName.reloadToken], fallback: fallback)
        } catch {
            Log.follow.debug("polling instead of inotify", metadata: ["path": "\(home.container)", "error": "\(error)"])
            return fallback
        }
    }
}
