#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
internal import Logging

// How the app side changes what the widget may show without letting it show more than the
// app's durable state allows (docs/SECURITY.md, "App side").

extension AppState.Session {
    /// How much a widget may show under a session state: nothing, masked amounts, amounts.
    private static func rank(_ state: AuthStatus.State) -> Int {
        switch state {
        case .loggedOut: 0
        case .locked: 1
        case .active: 2
        }
    }

    /// Whether a widget may show at most what it may under `other` (`nil`: nothing).
    func showsNoMore(than other: AppState.Session?) -> Bool {
        guard let other else { return state == .loggedOut }
        return Self.rank(state) <= Self.rank(other.state) && (hidesBalances || !other.hidesBalances)
            && expiresAt <= other.expiresAt
    }

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
    /// Signs `next`'s session as the next auth status and makes it the widget's, failing closed:
    /// 0. showing more, it first checks the keychain store, where the mark lives; 1. the app state
    ///    reserves the sequence (and epoch), and records a change that shows more; 2. the auth mark
    ///    rises, so every earlier record is a rollback (showing less without the store: the floor);
    /// 3. `beforeRecord`; 4. the signed record; 5. the reload token; 6. a change that shows no
    ///    more is recorded in the app state only now.
    /// An error once the change shows is `SessionError.unfinished`, naming `command`.
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

    /// Step 2: the auth mark rises in the store, or, showing less without the store, the floor.
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

    /// Runs the steps after `applied` took effect, a failure becoming `SessionError.unfinished`; with `nil`, unchanged.
    func finishing(_ applied: SessionError.Progress?, command: AppCommand, _ steps: () throws -> Void) throws {
        guard let applied else { return try steps() }
        do {
            try steps()
        } catch let error where !(error is SessionError) {
            throw SessionError(.unfinished(applied: applied, failure: .init(error), command: command))
        }
    }
}
