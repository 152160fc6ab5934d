import Foundation
import Synchronization
import SystemPackage
import Testing
import SecureBridge
@testable import SecureBridgePlatform
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp
@testable import SecureBridgeTesting
@testable import SecureBridgeTestSupport

/// What the core does when a platform bends the contract on reads and
/// writes: an interrupted call (`EINTR`, which a platform should retry
/// itself) is made again, never taken for unsafe storage, up to
/// `OpenFile.interruptedTries` times, then is the I/O error it stands for;
/// a count larger than the buffer is an I/O error, never trusted.
@Suite struct UnrulyPlatformTests {
    @Test func aPlatformThatPassesEINTRThroughIsRetried() throws {
        let platform = UnrulyPlatform(.interruptEveryOtherCall)
        let (home, _) = try Self.publishedHome(on: platform)
        #expect(platform.interruptions > 0, "the platform did pass EINTR through")
        guard case let .content(content) = WidgetReader(home: home).read(now: Self.start).result else {
            Issue.record("not read in full: \(WidgetReader(home: home).read(now: Self.start).result)")
            return
        }
        #expect(content.portfolio.accounts.map(\.id) == ["acc-main", "acc-usd"])
    }

    @Test func aCountLargerThanTheBufferIsAnIOErrorNotTrusted() throws {
        let platform = UnrulyPlatform(.none)
        let (home, app) = try Self.publishedHome(on: platform)

        platform.misbehaviour.withLock { $0 = .countOneTooMany }
        let reading = WidgetReader(home: home).read(now: Self.start, whatIf: true)
        #expect(reading.result == .refused(.unavailable), "an I/O error, tried again soon: \(reading.result)")
        #expect(throws: (any Error).self) {
            try app.publish(BridgeFixture.otherAccounts, staleAfter: .seconds(3600), expiresAfter: .seconds(86400), now: Self.start)
        }

        platform.misbehaviour.withLock { $0 = .none }
        guard case let .content(content) = WidgetReader(home: home).read(now: Self.start).result else {
            Issue.record("the published snapshot is not read in full once the platform behaves")
            return
        }
        #expect(content.portfolio.accounts.map(\.id) == ["acc-main", "acc-usd"], "nothing was lost")
    }

    /// A platform whose every read answers `EINTR`: the read is tried
    /// `OpenFile.interruptedTries` times, then is an I/O error, and the
    /// widget shows `unavailable` (tried again soon), not a spin for ever.
    @Test func aReadThatIsAlwaysInterruptedIsAnIOError() throws {
        let platform = UnrulyPlatform(.none)
        let (home, _) = try Self.publishedHome(on: platform)

        platform.misbehaviour.withLock { $0 = .interruptReadsAlways }
        let reading = WidgetReader(home: home).read(now: Self.start)
        #expect(reading.result == .refused(.unavailable), "\(reading.result)")
        #expect(platform.interruptions == OpenFile.interruptedTries, "one read, tried \(platform.interruptions) times")
        #expect(platform.base.openHandleCount == 0, "every handle the read opened is closed")
    }

    /// A platform whose every write answers `EINTR`: `lock` fails in one
    /// sentence after `OpenFile.interruptedTries` tries of its first write,
    /// and releases `app/.lock`, so the next command runs at once.
    @Test func aWriteThatIsAlwaysInterruptedFailsTheCommandAndReleasesItsLock() throws {
        let platform = UnrulyPlatform(.none)
        let (home, app) = try Self.publishedHome(on: platform)

        platform.misbehaviour.withLock { $0 = .interruptWritesAlways }
        let error = #expect(throws: (any Error).self) { try app.lock(now: Self.start) }
        let sentence = "\(error.map { "\($0)" } ?? "")"
        #expect(sentence.hasSuffix(".") && !sentence.contains("\n"), "one sentence: \(sentence)")
        #expect(sentence.contains("Input/output error"), "the I/O error it stands for: \(sentence)")
        #expect(platform.interruptions == OpenFile.interruptedTries, "one write, tried \(platform.interruptions) times")
        #expect(platform.base.openHandleCount == 0, "the lock and every file are closed")

        platform.misbehaviour.withLock { $0 = .none }
        try app.lock(now: Self.start)
        guard case let .content(content) = WidgetReader(home: home).read(now: Self.start).result else {
            Issue.record("the home does not read once the platform behaves")
            return
        }
        #expect(content.isLocked, "the next lock ran, not blocked by the failed one")
    }

    static let start = Date(timeIntervalSince1970: 1_795_000_000)

    /// A home on `platform`, logged in and published.
    static func publishedHome(on platform: UnrulyPlatform) throws -> (BridgeHome, BridgeApp) {
        try platform.base.makeDirectory(at: "/users", permissions: .ownerReadWriteExecute)
        let home = BridgeHome(root: "/users/securebridge", platform: platform)
        let app = BridgeApp(home: home, passcodeCost: .testing)
        try app.login(user: "alice", passcode: SecureBytes(copying: Array("2468".utf8)), sessionLength: .seconds(86400), now: start)
        try app.publish(BridgeFixture.accounts, staleAfter: .seconds(3600), expiresAfter: .seconds(86400), now: start)
        return (home, app)
    }
}

/// `SimulatedPlatform`, but for reads and writes that misbehave as the test says.
final class UnrulyPlatform: BridgePlatform, @unchecked Sendable {
    enum Misbehaviour { case none, interruptEveryOtherCall, interruptReadsAlways, interruptWritesAlways, countOneTooMany }

    /// How many `EINTR`s the "always" misbehaviours answer in all before they
    /// give in: a core that retries without a bound then fails its test
    /// instead of hanging the run.
    static let patience = 1_000_000

    let base = SimulatedPlatform()
    let misbehaviour: Mutex<Misbehaviour>
    private let calls = Mutex(0)
    private let interrupted = Mutex(0)
    /// How many calls were failed with `EINTR`.
    var interruptions: Int { interrupted.withLock { $0 } }

    init(_ misbehaviour: Misbehaviour) {
        self.misbehaviour = Mutex(misbehaviour)
    }

    /// Runs a read or a write as the misbehaviour says.
    private func unruly(_ limit: Int, isWrite: Bool, _ call: () throws(Errno) -> Int) throws(Errno) -> Int {
        switch misbehaviour.withLock({ $0 }) {
        case .none: return try call()
        case .interruptReadsAlways where !isWrite, .interruptWritesAlways where isWrite:
            let interrupting = interrupted.withLock { count in
                guard count < Self.patience else { return false }
                count += 1
                return true
            }
            if interrupting { throw .interrupted }
            return try call()
        case .interruptReadsAlways, .interruptWritesAlways: return try call()
        case .interruptEveryOtherCall:
            let odd = calls.withLock { calls in
                calls += 1
                return calls % 2 == 1
            }
            if odd {
                interrupted.withLock { $0 += 1 }
                throw .interrupted
            }
            return try call()
        case .countOneTooMany:
            _ = try call()
            return limit + 1
        }
    }

    var effectiveUserID: UserID { base.effectiveUserID }
    var bootIdentifier: String? { base.bootIdentifier }
    func workingDirectory() -> String? { base.workingDirectory() }
    func openDirectory(at path: FilePath) throws(Errno) -> PlatformHandle { try base.openDirectory(at: path) }
    func makeDirectory(at path: FilePath, permissions: FilePermissions) throws(Errno) {
        try base.makeDirectory(at: path, permissions: permissions)
    }
    func linkStatus(atPath path: String) throws(Errno) -> Stat { try base.linkStatus(atPath: path) }
    func symbolicLinkTarget(atPath path: String) throws(Errno) -> String { try base.symbolicLinkTarget(atPath: path) }
    func openFile(
        named name: String, in directory: PlatformHandle, _ mode: FileDescriptor.AccessMode,
        options: FileDescriptor.OpenOptions, permissions: FilePermissions?
    ) throws(Errno) -> PlatformHandle {
        try base.openFile(named: name, in: directory, mode, options: options, permissions: permissions)
    }
    func statusOfEntry(named name: String, in directory: PlatformHandle) throws(Errno) -> Stat {
        try base.statusOfEntry(named: name, in: directory)
    }
    func renameEntry(named name: String, to newName: String, in directory: PlatformHandle) throws(Errno) {
        try base.renameEntry(named: name, to: newName, in: directory)
    }
    func unlinkEntry(named name: UnsafePointer<CChar>, in directory: PlatformHandle) throws(Errno) {
        try base.unlinkEntry(named: name, in: directory)
    }
    func forEachEntry(in directory: PlatformHandle, _ body: (UnsafePointer<CChar>) throws -> Void) throws {
        try base.forEachEntry(in: directory, body)
    }
    func read(_ file: PlatformHandle, into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
        try unruly(buffer.count, isWrite: false) { () throws(Errno) in try base.read(file, into: buffer) }
    }
    func write(_ file: PlatformHandle, from buffer: UnsafeRawBufferPointer) throws(Errno) -> Int {
        try unruly(buffer.count, isWrite: true) { () throws(Errno) in try base.write(file, from: buffer) }
    }
    func write(_ file: PlatformHandle, from buffer: UnsafeRawBufferPointer, atOffset offset: Int64) throws(Errno) -> Int {
        try unruly(buffer.count, isWrite: true) { () throws(Errno) in try base.write(file, from: buffer, atOffset: offset) }
    }
    func status(of file: PlatformHandle) throws(Errno) -> Stat { try base.status(of: file) }
    func setPermissions(_ permissions: FilePermissions, of file: PlatformHandle) throws(Errno) {
        try base.setPermissions(permissions, of: file)
    }
    func sync(_ handle: PlatformHandle) throws(Errno) { try base.sync(handle) }
    func syncData(_ file: PlatformHandle) throws(Errno) { try base.syncData(file) }
    func lockExclusively(_ file: PlatformHandle) throws(Errno) { try base.lockExclusively(file) }
    func close(_ handle: PlatformHandle) throws(Errno) { try base.close(handle) }
}
