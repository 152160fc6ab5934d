#if canImport(Glibc)
import SecureBridge
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SystemPackage

/// Why a preview could not be written.
public enum PreviewError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Creating, writing or renaming the file failed.
    case cannotWrite(path: String, errno: Int32)

    public var description: String {
        switch self {
        case let .cannotWrite(path, errno):
            return "Could not write the preview to \(path): \(String(cString: strerror(errno)))."
        }
    }
}

/// Writes preview pages beside their final name and renames them into place.
public enum PreviewFile {
    /// Writes `text` to `path` atomically, readable by the owner only (0600):
    /// a gallery built from the user's snapshot holds their balances.
    ///
    /// - Parameters:
    ///   - text: The page.
    ///   - path: Where it goes; an existing file is replaced.
    /// - Throws: `PreviewError.cannotWrite` naming the path.
    public static func write(_ text: String, to path: String) throws {
        let target = FilePath(path)
        guard let name = target.lastComponent?.string, !name.isEmpty else {
            throw PreviewError.cannotWrite(path: path, errno: EISDIR)
        }
        let directory = target.removingLastComponent()
        let temporary = (directory.isEmpty ? FilePath(".") : directory).appending(SecureDirectory.temporaryName(for: name))
        do {
            let descriptor = try FileDescriptor.open(
                temporary, .writeOnly, options: [.create, .exclusiveCreate, .noFollow, .closeOnExec],
                permissions: .ownerReadWrite)
            var renamed = false
            defer { if !renamed { _ = temporary.withPlatformString { unlink($0) } } }
            try descriptor.closeAfter {
                _ = try descriptor.writeAll(Array(text.utf8))
                try descriptor.sync()
            }
            let status = temporary.withPlatformString { from in target.withPlatformString { to in rename(from, to) } }
            guard status == 0 else { throw Errno(rawValue: errno) }
            renamed = true
        } catch let error as Errno {
            throw PreviewError.cannotWrite(path: path, errno: error.rawValue)
        }
    }
}
