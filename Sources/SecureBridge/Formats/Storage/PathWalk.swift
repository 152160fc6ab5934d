import SystemPackage

/// Walks a path one component at a time from `/`, following symbolic links
/// itself, as the kernel would: the trust check of a place's ancestors
/// (OpenSSH's StrictModes) and the resolution that lets `BridgeHome` compare
/// places however their paths are spelled.
///
/// `..` goes up from where the walk has really got to (after a link, from
/// the link's target), and at most `maximumSymbolicLinks` links are followed.
/// The walk stops at the first component that does not exist (or is not a
/// directory); the rest is appended as written.
struct PathWalk {
    /// As many links as Linux follows in one lookup (`MAXSYMLINKS`).
    static let maximumSymbolicLinks = 40

    /// Which components a visitor is shown.
    enum Visit {
        /// Every directory and link up to, not including, the last component
        /// of the path as given: a place's ancestors. The place itself is not
        /// looked at or followed (`SecureDirectory.openDirectory` checks it).
        case ancestors
        /// Every component; a link as the last component is followed too.
        case everything
    }

    /// A directory or symbolic link met on the way, with its `lstat`.
    struct Component {
        /// Its real path (every link before it resolved).
        let path: String
        let status: Stat
    }

    /// `/` followed by `names` with a `/` between each.
    static func absolutePath(_ names: [String]) -> String {
        "/" + names.joined(separator: "/")
    }

    /// Walks `path` (a relative one from the working directory), calling
    /// `visit` for each directory and link on the way, in order; what `visit`
    /// throws ends the walk.
    /// - Returns: `path` with every link it met resolved and `.` and `..` gone,
    ///   as its names from the root down.
    /// - Throws: What `visit` throws; `StorageError.io` when a component cannot
    ///   be inspected, or when more than `maximumSymbolicLinks` links lead on.
    static func components(
        of path: FilePath, on platform: any BridgePlatform, visiting: Visit,
        _ visit: (Component) throws -> Void = { _ in }
    ) throws -> [String] {
        var pending = Array(components(of: absolute(path, on: platform).string).reversed())
        var resolved: [String] = []
        var links = 0
        var exists = true
        if visiting == .everything || !pending.isEmpty {
            try visit(Component(path: "/", status: try status(of: "/", on: platform)))
        }
        while let name = pending.popLast() {
            if name == "." { continue }
            if name == ".." {
                _ = resolved.popLast()
                continue
            }
            let isLast = pending.isEmpty
            let current = absolutePath(resolved + [name])
            guard exists, visiting == .everything || !isLast else {
                resolved.append(name)
                continue
            }
            let status: Stat
            do {
                status = try platform.linkStatus(atPath: current)
            } catch Errno.noSuchFileOrDirectory {
                exists = false
                resolved.append(name)
                continue
            } catch {
                throw StorageError(.io(path: current, operation: .inspect, errno: error))
            }
            switch status.type {
            case .symbolicLink:
                try visit(Component(path: current, status: status))
                links += 1
                guard links <= maximumSymbolicLinks else {
                    throw StorageError(.io(path: current, operation: .resolve, errno: .tooManySymbolicLinkLevels))
                }
                let target = try linkTarget(current, on: platform)
                if target.hasPrefix("/") { resolved = [] }
                pending += components(of: target).reversed()
            case .directory:
                try visit(Component(path: current, status: status))
                resolved.append(name)
            default:
                // Not a directory: the lookup fails here, and whoever opens the path says so.
                exists = false
                resolved.append(name)
            }
        }
        return resolved
    }

    /// The names of `path` made absolute, with `.` and `..` removed as written
    /// (`a/../b` is `b`, whatever `a` is), from the root down.
    static func lexicalComponents(of path: FilePath, on platform: any BridgePlatform) -> [String] {
        var names: [String] = []
        for name in components(of: absolute(path, on: platform).string) where name != "." {
            if name == ".." { _ = names.popLast() } else { names.append(name) }
        }
        return names
    }

    /// `path` made absolute against the working directory, spelled as given otherwise.
    static func absolute(_ path: FilePath, on platform: any BridgePlatform) -> FilePath {
        guard !path.string.hasPrefix("/") else { return path }
        guard let directory = platform.workingDirectory() else { return FilePath("/" + path.string) }
        return FilePath(directory + "/" + path.string)
    }

    /// The names of `path`, `.` and `..` included, without empty ones.
    private static func components(of path: String) -> [String] {
        path.split(separator: "/").map(String.init)
    }

    private static func status(of path: String, on platform: any BridgePlatform) throws -> Stat {
        do {
            return try platform.linkStatus(atPath: path)
        } catch {
            throw StorageError(.io(path: path, operation: .inspect, errno: error))
        }
    }

    /// What the link at `path` points to.
    private static func linkTarget(_ path: String, on platform: any BridgePlatform) throws -> String {
        do {
            return try platform.symbolicLinkTarget(atPath: path)
        } catch {
            throw StorageError(.io(path: path, operation: .readLink, errno: error))
        }
    }
}

// MARK: - The ancestors of a place

extension SecureDirectory {
    /// Refuses a place whose ancestors let another user swap it, as OpenSSH's
    /// StrictModes does: each directory on the way must belong to the
    /// effective user or root and be closed to writes by group and others
    /// unless its sticky bit is set (`/tmp`), and searchable by its owner
    /// (`u+x`, so root refuses what a user would meet as `EACCES`); each symbolic link on the way
    /// must belong to the user or root, and is followed, its target's
    /// components checked in turn. The place itself is left to
    /// `openDirectory`'s checks.
    /// - Returns: The place's path as components, every link on the way
    ///   resolved (the place itself, the last one, as written).
    /// - Throws: `StorageError.unsafeAncestor` naming the first offending
    ///   component; `StorageError.io` when one cannot be inspected.
    @discardableResult
    func checkAncestors() throws -> [String] {
        let user = platform.effectiveUserID.rawValue
        let place = path.string
        return try PathWalk.components(of: path, on: platform, visiting: .ancestors) { component in
            let owner = component.status.userID.rawValue
            let isLink = component.status.type == .symbolicLink
            guard owner == user || owner == 0 else {
                throw StorageError(.unsafeAncestor(
                    path: component.path, place: place,
                    problem: isLink ? .linkOwner(owner) : .directoryOwner(owner)))
            }
            let mode = UInt32(component.status.permissions.rawValue) & 0o7777
            if !isLink, mode & 0o022 != 0, mode & 0o1000 == 0 {
                throw StorageError(.unsafeAncestor(path: component.path, place: place, problem: .writable(mode: mode)))
            }
            if !isLink, mode & 0o100 == 0 {
                throw StorageError(.unsafeAncestor(path: component.path, place: place, problem: .closedToOwner(mode: mode)))
            }
        }
    }
}

extension SecureDirectory {
    /// `checkAncestors()` for a place beside `sibling` (the same parent, as
    /// written), whose ancestors were checked a moment ago and came to `way`:
    /// the ancestors are the same, so they are not walked again.
    func checkAncestors(besides sibling: SecureDirectory, whoseWayIs way: [String]) throws -> [String] {
        func plainName(_ path: FilePath) -> String? {
            guard let name = path.lastComponent?.string, name != ".", name != ".." else { return nil }
            return name
        }
        guard let name = plainName(path), plainName(sibling.path) != nil, !way.isEmpty,
              Self.parentAsWritten(path) == Self.parentAsWritten(sibling.path)
        else { return try checkAncestors() }
        return way.dropLast() + [name]
    }

    /// `path` up to its last `/`, that included ("" when it has none): its
    /// parent as written. A start-up trick (docs/PERFORMANCE.md): not
    /// `removingLastComponent()`, whose generic code costs a process's first call.
    static func parentAsWritten(_ path: FilePath) -> Substring {
        let text = path.string
        guard let slash = text.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "" }
        return text[...slash]
    }
}
