import Foundation
import Synchronization
import SystemPackage
import Testing
@testable import SecureBridge
@testable import SecureBridgeTesting
@testable import SecureBridgeTestSupport

/// What the core does when a platform bends the contract on reads and
/// writes: an interrupted call (`EINTR`, which a platform should retry
/// itself) is made again, never taken for unsafe storage; a count larger
/// than the buffer is an I/O error, never trusted.
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
    enum Misbehaviour { case none, interruptEveryOtherCall, countOneTooMany }

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
    private func unruly(_ limit: Int, _ call: () throws(Errno) -> Int) throws(Errno) -> Int {
        switch misbehaviour.withLock({ $0 }) {
        case .none: return try call()
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
        try unruly(buffer.count) { () throws(Errno) in try base.read(file, into: buffer) }
    }
    func write(_ file: PlatformHandle, from buffer: UnsafeRawBufferPointer) throws(Errno) -> Int {
        try unruly(buffer.count) { () throws(Errno) in try base.write(file, from: buffer) }
    }
    func write(_ file: PlatformHandle, from buffer: UnsafeRawBufferPointer, atOffset offset: Int64) throws(Errno) -> Int {
        try unruly(buffer.count) { () throws(Errno) in try base.write(file, from: buffer, atOffset: offset) }
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
