#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// The app side's view of onboarding, the session and the snapshot's header (`bridgectl status`); no secret, no amount.
public struct BridgeStatus: Sendable, Equatable {
    /// Where the places are (``/SecureBridgeFormats/BridgeHome/location``): the home directory, or each place's path.
    public let home: String
    /// Whether a user has ever onboarded this installation.
    public let onboarded: Bool
    /// The logged-in user's id, if any.
    public let userID: String?
    /// `none`, `active`, `locked`, `loggedOut`.
    public let state: String
    /// When the session ends, if there is one.
    public let sessionExpiresAt: Date?
    /// Whether that time has passed.
    public let sessionExpired: Bool
    /// The auth epoch: it moves on at every login and logout.
    public let epoch: UInt64
    /// Whether the user chose to hide balances in widgets.
    public let hidesBalances: Bool
    /// Wrong passcodes in a row since the last good one.
    public let failedUnlocks: Int
    /// The id of the publisher's signing key, once onboarded.
    public let signingKeyID: KeyID?
    /// The clear header of the current snapshot, if one is published.
    public let snapshot: SnapshotHeader?
    /// Where the keychain keeps its items (`keychain/store`).
    public let keychainStore: KeychainStoreKind
    /// Why the container's snapshot could not be read (something else at its name), naming the path.
    public internal(set) var snapshotProblem: StorageError? = nil
    /// Why the keychain's store cannot be used now, in its own sentence (widgets show `keychain-unavailable`).
    public internal(set) var keychainProblem: String? = nil

    /// One line per fact, for people (`bridgectl status`).
    package var text: String {
        var lines = ["home: \(home)", "onboarded: \(onboarded ? "yes" : "no")"]
        if let userID { lines.append(state == "loggedOut" ? "last user: \(userID)" : "user: \(userID)") }
        lines.append("session: \(state)\(sessionExpired ? " (expired)" : "")")
        if let sessionExpiresAt { lines.append("session expires: \(UTCTimestamp.string(from: sessionExpiresAt))") }
        lines.append("epoch: \(epoch)")
        lines.append("hide balances: \(hidesBalances ? "on" : "off")")
        if failedUnlocks > 0 { lines.append("failed unlocks: \(failedUnlocks)") }
        if let signingKeyID { lines.append("signing key: \(signingKeyID)") }
        lines.append("keychain: \(keychainStore.rawValue)" + (keychainProblem.map { " (keychain-unavailable: \($0))" } ?? ""))
        if let snapshot {
            lines.append("snapshot: sequence \(snapshot.sequence), data key \(snapshot.dataKeyID)")
            lines.append("  issued \(UTCTimestamp.string(seconds: snapshot.issuedAt)), stale \(UTCTimestamp.string(seconds: snapshot.staleAt)), expires \(UTCTimestamp.string(seconds: snapshot.expiresAt))")
        } else if let snapshotProblem {
            lines.append("snapshot: unreadable: \(snapshotProblem)")
        } else {
            lines.append("snapshot: none")
        }
        return lines.joined(separator: "\n")
    }

    /// One JSON object, for scripts (`bridgectl status --format json`).
    package var json: String {
        let snapshotValue: JSONOutput = snapshot.map { header in
            .object([
                ("sequence", .unsigned(header.sequence)),
                ("epoch", .unsigned(header.epoch)),
                ("dataKeyId", .string(header.dataKeyID.description)),
                ("issuedAt", .string(UTCTimestamp.string(seconds: header.issuedAt))),
                ("staleAt", .string(UTCTimestamp.string(seconds: header.staleAt))),
                ("expiresAt", .string(UTCTimestamp.string(seconds: header.expiresAt))),
            ])
        } ?? .null
        let problem: [(String, JSONOutput)] = snapshotProblem.map { [("snapshotProblem", .string($0.description))] } ?? []
        let keychain: [(String, JSONOutput)] = keychainProblem.map { [("keychainProblem", .string($0))] } ?? []
        return JSONOutput.object([
            ("home", .string(home)),
            ("onboarded", .bool(onboarded)),
            ("user", .string(userID)),
            ("state", .string(state)),
            ("sessionExpiresAt", .string(sessionExpiresAt.map(UTCTimestamp.string(from:)))),
            ("sessionExpired", .bool(sessionExpired)),
            ("epoch", .unsigned(epoch)),
            ("hideBalances", .bool(hidesBalances)),
            ("failedUnlocks", .integer(Int64(failedUnlocks))),
            ("signingKeyId", .string(signingKeyID?.description)),
            ("keychainStore", .string(keychainStore.rawValue)),
        ] + keychain + [
            ("snapshot", snapshotValue),
        ] + problem).serialized
    }
}

extension BridgeApp {
    /// Reads the app side's state without changing anything.
    public func status(now: Date) throws -> BridgeStatus {
        guard let app = try home.open(.app) else {
            return BridgeStatus(
                home: home.location, onboarded: false, userID: nil, state: "none", sessionExpiresAt: nil, sessionExpired: false, epoch: 0,
                hidesBalances: false, failedUnlocks: 0, signingKeyID: nil, snapshot: nil, keychainStore: .files)
        }
        let state = try AppState.load(from: app)
        let signingKey = try app.readSecret(.signingKey)
            .map { try Ed25519.PrivateKey(pemRepresentation: $0).publicKey.keyID }
        let container = try home.open(.container)
        var snapshot: SnapshotHeader?
        var snapshotProblem: StorageError?
        do {
            snapshot = try container?.read(.snapshot)
                .flatMap { try? SnapshotEnvelope(bytes: $0).header }
        } catch let refusal as StorageError where !refusal.isTransient {
            // A container writer's junk at the snapshot's name is a finding to show, not a failure.
            snapshotProblem = refusal
        }
        // A session logged out has no end to show.
        let expiresAt = state.session.flatMap { $0.state == .loggedOut ? nil : Date(timeIntervalSince1970: TimeInterval($0.expiresAt)) }
        let keychain = try Keychain.open(in: home)
        var keychainProblem: String?
        do {
            try keychain?.checkStore()
        } catch let unavailable as KeychainStoreError {
            keychainProblem = unavailable.description
        }
        return BridgeStatus(
            home: home.location, onboarded: state.userID != nil, userID: state.userID, state: state.sessionName,
            sessionExpiresAt: expiresAt,
            sessionExpired: state.session?.state != .loggedOut && (expiresAt.map { now >= $0 } ?? false),
            epoch: state.epoch, hidesBalances: state.session?.hidesBalances ?? false,
            failedUnlocks: state.failedUnlocks, signingKeyID: signingKey, snapshot: snapshot,
            keychainStore: keychain?.store.kind ?? .files, snapshotProblem: snapshotProblem, keychainProblem: keychainProblem)
    }
}
