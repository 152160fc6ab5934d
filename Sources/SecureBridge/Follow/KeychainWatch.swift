import Dispatch
import SecureBridge
import Synchronization

/// Whether the keychain's store can be reached, followed for a long-lived
/// reader: a widget read of a home whose items are in a store (the Secret
/// Service, a device Keychain) shows `keychain-unavailable` while the store
/// is locked or gone, and a follower must come to that view when the store
/// goes, not at the next file change.
///
/// It asks the store itself (`KeychainStore.checkReachable()`), on a queue
/// of its own (the calls block):
/// - at once whenever the store's own notifications say something changed
///   (`KeychainStore.reachabilityChanges()`: the Secret Service's signals),
///   and every `safetyInterval` besides, for a service that does not send them;
/// - every `pollingInterval` for a store that has no notifications;
/// - when `recheck()` is called (the keychain directory changed: a login
///   may have chosen another store).
///
/// It fails closed: when the notifications are lost (the session bus gone)
/// its state is `unavailable` until they are had again (tried every
/// `pollingInterval`), whatever the store answers meanwhile, and a follower
/// shows no amount. A home with files, or with no keychain yet, is
/// `reachable`: there is nothing to lose.
public final class KeychainWatch: Sendable {
    /// What the watch last saw.
    public enum State: Sendable, Equatable {
        /// The store answered, or the home keeps its items as files.
        case reachable
        /// The store cannot be used now (locked, no daemon), or its
        /// notifications are lost and nothing can say whether it can.
        case unavailable
    }

    /// How often a store without notifications is asked, and a lost watch tried again.
    public static let pollingInterval: Duration = .seconds(1)
    /// How often a store with notifications is asked all the same.
    public static let safetyInterval: Duration = .seconds(15)

    private let home: BridgeHome
    private let fact = WatchedFact(State.reachable)
    private let queue = DispatchQueue(label: "SecureBridge.follow.keychain")
    /// Touched on `queue` only.
    private let subscription = Mutex(Subscription())
    /// The keychain last asked, kept while the home's choice of store is the
    /// same and its store answers: a store connects on first use, so a
    /// re-check of a kept one costs no new connection. On `queue` only.
    nonisolated(unsafe) private var asked: Keychain?

    private struct Subscription {
        /// The store kind the notifications are for; `nil` when none are listened to.
        var kind: KeychainStoreKind?
        /// Whether the store gives notifications and they still come.
        var live = false
        /// The task that reads them.
        var reader: Task<Void, Never>?
        /// Moves on at each timed check set, so only the latest one runs.
        var timer = 0
    }

    /// Starts watching `home`'s keychain; the first check runs before this returns.
    public init(home: BridgeHome) {
        self.home = home
        queue.sync { check() }
    }

    deinit {
        subscription.withLock { $0.reader?.cancel() }
    }

    /// What the watch saw last.
    public var state: State { fact.snapshot.value }

    /// Asks the store again soon (on the watch's queue).
    public func recheck() {
        queue.async { [weak self] in self?.check() }
    }

    func change(after generation: Int) async { await fact.change(after: generation) }

    var snapshot: (state: State, generation: Int) {
        let (value, generation) = fact.snapshot
        return (value, generation)
    }

    /// Runs on `queue`: opens the home's keychain as a read does, listens to
    /// its store's notifications if it is not yet, asks the store, records
    /// the answer and sets the next timed check.
    private func check() {
        guard let opened = try? Keychain.open(in: home), opened.store.kind != .files else {
            // Files, no keychain, or one a read refuses for its own reason: nothing here to follow.
            stopListening()
            fact.record(.reachable)
            return
        }
        listen(to: opened)
        let keychain = asked?.store == opened.store ? asked! : opened
        let reachable = (try? keychain.checkStore()) != nil
        asked = reachable ? keychain : nil
        let live = subscription.withLock { $0.live }
        let hasNotifications = subscription.withLock { $0.reader != nil }
        fact.record(reachable && (live || !hasNotifications) ? .reachable : .unavailable)
        schedule(after: live ? Self.safetyInterval : Self.pollingInterval)
    }

    /// Listens to `keychain`'s store unless its kind is already listened to and still live.
    private func listen(to keychain: Keychain) {
        let kind = keychain.store.kind
        let current = subscription.withLock { ($0.kind, $0.live, $0.reader != nil) }
        guard current.0 != kind || (current.2 && !current.1) else { return }
        stopListening()
        guard let changes = keychain.reachabilityChanges() else {
            subscription.withLock { $0.kind = kind }
            return
        }
        let reader = Task { [weak self] in
            for await _ in changes { self?.recheck() }
            guard !Task.isCancelled else { return }
            self?.queue.async { [weak self] in
                self?.subscription.withLock { $0.live = false }
                self?.check()
            }
        }
        subscription.withLock { subscription in
            subscription.kind = kind
            subscription.live = true
            subscription.reader = reader
        }
    }

    private func stopListening() {
        subscription.withLock { subscription in
            subscription.reader?.cancel()
            subscription = Subscription(timer: subscription.timer)
        }
    }

    private func schedule(after interval: Duration) {
        let timer = subscription.withLock { subscription in
            subscription.timer += 1
            return subscription.timer
        }
        queue.asyncAfter(deadline: .now() + .milliseconds(Int(interval.components.seconds * 1000))) { [weak self] in
            guard let self, subscription.withLock({ $0.timer == timer }) else { return }
            check()
        }
    }
}
