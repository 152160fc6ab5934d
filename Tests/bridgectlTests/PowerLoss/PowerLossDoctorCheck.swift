import Foundation
import SystemPackage
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp
@testable import SecureBridgeTesting
@testable import SecureBridgeDoctor

/// How much a widget shows, from least to most: the order a fix must not climb.
enum WidgetShows: Int, Comparable, CustomStringConvertible {
    /// A placeholder: the login prompt, no snapshot, or a refusal.
    case placeholder
    /// The snapshot with every amount masked (locked or hidden).
    case masked
    /// The snapshot's amounts.
    case full

    /// What the widget of `home` shows at `date`, judged as the explorer's first invariant judges it.
    init(_ home: BridgeHome, at date: Date) {
        guard case .content(let content) = WidgetReader(home: home).read(now: date).result else {
            self = .placeholder
            return
        }
        self = content.isLocked || content.hidesBalances ? .masked : .full
    }

    static func < (lhs: WidgetShows, rhs: WidgetShows) -> Bool { lhs.rawValue < rhs.rawValue }

    var description: String { "\(self == .full ? "full" : self == .masked ? "masked" : "a placeholder")" }
}

extension PowerLossExplorer {
    /// Doctor's invariant on one crash state: it says all is well or names
    /// one cause with one fix (``DoctorReport/causes``); that fix, followed
    /// as the next commands through the app's API on the same state, works
    /// and leaves no problem for doctor to name (one fix, not a chain);
    /// and the widget shows no more after it than before, unless the state
    /// on storage already allowed it: a fix may publish for a session the
    /// app and its last auth status both record as unlocked, but never
    /// undo a lock, a hide or a logout that either of them holds (a command
    /// that was cut short before anything durable is a command that never ran).
    /// - Parameters:
    ///   - platform: The crash state, as no process has touched it; the fix changes it.
    ///   - date: When the command was cut short.
    /// - Returns: The failures, each a sentence.
    func checkDoctor(on platform: SimulatedPlatform, at date: Date) -> [String] {
        on(platform) {
            let home = BridgeHome(root: FilePath(Self.root), platform: platform)
            let causes = Doctor(home: home).examine(now: date).causes
            // Two fixes are one when they quote the same commands (`Doctor.sameCommands`).
            let fixes = causes.reduce(into: [String]()) { fixes, cause in
                if !fixes.contains(where: { Doctor.sameCommands($0, cause.fix ?? "") }) { fixes.append(cause.fix ?? "") }
            }
            guard fixes.count <= 1 else {
                return ["doctor names \(causes.count) causes with \(fixes.count) fixes: \(causes.map(\.description).joined(separator: " | "))"]
            }
            guard let fix = fixes.first else { return [] }
            guard !fix.isEmpty else { return ["doctor names a cause without a fix: \(causes[0].description)"] }
            let before = WidgetShows(home, at: date)
            let allowed = Self.allowedView(of: home, at: date)
            let commands = Self.commands(quotedBy: fix)
            // A fix that is a sentence, not a command (nothing to do if the wrong passcodes were yours): nothing to follow.
            guard !commands.isEmpty else { return [] }
            let app = app(on: home)
            let later = date + 60
            for command in commands {
                do {
                    try follow(command, app: app, home: home, now: later)
                } catch {
                    return ["doctor's fix `\(command)` (of \"\(causes[0].message)\") fails as the next command: \(error)"]
                }
            }
            let after = WidgetShows(home, at: later + 1)
            if after > max(before, allowed) {
                return ["following doctor's fix `\(fix)` widens the widget from \(before) to \(after), more than the state on storage allows (\(allowed))"]
            }
            // One fix is enough: what is left is at most a warning (after a
            // login, the advice to publish), never a problem needing a second fix.
            let left = Doctor(home: home).examine(now: later + 1).causes.filter { $0.severity == .problem }
            guard left.isEmpty else {
                return ["after doctor's fix `\(fix)` doctor names a problem still: \(left.map(\.description).joined(separator: " | "))"]
            }
            return []
        }
    }

    /// The most the state on `home` allows the widget to show: the narrower
    /// of the session the app state records and the one its container's auth
    /// status (verified with the pinned key) records.
    static func allowedView(of home: BridgeHome, at date: Date) -> WidgetShows {
        guard let state = (try? home.open(.app)).flatMap({ try? $0.map(AppState.load(from:)) }),
              state.userID != nil, let session = state.session, session.state != .loggedOut,
              state.failedUnlocks < BridgeApp.maximumFailedUnlocks, Int64(date.timeIntervalSince1970) < session.expiresAt
        else { return .placeholder }
        func view(_ state: AuthStatus.State, hides: Bool) -> WidgetShows {
            state == .loggedOut ? .placeholder : state == .locked || hides ? .masked : .full
        }
        let app = view(session.state, hides: session.hidesBalances)
        guard let bytes = (try? home.open(.container)).flatMap({ try? $0?.read(.authStatus) }),
              let pem = (try? Keychain.open(in: home)).flatMap({ try? $0?.read(.pinnedKey) }),
              let key = try? Ed25519.PublicKey(pemRepresentation: String(decoding: pem, as: UTF8.self)),
              let record = try? SignedRecord(bytes: bytes, expected: .authStatus),
              let status = try? AuthStatus(payload: record.verifiedPayload(publicKey: key))
        else { return app }
        return min(app, view(status.state, hides: status.hidesBalances))
    }

    /// The commands a fix quotes between backticks, in order, from its first
    /// alternative that quotes any (the part before ", or"), each `a; b` or
    /// `a && b` split; as `AdviceFollowsTests` follows them.
    static func commands(quotedBy fix: String) -> [String] {
        let alternatives = fix.components(separatedBy: ", or ").flatMap { $0.components(separatedBy: "; else ") }
        guard let first = alternatives.first(where: { $0.contains("`") }) else { return [] }
        return first.split(separator: "`", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }.map { String($0.element) }
            .filter { !$0.hasPrefix("/") && !$0.hasPrefix("'/") }
            .flatMap { $0.components(separatedBy: ";").flatMap { $0.components(separatedBy: "&&") } }
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
    }

    /// Runs one quoted command as `bridgectl` would, through the app's API on the simulated state.
    /// - Throws: The command's error, or `PowerLossError` for a command the explorer cannot run.
    func follow(_ command: String, app: BridgeApp, home: BridgeHome, now: Date) throws {
        let words = command.split(separator: " ").map(String.init)
        switch words {
        case ["bridgectl", "logout"]: try app.logout(now: now)
        case ["bridgectl", "login", "--user", "ID"], ["bridgectl", "login", "--user", "alice"]:
            try app.login(user: "alice", passcode: Self.passcode, sessionLength: .seconds(365 * 86400), now: now)
        case ["bridgectl", "publish", "FILE"], ["bridgectl", "publish"]: try publish(Self.nextAccounts, app: app, now: now)
        case ["bridgectl", "lock"]: try app.lock(now: now)
        case ["bridgectl", "unlock"]: try app.unlock(passcode: Self.passcode, now: now)
        case ["bridgectl", "prefs", "--hide-balances", "on"]: try app.setHidesBalances(true, now: now)
        case ["bridgectl", "prefs", "--hide-balances", "off"]: try app.setHidesBalances(false, now: now)
        case ["bridgectl", "keys", "rotate"]: _ = try app.rotateKeys(now: now)
        default:
            guard words.first == "rm" else { throw PowerLossError("the explorer cannot run `\(command)`") }
            for path in words.dropFirst().filter({ !$0.hasPrefix("-") }) {
                try remove(path.trimmingCharacters(in: CharacterSet(charactersIn: "'")), in: home)
            }
        }
    }

    /// `rm` of a path in one of the home's places: one file, or the leftover temporary files `.*.tmp-*`.
    private func remove(_ path: String, in home: BridgeHome) throws {
        let file = FilePath(path)
        guard let name = file.lastComponent?.string,
              let place = StoragePlace.allCases.first(where: { home.path(for: $0) == file.removingLastComponent() }),
              let directory = try home.open(place)
        else { throw PowerLossError("the explorer cannot remove \(path): not in a place of the home") }
        guard name == ".*.tmp-*" else { return try directory.remove(name) }
        _ = try directory.removeLeftoverTemporaryFiles()
    }
}
