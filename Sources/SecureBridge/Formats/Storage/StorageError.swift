package import SystemPackage

/// Why a file or directory in SecureBridge's storage was refused or could not
/// be used. The description names the path and what to do; none ever carries
/// file contents.
public struct StorageError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong, in full: the description is made from it.
    package let cause: Cause

    package init(_ cause: Cause) { self.cause = cause }

    public var description: String { cause.description }

    /// The file or directory refused or failed on, or `nil` when no home
    /// could be found at all.
    public var path: String? { cause.path }

    /// A resource shortage or an I/O error (`EMFILE`, `ENFILE`, `ENOMEM`,
    /// `ENOBUFS`, `EAGAIN`, `EIO`): trying again later may succeed, and it says
    /// nothing about whether the storage is safe. docs/SPEC.md 3.2 gives the
    /// whole table: these are `unavailable`; `EINTR` is retried where it
    /// arises; `ENOENT` is an absent file or place; any other `errno` is
    /// `insecure-storage`.
    public var isTransient: Bool {
        guard let errno else { return false }
        let transient: [Errno] = [
            .tooManyOpenFiles, .tooManyOpenFilesInSystem, .noMemory, .noBufferSpace, .resourceTemporarilyUnavailable,
            .ioError,
        ]
        return transient.contains(errno)
    }

    /// The `errno` of a system call that failed, or `nil` when storage refused by its own rules.
    package var errno: Errno? {
        guard case let .io(_, _, errno) = cause else { return nil }
        return errno
    }

    /// Permission bits as `chmod` writes them, four octal digits: `0644`, `1777`.
    package static func octal(_ mode: UInt32) -> String {
        let digits = String(mode, radix: 8)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}

extension StorageError {
    /// Each way this error can arise, with the values its description names.
    package enum Cause: Equatable, Sendable, CustomStringConvertible {
        /// The path is a symbolic link, which storage never follows.
        case symbolicLink(path: String)
        /// The path is a FIFO, socket, device or directory where a regular file belongs.
        case notRegularFile(path: String)
        /// The path exists but is not a directory.
        case notDirectory(path: String)
        /// The file has more than one hard link, so someone else may own another name for it.
        case hardLinked(path: String, linkCount: Int)
        /// The file or directory is owned by another user than the effective user.
        case wrongOwner(path: String, owner: UInt32, expected: UInt32)
        /// The permission bits let group or others in further than the place allows.
        /// `mode` holds the permission bits only (for example `0o644`).
        case insecurePermissions(path: String, mode: UInt32, isDirectory: Bool)
        /// The permission bits deny the owner what a reader needs: reading a
        /// file, searching a directory (docs/SPEC.md 3.2). Refused by its mode,
        /// so a reader running as root, whom the kernel would let in, refuses it too.
        case closedToOwner(path: String, mode: UInt32, isDirectory: Bool)
        /// The file is larger than the caller's size cap.
        case tooLarge(path: String, limit: Int)
        /// The file changed size while it was being read.
        case changedWhileReading(path: String)
        /// The name is not a single path component, or starts with the dot reserved
        /// for storage's own temporary and lock files.
        case invalidName(path: String)
        /// No home directory could be determined from the options and the environment.
        case homeUnknown
        /// A home was asked of a URL that names no file (`BridgeHome(appGroupContainer:applicationSupport:)`).
        case notAFileURL(url: String)
        /// A directory or symbolic link on the way to the place `place` lets
        /// another user swap what lies beyond it (see `SecureDirectory.checkAncestors`).
        case unsafeAncestor(path: String, place: String, problem: AncestorProblem)
        /// Two places are the same directory (`nested` false) or `inner` lies inside `outer`.
        case overlappingPlaces(inner: StoragePlace, innerPath: String, outer: StoragePlace, outerPath: String, nested: Bool)
        /// A system call failed: `operation` on `path`, with `errno`.
        case io(path: String, operation: Operation, errno: Errno)

        /// The path the case names (the inner one of overlapping places).
        var path: String? {
            switch self {
            case let .symbolicLink(path), let .notRegularFile(path), let .notDirectory(path), let .hardLinked(path, _),
                let .wrongOwner(path, _, _), let .insecurePermissions(path, _, _), let .closedToOwner(path, _, _), let .tooLarge(path, _),
                let .changedWhileReading(path), let .invalidName(path), let .unsafeAncestor(path, _, _),
                let .overlappingPlaces(_, path, _, _, _), let .io(path, _, _):
                path
            case .homeUnknown, .notAFileURL:
                nil
            }
        }

        public var description: String {
            switch self {
            case .symbolicLink(let path):
                return "`\(path)` is a symbolic link, which SecureBridge refuses to follow."
            case .notRegularFile(let path):
                return "`\(path)` is not a regular file."
            case .notDirectory(let path):
                return "`\(path)` is not a directory."
            case .hardLinked(let path, let linkCount):
                return "`\(path)` has \(linkCount) hard links; SecureBridge only reads files with exactly one."
            case .wrongOwner(let path, let owner, let expected):
                return "`\(path)` is owned by uid \(owner), not by the current user (uid \(expected))."
            case .insecurePermissions(let path, let mode, let isDirectory):
                let exposure: String
                if mode & 0o022 != 0 {
                    exposure = "writable"
                } else if mode & 0o044 != 0 {
                    exposure = "readable"
                } else {
                    exposure = "accessible"
                }
                let fix = isDirectory ? "700" : "600"
                return "`\(path)` is \(exposure) by group or others (mode \(StorageError.octal(mode))); run `chmod \(fix) \(path)`."
            case .closedToOwner(let path, let mode, let isDirectory):
                let what = isDirectory ? "searched" : "read"
                return "`\(path)` cannot be \(what) by its owner (mode \(StorageError.octal(mode))); run `chmod \(isDirectory ? "700" : "600") \(path)`."
            case .tooLarge(let path, let limit):
                return "`\(path)` is larger than the limit of \(limit) bytes."
            case .changedWhileReading(let path):
                return "`\(path)` changed size while it was being read."
            case .invalidName(let path):
                return "`\(path)` is not a valid storage file name (one path component, not starting with a dot)."
            case .homeUnknown:
                return "No SecureBridge home could be found: pass --home or set BRIDGE_HOME, XDG_DATA_HOME or HOME."
            case .notAFileURL(let url):
                return "`\(url)` is not a file URL: a home's places are directories on this device."
            case .unsafeAncestor(let path, let place, let problem):
                switch problem {
                case .directoryOwner(let owner):
                    return "`\(path)`, on the way to `\(place)`, is owned by uid \(owner), who could swap what lies beneath it; keep the home under directories owned by you or root, or run `chown root \(path)`."
                case .linkOwner(let owner):
                    return "`\(path)`, a symbolic link on the way to `\(place)`, is owned by uid \(owner), who could point it elsewhere; replace it with a link of your own or give the real path."
                case .closedToOwner(let mode):
                    return "`\(path)`, on the way to `\(place)`, cannot be searched by its owner (mode \(StorageError.octal(mode))); run `chmod u+x \(path)`."
                case .writable(let mode):
                    return "`\(path)`, on the way to `\(place)`, is writable by group or others without the sticky bit (mode \(StorageError.octal(mode))), so they could swap what lies beneath it; run `chmod go-w \(path)` or keep the home elsewhere."
                }
            case .overlappingPlaces(let inner, let innerPath, let outer, let outerPath, let nested):
                let relation = nested
                    ? "\(inner.rawValue)/ (`\(innerPath)`) lies inside \(outer.rawValue)/ (`\(outerPath)`)"
                    : "\(outer.rawValue)/ and \(inner.rawValue)/ are the same directory (`\(innerPath)`)"
                return "\(relation); the three places must be separate directories, none inside another: give \(nested ? "--\(inner.rawValue)-dir" : "--\(outer.rawValue)-dir or --\(inner.rawValue)-dir") another directory."
            case .io(let path, let operation, let errno):
                return "Could not \(operation) `\(path)`: \(errno.description)."
            }
        }
    }

    /// What storage was doing when a system call failed, named as the message
    /// says it (`Could not <operation> <path>`): one of the constants below.
    package struct Operation: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The verb phrase, e.g. `open` or `rename a temporary file over`.
        public let rawValue: String

        public init(rawValue: String) { self.rawValue = rawValue }

        /// Opening a file or directory.
        public static let open = Operation(rawValue: "open")
        /// Reading a file's or directory's status.
        public static let inspect = Operation(rawValue: "inspect")
        /// Reading a file.
        public static let read = Operation(rawValue: "read")
        /// Reading a symbolic link.
        public static let readLink = Operation(rawValue: "read the link")
        /// Resolving a path's symbolic links.
        public static let resolve = Operation(rawValue: "resolve")
        /// Listing a directory.
        public static let list = Operation(rawValue: "list")
        /// Creating a directory.
        public static let create = Operation(rawValue: "create")
        /// Creating the temporary file of an atomic replace.
        public static let createTemporaryFile = Operation(rawValue: "create a temporary file for")
        /// Writing a file.
        public static let write = Operation(rawValue: "write")
        /// Overwriting a file in place.
        public static let overwrite = Operation(rawValue: "overwrite")
        /// Renaming the temporary file of an atomic replace over its target.
        public static let renameTemporaryFile = Operation(rawValue: "rename a temporary file over")
        /// Flushing a file or directory to stable storage.
        public static let sync = Operation(rawValue: "sync")
        /// Removing a file.
        public static let remove = Operation(rawValue: "remove")
        /// Taking a directory's lock.
        public static let lock = Operation(rawValue: "lock")

        public var description: String { rawValue }
    }

    /// What is wrong with an ancestor of a place.
    package enum AncestorProblem: Equatable, Sendable {
        /// A directory owned by this uid, neither the user nor root.
        case directoryOwner(UInt32)
        /// A symbolic link owned by this uid, neither the user nor root.
        case linkOwner(UInt32)
        /// A directory group or others can write, without the sticky bit; `mode` holds the permission bits.
        case writable(mode: UInt32)
        /// A directory its owner may not search (no `u+x`); `mode` holds the permission bits.
        case closedToOwner(mode: UInt32)
    }
}
