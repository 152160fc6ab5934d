import Foundation
import SystemPackage
import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp
@testable import SecureBridgeTesting

/// What the seam promises, asked of both platforms: every operation and
/// failure `BridgePlatform` documents runs on `LinuxPlatform` in a real
/// temporary directory and on `SimulatedPlatform` in memory, each on the
/// same `PlatformWorld`, and must answer as documented, which is what Linux
/// answers. The simulation the crash and power-loss tests trust can then not
/// answer otherwise than the real platform wherever the core looks.
///
/// Left out: a second holder's lock (Linux waits, the simulation fails with
/// `EAGAIN`, as `SimulatedPlatform` documents), a closed handle used again
/// (on Linux its number may already be another thread's file), and the
/// working directory (the simulation's is whatever it is given).
@Suite struct PlatformConformanceTests {
    @Test(arguments: PlatformProbe.all)
    func bothPlatformsAnswerAsTheContractSays(_ probe: PlatformProbe) throws {
        let linux = try PlatformWorld.onLinux(probe.outcome)
        let simulated = try PlatformWorld.simulated(probe.outcome)
        #expect(linux == probe.expected, "LinuxPlatform does not answer as BridgePlatform documents")
        #expect(simulated == linux, "SimulatedPlatform answers otherwise than LinuxPlatform")
    }
}

/// What one probe saw: a description of what the platform did, or the
/// `Errno` it failed with.
enum ProbeOutcome: Equatable, Sendable, CustomStringConvertible {
    case answered(String)
    case failed(Errno)

    var description: String {
        switch self {
        case .answered(let text): "answered \"\(text)\""
        case .failed(let error): "failed with \(error) (\(error.rawValue))"
        }
    }
}

/// One question to a platform, with the answer `BridgePlatform` documents.
struct PlatformProbe: Sendable, CustomTestStringConvertible {
    let name: String
    let expected: ProbeOutcome
    let body: @Sendable (PlatformWorld) throws -> String

    init(_ name: String, _ expected: ProbeOutcome, _ body: @escaping @Sendable (PlatformWorld) throws -> String) {
        self.name = name
        self.expected = expected
        self.body = body
    }

    var testDescription: String { name }

    /// What `body` saw in `world`.
    func outcome(_ world: PlatformWorld) throws -> ProbeOutcome {
        do {
            return .answered(try body(world))
        } catch let error as Errno {
            return .failed(error)
        }
    }

    static let all = identity + paths + entries + renames + openFiles
}

/// `.answered(text)`, shorter.
private func answers(_ text: String) -> ProbeOutcome { .answered(text) }

/// `.failed(error)`, shorter.
private func fails(_ error: Errno) -> ProbeOutcome { .failed(error) }

/// What the open `handle` is, closed afterwards.
private func kindClosing(_ handle: PlatformHandle, in world: PlatformWorld) throws -> String {
    defer { try? world.platform.close(handle) }
    return try world.kind(of: handle)
}

extension PlatformProbe {
    static let identity: [PlatformProbe] = [
        PlatformProbe("a new directory and a new file belong to the effective user", answers("true true")) { world in
            try world.platform.makeDirectory(at: world.path("new"), permissions: .ownerReadWriteExecute)
            let file = try world.open("created", .writeOnly, [.create, .exclusiveCreate], permissions: .ownerReadWrite)
            defer { try? world.platform.close(file) }
            let user = world.platform.effectiveUserID
            let directoryOwner = try world.platform.linkStatus(atPath: world.path("new").string).userID
            return "\(directoryOwner == user) \(try world.platform.status(of: file).userID == user)"
        },
        PlatformProbe("the boot identifier is hex digits and dashes", answers("true")) { world in
            let boot = try #require(world.platform.bootIdentifier)
            return "\(!boot.isEmpty && boot.count <= 64 && boot.allSatisfy { $0.isHexDigit || $0 == "-" })"
        },
    ]

    static let paths: [PlatformProbe] = [
        PlatformProbe("openDirectory opens a directory", answers("directory")) { world in
            try kindClosing(try world.platform.openDirectory(at: world.path("dir")), in: world)
        },
        PlatformProbe("openDirectory follows a link on the way", answers("directory")) { world in
            try kindClosing(try world.platform.openDirectory(at: world.path("link/sub")), in: world)
        },
        PlatformProbe("openDirectory on a missing entry", fails(.noSuchFileOrDirectory)) { world in
            try kindClosing(try world.platform.openDirectory(at: world.path("missing")), in: world)
        },
        PlatformProbe("openDirectory through a missing directory", fails(.noSuchFileOrDirectory)) { world in
            try kindClosing(try world.platform.openDirectory(at: world.path("missing/sub")), in: world)
        },
        PlatformProbe("openDirectory on a link to a directory refuses it as not a directory", fails(.notDirectory)) { world in
            try kindClosing(try world.platform.openDirectory(at: world.path("link")), in: world)
        },
        PlatformProbe("openDirectory on a dangling link", fails(.notDirectory)) { world in
            try kindClosing(try world.platform.openDirectory(at: world.path("dangling")), in: world)
        },
        PlatformProbe("openDirectory on a file", fails(.notDirectory)) { world in
            try kindClosing(try world.platform.openDirectory(at: world.path("file")), in: world)
        },
        PlatformProbe("openDirectory through a file", fails(.notDirectory)) { world in
            try kindClosing(try world.platform.openDirectory(at: world.path("file/sub")), in: world)
        },
        PlatformProbe("makeDirectory makes a directory with the permissions asked", answers("directory, 0700")) { world in
            try world.platform.makeDirectory(at: world.path("new"), permissions: .ownerReadWriteExecute)
            let status = try world.platform.linkStatus(atPath: world.path("new").string)
            return "\(PlatformWorld.kind(status)), 0\(String(UInt32(status.permissions.rawValue) & 0o7777, radix: 8))"
        },
        PlatformProbe("makeDirectory through a link makes it in the link's target", answers("directory")) { world in
            try world.platform.makeDirectory(at: world.path("link/new"), permissions: .ownerReadWriteExecute)
            return PlatformWorld.kind(try world.platform.linkStatus(atPath: world.path("dir/new").string))
        },
        PlatformProbe("makeDirectory on an existing directory", fails(.fileExists)) { world in
            try world.platform.makeDirectory(at: world.path("dir"), permissions: .ownerReadWriteExecute)
            return "made"
        },
        PlatformProbe("makeDirectory on a link", fails(.fileExists)) { world in
            try world.platform.makeDirectory(at: world.path("dangling"), permissions: .ownerReadWriteExecute)
            return "made"
        },
        PlatformProbe("makeDirectory under a missing parent", fails(.noSuchFileOrDirectory)) { world in
            try world.platform.makeDirectory(at: world.path("missing/new"), permissions: .ownerReadWriteExecute)
            return "made"
        },
        PlatformProbe("makeDirectory under a file", fails(.notDirectory)) { world in
            try world.platform.makeDirectory(at: world.path("file/new"), permissions: .ownerReadWriteExecute)
            return "made"
        },
        PlatformProbe("linkStatus of a link is the link's own", answers("symbolicLink")) { world in
            PlatformWorld.kind(try world.platform.linkStatus(atPath: world.path("link").string))
        },
        PlatformProbe("linkStatus of a file", answers("regular, 10 bytes, 0600")) { world in
            PlatformWorld.describe(try world.platform.linkStatus(atPath: world.path("file").string))
        },
        PlatformProbe("linkStatus of a missing entry", fails(.noSuchFileOrDirectory)) { world in
            PlatformWorld.kind(try world.platform.linkStatus(atPath: world.path("missing").string))
        },
        PlatformProbe("linkStatus through a file", fails(.notDirectory)) { world in
            PlatformWorld.kind(try world.platform.linkStatus(atPath: world.path("file/sub").string))
        },
        PlatformProbe("symbolicLinkTarget reads the link as written", answers("dir")) { world in
            try world.platform.symbolicLinkTarget(atPath: world.path("link").string)
        },
        PlatformProbe("symbolicLinkTarget of a file", fails(.invalidArgument)) { world in
            try world.platform.symbolicLinkTarget(atPath: world.path("file").string)
        },
        PlatformProbe("symbolicLinkTarget of a missing entry", fails(.noSuchFileOrDirectory)) { world in
            try world.platform.symbolicLinkTarget(atPath: world.path("missing").string)
        },
    ]

    static let entries: [PlatformProbe] = [
        PlatformProbe("openFile opens a file", answers("regular")) { world in
            try kindClosing(try world.open("file", .readOnly, [.noFollow]), in: world)
        },
        PlatformProbe("openFile on a missing entry", fails(.noSuchFileOrDirectory)) { world in
            try kindClosing(try world.open("missing", .readOnly), in: world)
        },
        PlatformProbe("openFile creates a file with the permissions asked", answers("regular, 0 bytes, 0600")) { world in
            let file = try world.open("new", .writeOnly, [.create, .exclusiveCreate, .noFollow], permissions: .ownerReadWrite)
            defer { try? world.platform.close(file) }
            return PlatformWorld.describe(try world.platform.status(of: file))
        },
        PlatformProbe("openFile creating exclusively over a file", fails(.fileExists)) { world in
            try kindClosing(try world.open("file", .writeOnly, [.create, .exclusiveCreate], permissions: .ownerReadWrite), in: world)
        },
        PlatformProbe("openFile creating exclusively over a link", fails(.fileExists)) { world in
            try kindClosing(try world.open("fileLink", .writeOnly, [.create, .exclusiveCreate], permissions: .ownerReadWrite), in: world)
        },
        PlatformProbe("openFile creating exclusively over a dangling link", fails(.fileExists)) { world in
            try kindClosing(try world.open("dangling", .writeOnly, [.create, .exclusiveCreate], permissions: .ownerReadWrite), in: world)
        },
        PlatformProbe("openFile without following a link to a file", fails(.tooManySymbolicLinkLevels)) { world in
            try kindClosing(try world.open("fileLink", .readOnly, [.noFollow]), in: world)
        },
        PlatformProbe("openFile without following a link to a directory", fails(.tooManySymbolicLinkLevels)) { world in
            try kindClosing(try world.open("link", .readOnly, [.noFollow]), in: world)
        },
        PlatformProbe("openFile without following a dangling link", fails(.tooManySymbolicLinkLevels)) { world in
            try kindClosing(try world.open("dangling", .readOnly, [.noFollow]), in: world)
        },
        PlatformProbe("openFile creating, without following, over a link", fails(.tooManySymbolicLinkLevels)) { world in
            try kindClosing(try world.open("fileLink", .readWrite, [.create, .noFollow], permissions: .ownerReadWrite), in: world)
        },
        PlatformProbe("openFile of a directory without following a link to it", fails(.notDirectory)) { world in
            try kindClosing(try world.open("link", .readOnly, [.noFollow, .directory]), in: world)
        },
        PlatformProbe("openFile follows a link when asked to", answers("regular directory")) { world in
            "\(try kindClosing(try world.open("fileLink", .readOnly), in: world)) \(try kindClosing(try world.open("link", .readOnly), in: world))"
        },
        PlatformProbe("openFile of a directory for writing", fails(.isDirectory)) { world in
            try kindClosing(try world.open("dir", .writeOnly), in: world)
        },
        PlatformProbe("openFile of a file as a directory", fails(.notDirectory)) { world in
            try kindClosing(try world.open("file", .readOnly, [.directory]), in: world)
        },
        PlatformProbe("openFile truncating empties the file", answers("regular, 0 bytes, 0600")) { world in
            let file = try world.open("file", .writeOnly, [.truncate, .noFollow])
            defer { try? world.platform.close(file) }
            return PlatformWorld.describe(try world.platform.status(of: file))
        },
        PlatformProbe("statusOfEntry of a link is the link's own", answers("symbolicLink")) { world in
            PlatformWorld.kind(try world.platform.statusOfEntry(named: "dangling", in: world.directory))
        },
        PlatformProbe("statusOfEntry of a missing entry", fails(.noSuchFileOrDirectory)) { world in
            PlatformWorld.kind(try world.platform.statusOfEntry(named: "missing", in: world.directory))
        },
        PlatformProbe("unlinkEntry removes a file", answers("\(Errno.noSuchFileOrDirectory)")) { world in
            try world.platform.unlinkEntry(named: "file", in: world.directory)
            return world.kind(of: "file")
        },
        PlatformProbe("unlinkEntry removes a link, not its target", answers("\(Errno.noSuchFileOrDirectory), directory")) { world in
            try world.platform.unlinkEntry(named: "link", in: world.directory)
            return "\(world.kind(of: "link")), \(world.kind(of: "dir"))"
        },
        PlatformProbe("unlinkEntry of a directory", fails(.isDirectory)) { world in
            try world.platform.unlinkEntry(named: "dir", in: world.directory)
            return "removed"
        },
        PlatformProbe("unlinkEntry of a missing entry", fails(.noSuchFileOrDirectory)) { world in
            try world.platform.unlinkEntry(named: "missing", in: world.directory)
            return "removed"
        },
        PlatformProbe("forEachEntry shows every name but . and ..", answers("dangling dir file fileLink link")) { world in
            try world.names(in: world.directory).joined(separator: " ")
        },
        PlatformProbe("forEachEntry lets its body remove the entry it is shown", answers("dir")) { world in
            try world.platform.forEachEntry(in: world.directory) { name in
                if String(cString: name) != "dir" { try world.platform.unlinkEntry(named: name, in: world.directory) }
            }
            return try world.names(in: world.directory).joined(separator: " ")
        },
    ]

    /// A rename done is a rename made: the new name holds the bytes, the old is gone.
    static let renames: [PlatformProbe] = [
        PlatformProbe("renameEntry to a new name moves the bytes and leaves no old name", answers("file bytes; \(Errno.noSuchFileOrDirectory)")) { world in
            try world.platform.renameEntry(named: "file", to: "renamed", in: world.directory)
            return "\(try world.contents("renamed")); \(world.kind(of: "file"))"
        },
        PlatformProbe("renameEntry over a file replaces it", answers("file bytes; \(Errno.noSuchFileOrDirectory)")) { world in
            let other = try world.open("other", .writeOnly, [.create, .exclusiveCreate], permissions: .ownerReadWrite)
            _ = try Array("other bytes".utf8).withUnsafeBytes { try world.platform.write(other, from: $0) }
            try world.platform.close(other)
            try world.platform.renameEntry(named: "file", to: "other", in: world.directory)
            return "\(try world.contents("other")); \(world.kind(of: "file"))"
        },
        PlatformProbe("renameEntry over a link replaces the link, not its target", answers("regular, file bytes; directory")) { world in
            try world.platform.renameEntry(named: "file", to: "link", in: world.directory)
            return "\(world.kind(of: "link")), \(try world.contents("link")); \(world.kind(of: "dir"))"
        },
        PlatformProbe("renameEntry to its own name changes nothing", answers("file bytes")) { world in
            try world.platform.renameEntry(named: "file", to: "file", in: world.directory)
            return try world.contents("file")
        },
        PlatformProbe("renameEntry of a file over a directory", fails(.isDirectory)) { world in
            try world.platform.renameEntry(named: "file", to: "dir", in: world.directory)
            return "renamed"
        },
        PlatformProbe("renameEntry of a directory over a file", fails(.notDirectory)) { world in
            try world.platform.renameEntry(named: "dir", to: "file", in: world.directory)
            return "renamed"
        },
        PlatformProbe("renameEntry of a missing entry", fails(.noSuchFileOrDirectory)) { world in
            try world.platform.renameEntry(named: "missing", to: "renamed", in: world.directory)
            return "renamed"
        },
    ]

    static let openFiles: [PlatformProbe] = [
        PlatformProbe("read counts what it read and 0 at the end", answers("4 4 2 0")) { world in
            let file = try world.open("file", .readOnly, [.noFollow])
            defer { try? world.platform.close(file) }
            var buffer = [UInt8](repeating: 0, count: 4)
            var counts: [Int] = []
            for _ in 0..<4 { counts.append(try buffer.withUnsafeMutableBytes { try world.platform.read(file, into: $0) }) }
            return counts.map(String.init).joined(separator: " ")
        },
        PlatformProbe("read of a file opened write-only", fails(.badFileDescriptor)) { world in
            let file = try world.open("file", .writeOnly, [.noFollow])
            defer { try? world.platform.close(file) }
            var buffer = [UInt8](repeating: 0, count: 4)
            return "\(try buffer.withUnsafeMutableBytes { try world.platform.read(file, into: $0) })"
        },
        PlatformProbe("read of a directory", fails(.isDirectory)) { world in
            let directory = try world.platform.openDirectory(at: world.path("dir"))
            defer { try? world.platform.close(directory) }
            var buffer = [UInt8](repeating: 0, count: 4)
            return "\(try buffer.withUnsafeMutableBytes { try world.platform.read(directory, into: $0) })"
        },
        PlatformProbe("write counts what it wrote and moves the position", answers("3 2; abcdebytes")) { world in
            let file = try world.open("file", .writeOnly, [.noFollow])
            let first = try Array("abc".utf8).withUnsafeBytes { try world.platform.write(file, from: $0) }
            let second = try Array("de".utf8).withUnsafeBytes { try world.platform.write(file, from: $0) }
            try world.platform.close(file)
            return "\(first) \(second); \(try world.contents("file"))"
        },
        PlatformProbe("write at an offset leaves the position alone", answers("2 2; able XYtes")) { world in
            let file = try world.open("file", .writeOnly, [.noFollow])
            let atOffset = try Array("XY".utf8).withUnsafeBytes { try world.platform.write(file, from: $0, atOffset: 5) }
            let atPosition = try Array("ab".utf8).withUnsafeBytes { try world.platform.write(file, from: $0) }
            try world.platform.close(file)
            return "\(atOffset) \(atPosition); \(try world.contents("file"))"
        },
        PlatformProbe("write past the end fills the gap with zeros", answers("1; regular, 13 bytes, 0600; 0 0")) { world in
            let file = try world.open("file", .readWrite, [.noFollow])
            defer { try? world.platform.close(file) }
            let count = try [UInt8(ascii: "Z")].withUnsafeBytes { try world.platform.write(file, from: $0, atOffset: 12) }
            let bytes = Array(try world.contents("file").utf8)
            return "\(count); \(PlatformWorld.describe(try world.platform.status(of: file))); \(bytes[10]) \(bytes[11])"
        },
        PlatformProbe("write of a file opened read-only", fails(.badFileDescriptor)) { world in
            let file = try world.open("file", .readOnly, [.noFollow])
            defer { try? world.platform.close(file) }
            return "\(try Array("x".utf8).withUnsafeBytes { try world.platform.write(file, from: $0) })"
        },
        PlatformProbe("write to a directory", fails(.badFileDescriptor)) { world in
            let directory = try world.platform.openDirectory(at: world.path("dir"))
            defer { try? world.platform.close(directory) }
            return "\(try Array("x".utf8).withUnsafeBytes { try world.platform.write(directory, from: $0) })"
        },
        PlatformProbe("write at a negative offset", fails(.invalidArgument)) { world in
            let file = try world.open("file", .writeOnly, [.noFollow])
            defer { try? world.platform.close(file) }
            return "\(try Array("x".utf8).withUnsafeBytes { try world.platform.write(file, from: $0, atOffset: -1) })"
        },
        PlatformProbe("status of an open file", answers("regular, 10 bytes, 0600")) { world in
            let file = try world.open("file", .readOnly, [.noFollow])
            defer { try? world.platform.close(file) }
            return PlatformWorld.describe(try world.platform.status(of: file))
        },
        PlatformProbe("setPermissions sets the permission bits", answers("regular, 10 bytes, 0400")) { world in
            let file = try world.open("file", .readOnly, [.noFollow])
            defer { try? world.platform.close(file) }
            try world.platform.setPermissions(.ownerRead, of: file)
            return PlatformWorld.describe(try world.platform.status(of: file))
        },
        PlatformProbe("sync of a file, syncData of a file and sync of a directory", answers("synced")) { world in
            let file = try world.open("file", .writeOnly, [.noFollow])
            defer { try? world.platform.close(file) }
            try world.platform.sync(file)
            try world.platform.syncData(file)
            try world.platform.sync(world.directory)
            return "synced"
        },
        PlatformProbe("an exclusive lock is released when its handle is closed", answers("locked twice")) { world in
            let first = try world.open(".lock", .readWrite, [.create, .noFollow], permissions: .ownerReadWrite)
            try world.platform.lockExclusively(first)
            try world.platform.close(first)
            let second = try world.open(".lock", .readWrite, [.create, .noFollow], permissions: .ownerReadWrite)
            defer { try? world.platform.close(second) }
            try world.platform.lockExclusively(second)
            return "locked twice"
        },
    ]
}
