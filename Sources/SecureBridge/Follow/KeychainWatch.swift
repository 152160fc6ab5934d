import Dispatch
public import SecureBridge
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
/// - every `KeychainStore.recheckInterval` for a store that has no
///   notifications (a second, unless the store says otherwise);
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

    /// How often a lost watch is tried again.
    public static let pollingInterval: Duration = .seconds(1)
    /// How often a store with notifications is asked all the same.
    public static let safetyInterval: Duration = .seconds(15)

    private let home: BridgeHome
    private let fact = WatchedFact(State.reachable)
    private let queue = DispatchQueue(label: "SecureBridge.follow.keychain")
    /// What is listened to; touched on `queue` only.
    private let subscription = Mutex(Subscription())
    /// The keychain last asked, kept while the home's choice of store is the
    /// same and its store answers: a store connects on first use, so a
    /// re-check of a kept one costs no new connection. On `queue` only.
    nonisolated(unsafe) private var asked: Keychain?

    private struct Subscription {
        /// The store kind listened to; `nil` before the first non-files store.
        var kind: KeychainStoreKind?
        var notifications = Notifications.none
        /// Moves on at each subscription, so a late ending of an earlier one changes nothing.
        var generation = 0
        /// Moves on at each timed check set, so only the latest one runs.
        var timer = 0
    }

    /// The store's notifications, as far as they go.
    private enum Notifications {
        /// The store has none: it is asked every `KeychainStore.recheckInterval`.
        case none
        /// They come, read by this task.
        case live(Task<Void, Never>)
        /// They ended or could not be had: unavailable until a new stream is had.
        case lost
    }

    /// Starts watching `home`'s keychain; the first check runs before this returns.
    public init(home: BridgeHome) {
        self.home = home
        queue.sync { check(subscribingAgain: false) }
    }

    deinit {
        subscription.withLock { if case let .live(task) = $0.notifications { task.cancel() } }
    }

    /// What the watch saw last.
    public var state: State { fact.snapshot.value }

    /// Asks the store again soon (on the watch's queue).
    public func recheck() {
        queue.async { [weak self] in self?.check(subscribingAgain: false) }
    }

    func change(after generation: Int) async { await fact.change(after: generation) }

    var snapshot: (state: State, generation: Int) {
        let (value, generation) = fact.snapshot
        return (value, generation)
    }

    /// Runs on `queue`: opens the home's keychain as a read does, listens to
    /// its store's notifications (again, when they were lost and
    /// `subscribingAgain`), asks the store, records the answer and sets the
    /// next timed check.
    private func check(subscribingAgain: Bool) {
        guard let opened = try? Keychain.open(in: home), opened.store.kind != .files else {
            // Files, no keychain, or one a read refuses for its own reason: nothing here to follow.
            stopListening()
            fact.record(.reachable)
            return
        }
        let current = subscription.withLock { ($0.kind, $0.notifications) }
        if current.0 != opened.store.kind {
            stopListening()
            listen(to: opened)
        } else if case .lost = current.1, subscribingAgain {
            listen(to: opened)
        }
        let keychain = asked?.store == opened.store ? asked! : opened
        let reachable = (try? keychain.checkStore()) != nil
        asked = reachable ? keychain : nil
        let notifications = subscription.withLock { $0.notifications }
        switch notifications {
        case .lost:
            fact.record(.unavailable)
            schedule(after: Self.pollingInterval)
        case .live:
            fact.record(reachable ? .reachable : .unavailable)
            schedule(after: Self.safetyInterval)
        case .none:
            fact.record(reachable ? .reachable : .unavailable)
            schedule(after: keychain.recheckInterval)
        }
    }

    /// Listens to `keychain`'s store's notifications: live, none, or lost when they cannot be had now.
    private func listen(to keychain: Keychain) {
        let generation = subscription.withLock { subscription in
            subscription.kind = keychain.store.kind
            subscription.generation += 1
            return subscription.generation
        }
        let notifications: Notifications
        do {
            if let changes = try keychain.reachabilityChanges() {
                notifications = .live(Task { [weak self] in
                    for await _ in changes { self?.recheck() }
                    guard !Task.isCancelled else { return }
                    self?.queue.async { [weak self] in self?.lose(generation) }
                })
            } else {
                notifications = .none
            }
        } catch {
            notifications = .lost
        }
        subscription.withLock { $0.notifications = notifications }
    }

    /// The notifications of subscription `generation` ended: unavailable until they are had again.
    private func lose(_ generation: Int) {
        let current = subscription.withLock { subscription -> Bool in
            guard subscription.generation == generation else { return false }
            subscription.notifications = .lost
            return true
        }
        if current { check(subscribingAgain: false) }
    }

    private func stopListening() {
        subscription.withLock { subscription in
            if case let .live(task) = subscription.notifications { task.cancel() }
            subscription.kind = nil
            subscription.notifications = .none
            subscription.generation += 1
        }
    }

    private func schedule(after interval: Duration) {
        let timer = subscription.withLock { subscription in
            subscription.timer += 1
            return subscription.timer
        }
        queue.asyncAfter(deadline: .now() + .milliseconds(Int(interval.components.seconds * 1000))) { [weak self] in
            guard let self, subscription.withLock({ $0.timer == timer }) else { return }
            check(subscribingAgain: true)
        }
    }
}
