import Foundation
import SystemPackage
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp

/// A home the conformance vectors are made from: a fresh temporary
/// directory with an app on it, driven by the real `BridgeApp` at injected
/// instants, whose keychain and container a vector then stores as they are.
///
/// Every key in it is made at random by the app's own login: test-only
/// material, thrown away with the home (the vectors keep the widget's two
/// places, never `app/` and its signing key).
final class ConformanceHome {
    /// The home's directory: `app/`, `keychain/` and `container/` inside.
    let root: String
    let home: BridgeHome
    let app: BridgeApp

    /// An empty home in a new temporary directory (mode 0700).
    /// - Throws: When the directory cannot be made.
    init() throws {
        root = try Self.temporaryDirectory(named: "securebridge-conformance")
        home = BridgeHome(root: FilePath(root))
        app = BridgeApp(home: home, passcodeCost: .testing)
    }

    deinit {
        // Undo a vector's unsafe modes and odd files so the whole tree can go.
        guard FileManager.default.fileExists(atPath: root) else { return }
        _ = try? Self.run("/bin/chmod", ["-R", "u+rwx", root])
        try? FileManager.default.removeItem(atPath: root)
    }

    /// The test passcode every conformance home logs in with.
    static let passcode = SecureBytes(copying: Array("2468".utf8))

    /// Logs `alice` in at `instant` for `session` seconds.
    func login(at instant: Int64, session: Int64 = 7 * 86_400) throws {
        _ = try app.login(user: "alice", passcode: Self.passcode, sessionLength: .seconds(session), now: Self.date(instant))
    }

    /// Publishes `input` (the bank API's JSON) at `instant`, stale after `stale` and expired after `expires` seconds.
    func publish(_ input: String, at instant: Int64, stale: Int64 = 3_600, expires: Int64 = 86_400) throws {
        try app.publish(Array(input.utf8), staleAfter: .seconds(stale), expiresAfter: .seconds(expires), now: Self.date(instant))
    }

    /// The absolute path of `relative` (`keychain/keyset`, `container/snapshot`).
    func path(_ relative: String) -> String { root + "/" + relative }

    /// The bytes of the file at `relative`.
    func bytes(_ relative: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: path(relative))))
    }

    /// Replaces (or creates) the file at `relative` with `bytes`, mode 0600,
    /// as a writer with access to the place would.
    func write(_ relative: String, _ bytes: [UInt8]) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path(relative)))
        guard chmod(path(relative), 0o600) == 0 else { throw Errno(rawValue: errno) }
    }

    /// Changes the file at `relative` with `change`.
    func edit(_ relative: String, _ change: (inout [UInt8]) throws -> Void) throws {
        var bytes = try self.bytes(relative)
        try change(&bytes)
        try write(relative, bytes)
    }

    /// Removes the file (or empty directory) at `relative`.
    func remove(_ relative: String) throws {
        try FileManager.default.removeItem(atPath: path(relative))
    }

    /// Sets the mode of `relative` ("" for the home's directory itself).
    func setMode(_ relative: String, _ mode: mode_t) throws {
        guard chmod(relative.isEmpty ? root : path(relative), mode) == 0 else { throw Errno(rawValue: errno) }
    }

    /// A new home holding a copy of this one's places, modes kept (the
    /// home's directory's too); its app carries on from this one's state.
    func copy() throws -> ConformanceHome {
        let copy = try ConformanceHome()
        guard FileManager.default.fileExists(atPath: root) else {
            try FileManager.default.removeItem(atPath: copy.root)  // a home removed whole stays removed
            return copy
        }
        // `lstat`, not `fileExists`: a place that is a dangling link is copied as the link.
        var entry = stat()
        for place in ["app", "keychain", "container"] where lstat(path(place), &entry) == 0 {
            try Self.run("/bin/cp", ["-a", path(place), copy.root + "/"])
        }
        var status = stat()
        guard stat(root, &status) == 0 else { throw Errno(rawValue: errno) }
        try copy.setMode("", status.st_mode & 0o7777)
        return copy
    }

    /// A copy of the file `relative` of `other` into this home (mode 0600).
    func take(_ relative: String, from other: ConformanceHome) throws {
        try write(relative, try other.bytes(relative))
    }

    /// The sequence number stored in the file at `relative`: bytes 30–37 of a
    /// snapshot, bytes 14–21 of a signed record.
    func sequence(_ relative: String) throws -> UInt64 {
        let bytes = try self.bytes(relative)
        let offset = relative.hasSuffix(StoredFile.snapshot.name) ? 30 : 14
        return bytes[offset ..< offset + 8].reduce(0) { $0 << 8 | UInt64($1) }
    }

    /// A new directory (mode 0700) in the temporary directory, its name `name` and a random suffix.
    /// - Throws: When it cannot be made.
    static func temporaryDirectory(named name: String) throws -> String {
        var template = Array((FileManager.default.temporaryDirectory.path + "/\(name)-XXXXXX").utf8CString)
        guard mkdtemp(&template) != nil else { throw CocoaError(.fileWriteUnknown) }
        return String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func date(_ instant: Int64) -> Date { Date(timeIntervalSince1970: TimeInterval(instant)) }

    /// Runs a tool to completion.
    /// - Throws: When it cannot start or exits with a failure.
    @discardableResult
    static func run(_ tool: String, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.executableLoad) }
        return process.terminationStatus
    }
}

/// Keychain files built byte by byte, for the cases an app never writes.
enum PlantedKeychain {
    /// One v2 slot holding `marks` as `generation`.
    static func slot(_ marks: HighWaterMarks, generation: UInt64) throws -> [UInt8] {
        try MarksFile.slotBytes(marks, generation: generation)
    }

    /// A v2 marks file with these slots (`nil`: zeros) and `between` in the gap.
    static func marks(slot0: [UInt8]?, slot1: [UInt8]?, between: UInt8 = 0) -> [UInt8] {
        var bytes = [UInt8](repeating: between, count: MarksFile.byteCount)
        bytes.replaceSubrange(0 ..< MarksFile.slotByteCount, with: slot0 ?? [UInt8](repeating: 0, count: MarksFile.slotByteCount))
        bytes.replaceSubrange(
            MarksFile.slotOffsets[1] ..< MarksFile.byteCount, with: slot1 ?? [UInt8](repeating: 0, count: MarksFile.slotByteCount))
        return bytes
    }

    /// A v1 marks file (37 bytes) with `version` in its version byte.
    static func version1Marks(_ marks: HighWaterMarks, version: UInt8 = 1) -> [UInt8] {
        var writer = ByteWriter(capacity: MarksFile.version1ByteCount)
        writer.append(MarksFile.magic)
        writer.append(version)
        writer.append(marks.onboardingSequence)
        writer.append(marks.authSequence)
        writer.append(marks.snapshotSequence)
        writer.append(marks.time)
        return writer.bytes
    }

    /// The 41-byte entries of a stored keyset, in order.
    static func keysetEntries(_ keyset: [UInt8]) -> [[UInt8]] {
        stride(from: 6, to: keyset.count, by: 41).map { Array(keyset[$0 ..< min($0 + 41, keyset.count)]) }
    }

    /// A keyset file of these entries, `count` in its count byte (their number by default).
    static func keyset(_ entries: [[UInt8]], count: Int? = nil, version: UInt8 = 1) -> [UInt8] {
        DataKeyset.magic + [version, UInt8(count ?? entries.count)] + entries.flatMap { $0 }
    }

    /// `entry` with its status byte set to `status`.
    static func entry(_ entry: [UInt8], status: UInt8) -> [UInt8] {
        [status] + entry.dropFirst()
    }
}
