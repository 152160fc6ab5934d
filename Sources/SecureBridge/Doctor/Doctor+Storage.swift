import SecureBridge
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SystemPackage

// Layout, permissions and owners, leftover temporary files. Every judgement
// comes from `SecureDirectory`'s own checks; this file only words them.

extension Doctor {
    func layoutFindings(_ places: [StoragePlace: PlaceState]) -> [Finding] {
        overlapFindings() + placeFindings(places)
    }

    /// A problem when two places are the same directory or nested (`BridgeHome.checkSeparate`); nothing otherwise.
    func overlapFindings() -> [Finding] {
        do {
            try home.checkSeparate()
            return []
        } catch let error as StorageError {
            return [Self.finding(for: error, place: .app, isDirectory: true)]
        } catch {
            return []
        }
    }

    /// One finding per place: missing, refused by the storage checks, or ready.
    func placeFindings(_ places: [StoragePlace: PlaceState]) -> [Finding] {
        let missing = StoragePlace.allCases.filter { if case .missing = places[$0] { true } else { false } }
        if missing.count == StoragePlace.allCases.count {
            return [Finding(
                .layout, .warning,
                "nothing is set up yet: \(home.app), \(home.keychain) and \(home.container) do not exist",
                fix: "log in once, which creates them: `bridgectl login --user ID`")]
        }
        return StoragePlace.allCases.compactMap { place -> Finding? in
            let path = home.path(for: place)
            switch places[place]! {
            case .missing:
                return Finding(
                    .layout, .problem, "\(place.rawValue)/ (\(path)) is missing while the other places exist",
                    fix: Self.isLoggedIn(places)
                        ? "log out and in again to recreate it: `bridgectl logout; bridgectl login --user ID`"
                        : "log in, which recreates it: `bridgectl login --user ID`")
            case let .refused(error):
                return Self.finding(for: error, place: place, isDirectory: true)
            case .ready:
                return Finding(.layout, .ok, "\(place.rawValue)/ is a directory of yours with safe permissions: \(path)")
            }
        }
    }

    /// Whether the app place records a session not logged out (a logout must end it before a login).
    static func isLoggedIn(_ places: [StoragePlace: PlaceState]) -> Bool {
        let state = places[.app]?.directory.flatMap { try? $0.read(.state) }.flatMap { try? AppState(storedBytes: $0) }
        return state?.session.map { $0.state != .loggedOut } ?? false
    }

    func permissionFindings(_ places: [StoragePlace: PlaceState], _ files: StoredFiles) -> [Finding] {
        var findings: [Finding] = []
        var checked = 0
        for file in files.all {
            if let refusal = file.refusal, file.place == .keychain, file.name == StoredFile.marks.name, refusal.isDamagedMarksEntry {
                // Not a marks file at all: damaged marks, which the app replaces; removing them would lower them.
                let finding = Self.finding(for: refusal, place: file.place, isDirectory: false)
                let repair = Self.marksRepairFix(sessionLive: Self.isLoggedIn(places))
                let path = home.keychain.appending(StoredFile.marks.name).string
                let isDirectory = (try? FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType) == .typeDirectory
                findings.append(Finding(
                    finding.check, finding.severity, "\(finding.message), so the keychain's high-water marks are damaged",
                    fix: isDirectory
                        ? "a directory cannot be replaced in one step: move it aside and run the command that replaces the marks at once (\(repair)): `mv \(Self.quoted(path)) \(Self.quoted(path + ".old"))`"
                        : repair))
            } else if let refusal = file.refusal {
                findings.append(Self.finding(for: refusal, place: file.place, isDirectory: false))
            } else if file.present {
                checked += 1
            }
        }
        if findings.isEmpty {
            findings.append(Finding(
                .permissions, .ok,
                "\(checked) file\(checked == 1 ? "" : "s") checked: regular, yours, one link each, closed to others as each place demands"))
        }
        return findings
    }

    func temporaryFileFindings(_ places: [StoragePlace: PlaceState]) -> [Finding] {
        var findings: [Finding] = []
        for place in StoragePlace.allCases {
            guard let directory = places[place]?.directory else { continue }
            var names: [String] = []
            do {
                _ = try directory.withDirectory { descriptor in
                    try descriptor.forEachEntry { name in
                        let text = String(cString: name)
                        if SecureDirectory.isTemporaryName(text) { names.append(text) }
                    }
                }
            } catch {
                findings.append(Finding(
                    .temporaryFiles, .warning, "could not list \(directory.path): \(error)",
                    fix: "check that the directory is readable: `ls -la \(Self.quoted(directory.path.string))`"))
                continue
            }
            guard !names.isEmpty else { continue }
            let listed = names.sorted().prefix(3).joined(separator: ", ") + (names.count > 3 ? ", …" : "")
            findings.append(Finding(
                .temporaryFiles, .warning,
                "\(names.count) leftover temporary file\(names.count == 1 ? "" : "s") in \(directory.path) (\(listed)): a write was interrupted",
                fix: place == .container
                    ? "the next `bridgectl publish` removes them, or: `rm -f \(Self.quoted(directory.path.string))/.*.tmp-*`"
                    : "remove them while no bridgectl runs: `rm -f \(Self.quoted(directory.path.string))/.*.tmp-*`"))
        }
        if findings.isEmpty {
            findings.append(Finding(.temporaryFiles, .ok, "no leftover temporary files"))
        }
        return findings
    }

    /// Words a refusal of the storage checks, with its fix.
    static func finding(for error: StorageError, place: StoragePlace, isDirectory: Bool) -> Finding {
        switch error.cause {
        case let .insecurePermissions(path, mode, isDirectory):
            let exposure = mode & 0o022 != 0 ? "writable" : mode & 0o044 != 0 ? "readable" : "accessible"
            return Finding(
                .permissions, .problem,
                "\(path) is \(exposure) by group or others (mode \(StorageError.octal(mode))); \(place.rawValue)/ must be closed to them",
                fix: "`chmod \(isDirectory ? "700" : "600") \(quoted(path))`")
        case let .closedToOwner(path, mode, isDirectory):
            return Finding(
                .permissions, .problem,
                "\(path) cannot be \(isDirectory ? "searched" : "read") by its owner (mode \(StorageError.octal(mode)))",
                fix: "`chmod \(isDirectory ? "700" : "600") \(quoted(path))`")
        case let .wrongOwner(path, owner, expected):
            return Finding(
                .permissions, .problem, "\(path) is owned by uid \(owner), not by you (uid \(expected))",
                fix: "run bridgectl as uid \(owner), or as root: `chown \(expected) \(quoted(path))`")
        case let .hardLinked(path, count):
            return Finding(
                .permissions, .problem, "\(path) has \(count) names (hard links), so someone else may hold one",
                fix: "give it one name: `cp -p \(quoted(path)) \(quoted(path + ".copy")) && mv \(quoted(path + ".copy")) \(quoted(path))`")
        case let .symbolicLink(path):
            return Finding(
                .layout, .problem, "\(path) is a symbolic link, which SecureBridge never follows",
                fix: isDirectory
                    ? "replace the link by the real directory (`mv` it into place)"
                    : "remove the link and have the app write a real file: `\(removingAndRewriting(path, "rm"))`")
        case let .notRegularFile(path):
            return Finding(
                .layout, .problem, "\(path) is not a regular file",
                fix: "remove it and have the app write a fresh one: `\(removingAndRewriting(path, "rm -r"))`")
        case let .notDirectory(path):
            return Finding(
                .layout, .problem, "\(path) is not a directory",
                fix: "move it away and log in again: `mv \(quoted(path)) \(quoted(path + ".old")); bridgectl login --user ID`")
        case let .tooLarge(path, limit):
            return Finding(
                .permissions, .problem, "\(path) is larger than the \(limit) bytes SecureBridge ever writes there",
                fix: "remove it and have the app write it again: `\(removingAndRewriting(path, "rm"))`")
        case let .changedWhileReading(path):
            return Finding(
                .permissions, .warning, "\(path) changed while it was being read", fix: "run `bridgectl doctor` again")
        case let .invalidName(path):
            return Finding(.layout, .problem, "\(path) is not a valid storage name", fix: "check --home and the --*-dir options")
        case let .unsafeAncestor(path, placePath, problem):
            let why: String
            let fix: String
            switch problem {
            case let .directoryOwner(owner):
                why = "\(path) is owned by uid \(owner), who could swap \(placePath) beneath it"
                fix = "keep the home under directories owned by you or root, or: `chown root \(quoted(path))`"
            case let .linkOwner(owner):
                why = "\(path) is a symbolic link owned by uid \(owner), who could point \(placePath) elsewhere"
                fix = "replace the link with one of your own, or give the real path"
            case let .closedToOwner(mode):
                why = "\(path) cannot be searched by its owner (mode \(StorageError.octal(mode))), so \(placePath) cannot be reached"
                fix = "`chmod u+x \(quoted(path))`"
            case let .writable(mode):
                why = "\(path) is writable by group or others without the sticky bit (mode \(StorageError.octal(mode))), so they could swap \(placePath) beneath it"
                fix = "`chmod go-w \(quoted(path))`, or keep the home elsewhere"
            }
            return Finding(.layout, .problem, why, fix: fix)
        case let .overlappingPlaces(inner, innerPath, outer, outerPath, nested):
            return Finding(
                .layout, .problem,
                nested
                    ? "\(inner.rawValue)/ (\(innerPath)) lies inside \(outer.rawValue)/ (\(outerPath)); the places must be separate"
                    : "\(outer.rawValue)/ and \(inner.rawValue)/ are the same directory (\(innerPath)); the places must be separate",
                fix: "give \(nested ? "--\(inner.rawValue)-dir" : "--\(outer.rawValue)-dir or --\(inner.rawValue)-dir") a directory outside the others (by default each is its own directory under the home)")
        case .homeUnknown:
            return Finding(.layout, .problem, "\(error)", fix: "pass --home DIR or set BRIDGE_HOME")
        case .notAFileURL:
            return Finding(.layout, .problem, "\(error)", fix: "pass the file URLs FileManager gives for the App Group container and Application Support")
        case let .io(path, operation, errno):
            return Finding(
                .layout, .problem, "could not \(operation) \(path): \(errno)",
                fix: "check that the path exists and is yours: `ls -ld \(quoted(path))`")
        }
    }

    /// `remove PATH`, then the command that makes the app write that file
    /// again: a snapshot is published; the keys, records and state of a
    /// session come back with a new login (a signing key too: the first
    /// login without one makes it).
    static func removingAndRewriting(_ path: String, _ remove: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let rewrite: String? = switch name {
        case StoredFile.snapshot.name: "bridgectl publish FILE"
        case StoredFile.marks.name, StoredFile.reloadToken.name: nil  // rewritten as they are; the marks at the next raise
        case StoredFile.pinnedKey.name: nil  // doctor then says how to pin it again
        default: "bridgectl logout; bridgectl login --user ID"
        }
        return ["\(remove) \(quoted(path))", rewrite].compactMap { $0 }.joined(separator: "; ")
    }

    /// `text` quoted for a POSIX shell when it needs it.
    static func quoted(_ text: String) -> String {
        let plain = text.unicodeScalars.allSatisfy {
            $0.isASCII
                && ($0.properties.isAlphabetic || $0.properties.numericType != nil || "/._-+:@%=,".unicodeScalars.contains($0))
        }
        let escaped = text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: #"'\''"#)
        return plain && !text.isEmpty ? text : "'" + escaped + "'"
    }
}
