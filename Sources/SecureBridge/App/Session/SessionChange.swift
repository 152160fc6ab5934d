#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
internal import Logging

// How the app side changes what the widget may show without ever letting it
// show more than the app's own durable state allows. See docs/SECURITY.md,
// "App side".

extension AppState.Session {
    /// How much a widget may show under a session state: nothing, masked amounts, amounts.
    private static func rank(_ state: AuthStatus.State) -> Int {
        switch state {
        case .loggedOut: 0
        case .locked: 1
        case .active: 2
        }
    }

    /// Whether a widget may show at most what it may show under `other`
    /// (which may be `nil`: no session, under which it may show nothing).
    func showsNoMore(than other: AppState.Session?) -> Bool {
        guard let other else { return state == .loggedOut }
        return Self.rank(state) <= Self.rank(other.state) && (hidesBalances || !other.hidesBalances)
            && expiresAt <= other.expiresAt
    }

    /// The session as errors name it (`SessionError.SessionView`).
    var view: SessionError.SessionView {
        switch state {
        case .loggedOut: .loggedOut
        case .locked: .locked
        case .active: .unlocked(hidesBalances: hidesBalances)
        }
    }

    /// The session in words, for messages: `locked`, `unlocked with balances hidden`, `logged out`.
    package var phrase: String { view.description }
}

extension BridgeApp {
    /// Signs the session of `next` as the next auth status and makes it the
    /// widget's, in an order that fails closed:
    ///
    /// 0. for a change that lets the widget show more, the keychain store is
    ///    checked: the mark of step 2 lives there, and a store that cannot be
    ///    reached now (a locked keyring, say) stops the change before
    ///    anything is written; a widget shows no amount meanwhile
    ///    (`keychain-unavailable`). Showing less never needs the store;
    /// 1. the app state reserves the record's sequence (and `next`'s epoch);
    ///    a change that lets the widget show more is recorded here, before
    ///    any widget can see it;
    /// 2. the keychain's auth mark rises to the new sequence, so every earlier
    ///    record, the one being replaced included, is a rollback: from here on
    ///    the widget shows nothing until the new record lands. When the store
    ///    cannot be used now and the change shows less, the floor in the
    ///    keychain directory rises instead (`Keychain.raiseFloor(to:)`), which
    ///    every read takes with the store's marks: a container writer who puts
    ///    back the record from before the lock gets `rollback`, then and after
    ///    the store is back;
    /// 3. `beforeRecord` (logout's shredding);
    /// 4. the signed record is written into the container;
    /// 5. the reload token moves, so running widgets re-read;
    /// 6. a change that lets the widget show no more is recorded in the app
    ///    state only now, after every step the widget sees.
    ///
    /// A crash or an error after any step leaves the widget showing no more
    /// than the app state on disk allows. An error before the change shows
    /// leaves the app state as it was (but for the reserved number); one after
    /// it is `SessionError.unfinished`, which says what took effect.
    /// - Parameters:
    ///   - next: The state to reach; its auth sequence is assigned here.
    ///   - state: The current state, updated as steps are saved.
    ///   - command: The command that finishes the change when run again, for messages.
    func commitSession(
        _ next: AppState, over state: inout AppState, places: Places, now: Date, command: AppCommand,
        beforeRecord: () throws -> Void = {}
    ) throws {
        guard let session = next.session else { throw SessionError(.damagedState) }
        let key = try loadSigningKey(places)
        let showsLess = session.showsNoMore(than: state.session)
        if !showsLess { try places.keychain.checkStore() }
        var next = next
        next.authSequence = try AppState.number(after: state.authSequence)

        var reservation = showsLess ? state : next
        reservation.counters = next.counters
        try reservation.save(to: places)
        state = reservation

        let recorded = SessionError.Progress.sessionRecorded(session.view)
        try finishing(showsLess ? nil : recorded, command: command) {
            try raiseAuthMark(to: next.authSequence, places: places, showingLess: showsLess)
            try beforeRecord()
            try places.container.write(.authStatus, try next.signedAuthStatus(with: key, now: now).bytes)
        }
        logger.core(.debug, "signed auth status", metadata: [
            "state": "\(session.state)", "epoch": "\(next.epoch)", "sequence": "\(next.authSequence)",
        ])
        try finishing(.sessionShown(session.view), command: command) {
            try places.container.renewReloadToken()
            if showsLess { try next.save(to: places) }
        }
        state = next
    }

    /// Step 2: the auth mark rises in the store, or, for a change that shows
    /// less while the store cannot be used now, the keychain directory's floor.
    private func raiseAuthMark(to sequence: UInt64, places: Places, showingLess: Bool) throws {
        let marks = HighWaterMarks(authSequence: sequence)
        do {
            try places.keychain.raiseMarks(to: marks, repairing: places.marksIfDamaged)
        } catch KeychainStoreError.unavailable(let store, let reason) where showingLess {
            logger.core(.debug, "the keychain store cannot be used now; the auth mark's floor rises in the keychain directory instead", metadata: [
                "store": "\(store)", "reason": "\(reason)",
            ])
            try places.keychain.raiseFloor(to: marks, repairing: places.marksIfDamaged)
        }
    }

    /// Runs the steps after a change took effect, turning a failure into
    /// `SessionError.unfinished` that says what took effect (`applied`) and
    /// which command finishes it. With `applied` nil, failures pass unchanged.
    func finishing(_ applied: SessionError.Progress?, command: AppCommand, _ steps: () throws -> Void) throws {
        guard let applied else { return try steps() }
        do {
            try steps()
        } catch let error where !(error is SessionError) {
            throw SessionError(.unfinished(applied: applied, failure: .init(error), command: command))
        }
    }
}
