import Foundation
import SystemPackage
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp
@testable import SecureBridgeTesting

/// The same few entries on either platform, made through the platform itself
/// (a link through the platform's own way, as the seam makes none), under `root`:
///
///     dir/            a directory, 0700
///     dir/sub/        a directory, 0700
///     file            "file bytes", 0600
///     link         -> dir
///     fileLink     -> file
///     dangling     -> missing
///
/// The links' targets are relative, so both worlds hold the same bytes
/// wherever their root is.
struct PlatformWorld {
    let platform: any BridgePlatform
    let root: String
    /// `root`, open, for the operations on entries of a directory.
    let directory: PlatformHandle

    /// What `file` holds when the world is made.
    static let fileBytes = "file bytes"

    /// Runs `body` with a world on `LinuxPlatform` in a new temporary
    /// directory, removed afterwards.
    static func onLinux<Result>(_ body: (PlatformWorld) throws -> Result) throws -> Result {
        try ScratchDirectory.with { scratch in
            let world = try PlatformWorld(on: .system, root: scratch.path) { path, target in
                guard symlink(target, path) == 0 else { throw Errno(rawValue: errno) }
            }
            defer { try? world.platform.close(world.directory) }
            return try body(world)
        }
    }

    /// Runs `body` with a world on a new `SimulatedPlatform` acting as this
    /// process's user.
    static func simulated<Result>(_ body: (PlatformWorld) throws -> Result) throws -> Result {
        let platform = SimulatedPlatform(userID: LinuxPlatform.system.effectiveUserID)
        try platform.makeDirectory(at: "/scratch", permissions: .ownerReadWriteExecute)
        let world = try PlatformWorld(on: platform, root: "/scratch") { path, target in
            try platform.createSymbolicLink(atPath: path, target: target)
        }
        defer { try? world.platform.close(world.directory) }
        return try body(world)
    }

    private init(
        on platform: any BridgePlatform, root: String, makeLink: (_ path: String, _ target: String) throws -> Void
    ) throws {
        self.platform = platform
        self.root = root
        try platform.makeDirectory(at: FilePath(root + "/dir"), permissions: .ownerReadWriteExecute)
        try platform.makeDirectory(at: FilePath(root + "/dir/sub"), permissions: .ownerReadWriteExecute)
        directory = try platform.openDirectory(at: FilePath(root))
        let file = try platform.openFile(
            named: "file", in: directory, .writeOnly, options: [.create, .exclusiveCreate], permissions: .ownerReadWrite)
        defer { try? platform.close(file) }
        _ = try Array(Self.fileBytes.utf8).withUnsafeBytes { try platform.write(file, from: $0) }
        try makeLink(root + "/link", "dir")
        try makeLink(root + "/fileLink", "file")
        try makeLink(root + "/dangling", "missing")
    }

    /// `relative` under the root.
    func path(_ relative: String) -> FilePath {
        FilePath(root + "/" + relative)
    }

    /// Opens `name` in the root.
    func open(
        _ name: String, _ mode: FileDescriptor.AccessMode, _ options: FileDescriptor.OpenOptions = [],
        permissions: FilePermissions? = nil
    ) throws(Errno) -> PlatformHandle {
        try platform.openFile(named: name, in: directory, mode, options: options, permissions: permissions)
    }

    /// What the file `name` in the root holds, read through the platform.
    func contents(_ name: String) throws -> String {
        let file = try open(name, .readOnly, [.noFollow])
        defer { try? platform.close(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64)
        while true {
            let count = try buffer.withUnsafeMutableBytes { try platform.read(file, into: $0) }
            if count == 0 { return String(decoding: bytes, as: UTF8.self) }
            bytes += buffer[..<count]
        }
    }

    /// What `name` in the root is, a link itself ("regular", "directory",
    /// "symbolicLink"), or the `Errno` of looking.
    func kind(of name: String) -> String {
        do {
            return Self.kind(try platform.statusOfEntry(named: name, in: directory))
        } catch {
            return "\(error)"
        }
    }

    /// What the open `handle` is, as `kind(of:)` names it.
    func kind(of handle: PlatformHandle) throws(Errno) -> String {
        Self.kind(try platform.status(of: handle))
    }

    /// "regular", "directory", "symbolicLink" or "other".
    static func kind(_ status: Stat) -> String {
        switch status.type {
        case .regular: "regular"
        case .directory: "directory"
        case .symbolicLink: "symbolicLink"
        default: "other"
        }
    }

    /// A file's kind, size and permission bits, as "regular, 10 bytes, 0600".
    static func describe(_ status: Stat) -> String {
        let mode = String(UInt32(status.permissions.rawValue) & 0o7777, radix: 8)
        return "\(kind(status)), \(status.size) bytes, 0\(mode)"
    }

    /// The names in the open directory `handle`, sorted.
    func names(in handle: PlatformHandle) throws -> [String] {
        var names: [String] = []
        try platform.forEachEntry(in: handle) { names.append(String(cString: $0)) }
        return names.sorted()
    }
}
