import Foundation
import SystemPackage
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp
@testable import SecureBridgeTesting
@testable import SecureBridgeDoctor

/// How much of the crash-state space to explore, read from the environment
/// (`scripts/power-loss-test` sets it): `POWER_LOSS_LONG=1` for more states
/// per cut, `POWER_LOSS_SEED` for the sample, `POWER_LOSS_MUTANT=no-directory-sync`
/// for a file system whose directory syncs do nothing.
struct PowerLossOptions: Sendable {
    var statesPerCut: [SimulatedCrashFamily: Int]
    var seed: UInt64
    var losesDirectorySyncs: Bool
    /// Whether to run `doctor` on every state (the slowest check).
    var runsDoctor: Bool

    static let short = PowerLossOptions(statesPerCut: [.ext4Ordered: 16, .pessimistic: 48], seed: 20_261_127, losesDirectorySyncs: false, runsDoctor: true)
    static let long = PowerLossOptions(statesPerCut: [.ext4Ordered: 64, .pessimistic: 400], seed: 20_261_127, losesDirectorySyncs: false, runsDoctor: true)

    /// The options the environment asks for.
    static func fromEnvironment() -> PowerLossOptions {
        let environment = ProcessInfo.processInfo.environment
        var options = environment["POWER_LOSS_LONG"] == "1" ? long : short
        if let seed = environment["POWER_LOSS_SEED"].flatMap(UInt64.init) { options.seed = seed }
        options.losesDirectorySyncs = environment["POWER_LOSS_MUTANT"] == "no-directory-sync"
        return options
    }
}

/// Where the explored app keeps its keychain's items.
enum PowerLossKeychain: String, CaseIterable, Sendable {
    /// Files in the keychain directory, written through the platform.
    case files
    /// The simulated Secret Service (``SimulatedKeyringStore``): each item
    /// write one atomic, durable operation of the recording.
    case secretService = "secret-service"

    var kind: KeychainStoreKind { self == .files ? .files : SimulatedKeyringStore.kind }
}

/// What exploring one command's crash states found.
struct PowerLossCommandReport: Sendable {
    let command: String
    let operations: Int
    var states: [SimulatedCrashFamily: Int] = [:]
    var failures: [String] = []
    /// At how many cuts each model had more states than the limit, so they were sampled.
    var sampledCuts: [SimulatedCrashFamily: Int] = [:]
    /// How many different file trees the states were (a state may recur at several cuts).
    var distinctStates = 0
    /// How many states went through the checks (a recurring state again only when the records a widget may have seen differ).
    var checks = 0

    var line: String {
        let ext4 = states[.ext4Ordered] ?? 0, pessimistic = states[.pessimistic] ?? 0
        return "power-loss: \(command): \(operations) operations, \(ext4 + pessimistic) crash states "
            + "(ext4-ordered \(ext4), pessimistic \(pessimistic); \(distinctStates) distinct, \(checks) checked), \(failures.count) failures"
            + (sampledCuts.isEmpty ? "" : "; sampled at " + SimulatedCrashFamily.allCases.map { "\(sampledCuts[$0] ?? 0) \($0.rawValue)" }.joined(separator: ", ") + " cuts of \(operations + 1)")
    }
}

/// Runs every app-side command on a ``SimulatedPlatform``, cuts the power
/// after each of its operations, builds every crash state the two models
/// allow (sampled with a seed where they are too many), and checks on each,
/// through the real reader, app and doctor, that a power cut never lets the
/// widget show more than the durable app state allows, never signs a
/// sequence number twice, and never loses a key in use or revives a shredded one.
final class PowerLossExplorer {
    static let root = "/simulated/home"
    static let passcode = SecureBytes(copying: Array("2468".utf8))
    static let wrongPasscode = SecureBytes(copying: Array("1357".utf8))
    static let accounts = Array(#"""
        [{"id":"acc-main","name":"Everyday","balance":"4675.00","currency":"EUR","IBAN":"DE89370400440532013000","type":"main"},
         {"id":"acc-usd","name":"Dollars","balance":"12850.40","currency":"USD","IBAN":"NL91ABNA0417164300","type":"secondary"}]
        """#.utf8)
    static let otherAccounts = Array(#"""
        [{"id":"acc-main","name":"Everyday","balance":"1.00","currency":"EUR","IBAN":"DE89370400440532013000","type":"main"}]
        """#.utf8)
    static let nextAccounts = Array(#"""
        [{"id":"acc-main","name":"Everyday","balance":"77.70","currency":"EUR","IBAN":"DE89370400440532013000","type":"main"}]
        """#.utf8)

    let options: PowerLossOptions
    let keychain: PowerLossKeychain
    let platform: SimulatedPlatform
    let home: BridgeHome
    var now = Date(timeIntervalSince1970: 1_795_000_000)
    /// Every signed record the live app put in the container, by file name and sequence.
    var signed: [String: [UInt64: [UInt8]]] = [:]
    var reports: [PowerLossCommandReport] = []

    init(options: PowerLossOptions, keychain: PowerLossKeychain = .files) {
        self.options = options
        self.keychain = keychain
        platform = SimulatedPlatform(losingDirectorySyncs: options.losesDirectorySyncs)
        home = BridgeHome(root: FilePath(Self.root), platform: platform)
        KeychainStoreKind.register(SimulatedKeyringStore.kind)
    }

    var stateCount: Int { Self.stateCount(reports) }
    var failureCount: Int { Self.failureCount(reports) }
    var summary: String { Self.summary(reports) }

    static func stateCount(_ reports: [PowerLossCommandReport]) -> Int { reports.reduce(0) { $0 + $1.states.values.reduce(0, +) } }
    static func failureCount(_ reports: [PowerLossCommandReport]) -> Int { reports.reduce(0) { $0 + $1.failures.count } }
    /// The last line of a run: `power-loss: N crash states from C commands, F failures`.
    static func summary(_ reports: [PowerLossCommandReport]) -> String {
        "power-loss: \(stateCount(reports)) crash states from \(reports.count) commands, \(failureCount(reports)) failures"
    }

    /// Runs `body` with the simulated keyring reading and writing `platform`.
    func on<T>(_ platform: SimulatedPlatform, _ body: () throws -> T) rethrows -> T {
        try SimulatedKeyringStore.$platform.withValue(platform, operation: body)
    }

    func app(on home: BridgeHome) -> BridgeApp { BridgeApp(home: home, passcodeCost: .testing) }

    func publish(_ accounts: [UInt8], app: BridgeApp, now: Date) throws {
        try app.publish(accounts, staleAfter: .seconds(3600), expiresAfter: .seconds(30 * 86400), now: now)
    }

    /// Runs the whole scenario, exploring each app command.
    func run() throws {
        try on(platform) {
            if keychain == .secretService {
                for directory in ["/simulated", SimulatedKeyringStore.directory] {
                    try platform.makeDirectory(at: FilePath(directory), permissions: [.ownerReadWriteExecute, .groupReadExecute, .otherReadExecute])
                }
            }
            try runCommands()
        }
    }

    private func runCommands() throws {
        let app = app(on: home)
        let login = {
            try app.login(user: "alice", passcode: Self.passcode, sessionLength: .seconds(365 * 86400), keychain: self.keychain.kind, now: self.now)
        }
        try explore("login (first)") { _ = try login() }
        try explore("publish (changed)") { try self.publish(Self.accounts, app: app, now: self.now) }
        try explore("publish (unchanged)") { try self.publish(Self.accounts, app: app, now: self.now) }
        try explore("publish (changed again)") { try self.publish(Self.otherAccounts, app: app, now: self.now) }
        try explore("lock") { try app.lock(now: self.now) }
        try explore("publish (while locked)") { try self.publish(Self.accounts, app: app, now: self.now) }
        try explore("lock (again)") { try app.lock(now: self.now) }
        try explore("unlock (wrong)") { try Self.expectWrongPasscode { try app.unlock(passcode: Self.wrongPasscode, now: self.now) } }
        try explore("unlock (right)") { try app.unlock(passcode: Self.passcode, now: self.now) }
        try explore("prefs hide") { try app.setHidesBalances(true, now: self.now) }
        try explore("prefs show") { try app.setHidesBalances(false, now: self.now) }
        try explore("keys rotate") { _ = try app.rotateKeys(now: self.now) }
        try explore("publish (after rotation)") { try self.publish(Self.otherAccounts, app: app, now: self.now) }
        try explore("logout") { try app.logout(now: self.now) }
        try explore("login (after logout)") { _ = try login() }
        try explore("publish (after login)") { try self.publish(Self.accounts, app: app, now: self.now) }
        // Nine wrong passcodes, not explored, then the tenth with its wipe.
        try app.lock(now: advance())
        for _ in 1..<BridgeApp.maximumFailedUnlocks {
            try Self.expectWrongPasscode { try app.unlock(passcode: Self.wrongPasscode, now: self.advance()) }
        }
        try explore("unlock (tenth wrong, wipe)") {
            do {
                try app.unlock(passcode: Self.wrongPasscode, now: self.now)
            } catch let error as SessionError where error.kind == .sessionWiped {
                return
            }
            throw PowerLossError("the tenth wrong passcode did not wipe the session")
        }
    }

    @discardableResult
    func advance() -> Date {
        now += 600
        return now
    }

    static func expectWrongPasscode(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch let error as SessionError where [.wrongPasscode, .sessionWiped].contains(error.kind) {
            return
        }
        throw PowerLossError("a wrong passcode was accepted")
    }

    // MARK: One command

    /// What the live home shows and holds at an instant.
    struct Facts {
        /// The issue time of the snapshot the widget shows, masked or not.
        var shown: Date?
        var keyIDs: Set<KeyID>
    }

    func facts(of home: BridgeHome, at date: Date) -> Facts {
        var shown: Date?
        if case .content(let content) = WidgetReader(home: home).read(now: date).result { shown = content.issuedAt }
        return Facts(shown: shown, keyIDs: Self.keyIDs(in: home))
    }

    static func keyIDs(in home: BridgeHome) -> Set<KeyID> {
        guard let keychain = try? Keychain.open(in: home),
            let stored = try? keychain.readSecret(.keyset),
            let keyset = try? DataKeyset(storedBytes: stored)
        else { return [] }
        return Set(([keyset.primary] + keyset.decryptOnly).map(\.id))
    }

    /// Runs `command` on the live home after a write-back, then checks every
    /// crash state of its recording.
    func explore(_ command: String, _ run: () throws -> Void) throws {
        let name = keychain == .files ? command : "\(command) · \(keychain.rawValue)"
        let at = advance()
        let before = facts(of: home, at: at)
        collectSigned(from: home)
        platform.writeBack()
        let start = platform.operations.count
        try run()
        let end = platform.operations.count
        let after = facts(of: home, at: at)
        let afterState = (try? home.open(.app)).flatMap { try? AppState.load(from: $0) }

        var report = PowerLossCommandReport(command: name, operations: end - start)
        var distinctDisks = Set<Int>()
        // Doctor and its fix depend on the tree alone: each tree once per command.
        var doctorChecked = Set<Int>()
        let renamedIn = signedRenames(in: Array(platform.operations[start..<end]), offset: start)
        let context = CommandContext(
            name: name, at: at, before: before, after: after, afterState: afterState,
            allowedShown: Set([before.shown, after.shown].compactMap { $0 }))
        for family in SimulatedCrashFamily.allCases {
            // A state met again at a later cut is counted for that cut, and checked again only when the records a widget may have seen differ.
            var checked = Set<[Int]>()
            for cut in start...end {
                let models = platform.crashModels(
                    afterOperation: cut, family: family, limit: options.statesPerCut[family] ?? 1, seed: options.seed)
                if models.count >= options.statesPerCut[family] ?? 1 { report.sampledCuts[family, default: 0] += 1 }
                var atThisCut = Set<Int>()
                for model in models {
                    let crashed = platform.crashState(afterOperation: cut, model: model)
                    let signature = crashed.storageSignature
                    guard atThisCut.insert(signature).inserted else { continue }
                    report.states[family, default: 0] += 1
                    let visible = renamedIn.filter { $0.operation < cut }
                    distinctDisks.insert(signature)
                    guard checked.insert([signature, visible.count]).inserted else { continue }
                    report.checks += 1
                    let runsDoctor = options.runsDoctor && doctorChecked.insert(signature).inserted
                    for failure in on(crashed, { check(crashed, context: context, visibleSigned: visible, runsDoctor: runsDoctor) }) {
                        report.failures.append("\(name): \(Self.describe(cut: cut, start: start, end: end, on: platform)), \(family.rawValue) \(model): \(failure)")
                    }
                }
            }
        }
        report.distinctStates = distinctDisks.count
        report.failures += checkInOrder(name: name, start: start, end: end, at: at)
        reports.append(report)
        collectSigned(from: home)
    }

    /// Where a cut falls, for a failure's message: after which operation of the command.
    static func describe(cut: Int, start: Int, end: Int, on platform: SimulatedPlatform) -> String {
        "cut after operation \(cut - start) of \(end - start) (\(cut > start ? platform.operations[cut - 1].description : "before the first"))"
    }

    struct CommandContext {
        let name: String
        let at: Date
        let before: Facts
        let after: Facts
        let afterState: AppState?
        let allowedShown: Set<Date>
    }

    // MARK: The invariants

    /// The failures of one crash state, each a sentence.
    func check(
        _ crashed: SimulatedPlatform, context: CommandContext, visibleSigned: [SignedRename], runsDoctor: Bool
    ) -> [String] {
        var failures: [String] = []
        // A copy for doctor's fix to be followed on, before a widget raises the marks here.
        let forTheFix = runsDoctor ? crashed.crashState(afterOperation: 0, bootIdentifier: crashed.bootIdentifier) : nil
        let home = BridgeHome(root: FilePath(Self.root), platform: crashed)
        let state: AppState?
        do {
            state = try home.open(.app).map { try AppState.load(from: $0) } ?? AppState()
        } catch {
            state = nil
        }
        let session = state?.session
        let live = state?.userID != nil && session != nil && session?.state != .loggedOut
        let allowsAmounts = live && session?.state == .active && session?.hidesBalances == false
            && (state?.failedUnlocks ?? 0) < BridgeApp.maximumFailedUnlocks
        let stateName = state.map { "\($0.sessionName)\($0.session?.hidesBalances == true ? " (hidden)" : "")" } ?? "damaged"

        // 1. The widget shows no more than the durable app state allows, and only the snapshot before or after.
        if case .content(let content) = WidgetReader(home: home).read(now: context.at).result {
            if !content.isLocked, !content.hidesBalances, !allowsAmounts {
                failures.append("the widget shows amounts while the app state on storage is \(stateName)")
            }
            if !context.allowedShown.contains(content.issuedAt) {
                failures.append("the widget shows a snapshot issued at \(content.issuedAt), neither the one before the command nor the one after")
            }
        }

        // 3. No key in use lost; no shredded key back.
        let keys = Self.keyIDs(in: home)
        let isEndingSession = context.name.hasPrefix("logout") || context.name.contains("wipe")
        if live, !isEndingSession {
            if keys.isEmpty { failures.append("the app state on storage is \(stateName) but the data keyset is missing or damaged") }
            let signingKey = (try? home.open(.app)).flatMap { try? $0.readSecret(.signingKey) }
            if signingKey == nil { failures.append("the app state on storage is \(stateName) but the signing key is missing") }
        }
        let shredded = context.before.keyIDs.subtracting(context.after.keyIDs)
        let newKeys = context.after.keyIDs.subtracting(context.before.keyIDs)
        if isEndingSession, !live, state != nil, !keys.isDisjoint(with: shredded) {
            failures.append("the app state on storage says the session ended but a shredded data key is back")
        }

        // 4. doctor says all is well or names one cause, with one fix; following it never widens what the widget shows.
        if let forTheFix {
            failures += checkDoctor(on: forTheFix, at: context.at)
        }

        // 2. The next commands never sign a sequence number twice with different content.
        var records = signed
        for rename in visibleSigned { Self.register(rename.name, rename.bytes, in: &records) }
        var collisions: [String] = []
        func collect() {
            for (name, bytes) in Self.containerRecords(of: home) {
                if let collision = Self.register(name, bytes, in: &records) { collisions.append(collision) }
            }
        }
        collect()
        let next = app(on: home)
        let later = context.at + 300
        do { try publish(Self.nextAccounts, app: next, now: later) } catch { /* a logged-out or damaged home refuses: nothing to check */ }
        collect()
        do { try next.lock(now: later + 1) } catch { /* as above */ }
        collect()
        failures += collisions.map { "after the next publish and lock: \($0)" }
        let keysAfterNext = Self.keyIDs(in: home)
        if !keysAfterNext.isDisjoint(with: shredded), !keysAfterNext.isDisjoint(with: newKeys) {
            failures.append("after the next publish and lock the keyset still holds the retired key next to the new one")
        }
        if !keys.isEmpty, keys.isDisjoint(with: shredded), !keysAfterNext.isDisjoint(with: shredded) {
            failures.append("after the next publish and lock a retired key came back")
        }
        if live, !isEndingSession, case .content(let content) = WidgetReader(home: home).read(now: later + 2).result, !content.isLocked {
            failures.append("after the next lock the widget still shows amounts")
        }
        return failures
    }

    /// Reads the states "everything up to cut k" in order, carrying the
    /// widget's marks from one to the next: the snapshot shown never goes back.
    func checkInOrder(name: String, start: Int, end: Int, at: Date) -> [String] {
        var failures: [String] = []
        var marks: [UInt8]?
        var lastShown: Date?
        for cut in start...end {
            let crashed = platform.crashState(afterOperation: cut, model: .pessimistic(keeping: Set(0..<cut), tears: []))
            let home = BridgeHome(root: FilePath(Self.root), platform: crashed)
            on(crashed) {
                // The widget's marks, wherever the store keeps them.
                if let marks, let keychain = try? Keychain.open(in: home) {
                    do {
                        try keychain.write(.marks, marks)
                    } catch {
                        failures.append("\(name): in order, cut \(cut - start): could not carry the marks: \(error)")
                    }
                }
                let result = WidgetReader(home: home).read(now: at).result
                switch result {
                case .content(let content):
                    if let lastShown, content.issuedAt < lastShown {
                        failures.append("\(name): in order, cut \(cut - start): an older snapshot (\(content.issuedAt)) after a newer one (\(lastShown))")
                    }
                    lastShown = max(lastShown ?? content.issuedAt, content.issuedAt)
                case .refused(.rollback):
                    failures.append("\(name): in order, cut \(cut - start): the widget saw a rollback")
                case .refused:
                    break
                }
                marks = (try? Keychain.open(in: home)).flatMap { try? $0.read(.marks) } ?? marks
            }
        }
        return failures
    }

    // MARK: Signed records

    struct SignedRename {
        let operation: Int
        let name: String
        let bytes: [UInt8]
    }

    static let recordNames = [StoredFile.snapshot.name, StoredFile.authStatus.name, StoredFile.onboarding.name]

    /// The signed records renamed into the container during `operations`, with the bytes the process wrote.
    func signedRenames(in operations: [SimulatedOperation], offset: Int) -> [SignedRename] {
        let container = Self.root + "/container/"
        var files: [String: [UInt8]] = [:]
        var renames: [SignedRename] = []
        for (index, operation) in operations.enumerated() {
            switch operation.kind {
            case .create, .truncate:
                files[operation.path] = []
            case .write(let at, let bytes):
                var data = files[operation.path] ?? []
                let end = Int(at) + bytes.count
                if data.count < end { data += [UInt8](repeating: 0, count: end - data.count) }
                data.replaceSubrange(Int(at)..<end, with: bytes)
                files[operation.path] = data
            case .rename(let newName):
                let directory = String(operation.path[..<(operation.path.lastIndex(of: "/") ?? operation.path.startIndex)])
                let bytes = files.removeValue(forKey: operation.path)
                files[directory + "/" + newName] = bytes
                if directory + "/" == container, Self.recordNames.contains(newName), let bytes {
                    renames.append(SignedRename(operation: offset + index, name: newName, bytes: bytes))
                }
            default:
                break
            }
        }
        return renames
    }

    func collectSigned(from home: BridgeHome) {
        for (name, bytes) in Self.containerRecords(of: home) { Self.register(name, bytes, in: &signed) }
    }

    static func containerRecords(of home: BridgeHome) -> [(String, [UInt8])] {
        guard let container = try? home.open(.container) else { return [] }
        return recordNames.compactMap { name in
            (try? container.read(name, limit: StoredFile.snapshot.byteLimit)).map { (name, $0) }
        }
    }

    /// Notes `bytes` as the record `name` signed at its sequence.
    /// - Returns: A sentence when another content was signed at the same sequence.
    @discardableResult
    static func register(_ name: String, _ bytes: [UInt8], in records: inout [String: [UInt64: [UInt8]]]) -> String? {
        let sequence: UInt64
        switch name {
        case StoredFile.snapshot.name:
            guard let envelope = try? SnapshotEnvelope(bytes: bytes) else { return nil }
            sequence = envelope.header.sequence
        case StoredFile.authStatus.name:
            guard let record = try? SignedRecord(bytes: bytes, expected: .authStatus) else { return nil }
            sequence = record.sequence
        default:
            guard let record = try? SignedRecord(bytes: bytes, expected: .onboarding) else { return nil }
            sequence = record.sequence
        }
        if let earlier = records[name]?[sequence] {
            return earlier == bytes ? nil : "\(name) sequence \(sequence) was signed twice with different content"
        }
        records[name, default: [:]][sequence] = bytes
        return nil
    }
}

struct PowerLossError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
