import Foundation
import SystemPackage
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp

/// A fresh directory under the system's temporary directory, removed by `remove()`.
struct ScratchDirectory {
    let path: String

    init() throws {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("securebridge-storage-\(UUID().uuidString)")
        path = url.path
        guard mkdir(path, 0o700) == 0 else { throw Errno(rawValue: errno) }
    }

    /// `name` inside the scratch directory.
    func child(_ name: String) -> String { path + "/" + name }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Runs `body` with a fresh scratch directory and removes it afterwards.
    static func with<Result>(_ body: (ScratchDirectory) throws -> Result) throws -> Result {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        return try body(scratch)
    }
}

/// Creates (or truncates) a regular file with exactly `mode`, bypassing `SecureDirectory`.
func makeFile(_ path: String, _ bytes: [UInt8], mode: mode_t = 0o600) throws {
    let descriptor = try FileDescriptor.open(
        FilePath(path), .writeOnly, options: [.create, .truncate], permissions: FilePermissions(rawValue: mode))
    try descriptor.closeAfter {
        _ = try descriptor.writeAll(bytes)
        guard fchmod(descriptor.rawValue, mode) == 0 else { throw Errno(rawValue: errno) }
    }
}

/// Sets `path`'s permission bits exactly.
func setMode(_ path: String, _ mode: mode_t) throws {
    guard chmod(path, mode) == 0 else { throw Errno(rawValue: errno) }
}

/// The permission bits of `path` (not following a final symbolic link).
func mode(of path: String) throws -> UInt32 {
    UInt32(try FilePath(path).stat(followTargetSymlink: false).permissions.rawValue) & 0o7777
}

/// The names in `path`, sorted.
func entries(of path: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: path).sorted()
}
