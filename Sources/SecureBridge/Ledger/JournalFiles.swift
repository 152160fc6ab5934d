#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// The files a journal is made of: itself and every file it includes, at
/// any depth (`include FILE` and `!include FILE` of hledger and ledger,
/// `include "FILE"` of beancount), a relative path read from the directory
/// of the file that includes it and `~/` from the home directory, as hledger
/// reads it. A pattern (`include *.journal`, `include fin/**/*.journal`)
/// names the files that match when the list is made; `**` matches any
/// number of directories.
///
/// Beside the files, the directories where a change can change the list or
/// a file: each file's own, each pattern's directories, and for a path whose
/// directory does not exist yet, the nearest one that does.
public struct JournalFiles: Equatable, Sendable {
    /// The journal and the files it includes, each once, the journal first.
    /// A file that cannot be read, is not a regular file (a FIFO would block
    /// the read) or is larger than `maximumFileSize` is listed and not followed.
    public let files: [String]
    /// The directories to watch for the changes that matter, each once.
    public let directories: [String]

    /// The journal's files and directories now.
    public static func list(_ journal: String) -> JournalFiles {
        var files: [String] = []
        var directories: [String] = []
        func watch(_ directory: String) {
            let existing = nearestDirectory(directory)
            if !directories.contains(existing) { directories.append(existing) }
        }
        var pending = [URL(fileURLWithPath: journal).standardizedFileURL.path]
        while let file = pending.popLast() {
            guard !files.contains(file), files.count < maximumFileCount else { continue }
            files.append(file)
            let directory = URL(fileURLWithPath: file).deletingLastPathComponent()
            watch(directory.path)
            guard let bytes = contents(of: file) else { continue }
            for target in includes(in: bytes) {
                let url = resolved(target, from: directory)
                let matched = matching(url)
                matched.directories.forEach(watch)
                pending.append(contentsOf: matched.files.reversed())
            }
        }
        return JournalFiles(files: files, directories: directories)
    }

    /// The most files and pattern directories a journal's list holds.
    static let maximumFileCount = 1000

    /// The largest file whose includes are followed: 256 MiB, far past a
    /// journal of a million transactions, short of what memory must not hold.
    static let maximumFileSize = 256 << 20

    /// `target` as a file URL: absolute, from the home directory for `~/`, or from `directory`.
    private static func resolved(_ target: String, from directory: URL) -> URL {
        if target == "~" || target.hasPrefix("~/"), let home = ProcessInfo.processInfo.environment["HOME"], !home.isEmpty {
            return URL(fileURLWithPath: home + target.dropFirst()).standardizedFileURL
        }
        let url = target.hasPrefix("/") ? URL(fileURLWithPath: target) : directory.appendingPathComponent(target)
        return url.standardizedFileURL
    }

    /// `path` if it is a directory, else the nearest directory above it ("/" at the last).
    static func nearestDirectory(_ path: String) -> String {
        var url = URL(fileURLWithPath: path)
        while url.path != "/" {
            var status = stat()
            if stat(url.path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR { return url.path }
            url.deleteLastPathComponent()
        }
        return "/"
    }

    /// The bytes of `file` when it is a regular file of at most `maximumFileSize` bytes.
    private static func contents(of file: String) -> Data? {
        var status = stat()
        guard stat(file, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_size <= maximumFileSize else { return nil }
        return try? Data(contentsOf: URL(fileURLWithPath: file))
    }

    /// The targets of the include lines of a journal's bytes: only lines
    /// that start with `i` or `!` are made text, so a journal of a million
    /// postings is scanned, not decoded.
    static func includes(in bytes: Data) -> [String] {
        var targets: [String] = []
        bytes.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            guard let base = buffer.baseAddress else { return }
            var start = 0
            while start < buffer.count {
                let end: Int
                if let newline = memchr(base + start, 0x0A, buffer.count - start) {
                    end = base.distance(to: UnsafeRawPointer(newline))
                } else {
                    end = buffer.count
                }
                if buffer[start] == UInt8(ascii: "i") || buffer[start] == UInt8(ascii: "!") {
                    let lineEnd = end > start && buffer[end - 1] == 0x0D ? end - 1 : end
                    if let target = included(by: Substring(String(decoding: buffer[start..<lineEnd], as: UTF8.self))) {
                        targets.append(target)
                    }
                }
                start = end + 1
            }
        }
        return targets
    }

    /// The file an include line names, without quotes; `nil` for any other line.
    static func included(by line: Substring) -> String? {
        for keyword in ["include ", "!include "] where line.hasPrefix(keyword) {
            var target = String(line.dropFirst(keyword.count).trimmedOfBlanks)
            if target.hasPrefix("\""), let end = target.dropFirst().firstIndex(of: "\"") {
                target = String(target[target.index(after: target.startIndex)..<end])
            }
            return target.isEmpty ? nil : target
        }
        return nil
    }

    /// The files a path names now (itself, or the matches of a pattern) and
    /// the directories whose entries decide them.
    private static func matching(_ url: URL) -> (files: [String], directories: [String]) {
        let parts = url.pathComponents.dropFirst()  // "/" first
        guard let firstPattern = parts.firstIndex(where: isPattern) else {
            return ([url.path], [url.deletingLastPathComponent().path])
        }
        let base = "/" + parts[..<firstPattern].joined(separator: "/")
        var files: [String] = []
        var directories: [String] = []
        /// Matches `rest` below `directory`; `**` is any number of directories.
        func walk(_ directory: String, _ rest: ArraySlice<String>) {
            guard let part = rest.first, directories.count + files.count < maximumFileCount else { return }
            if !directories.contains(directory) { directories.append(directory) }
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
            let path = { (name: String) in directory == "/" ? "/" + name : directory + "/" + name }
            if part == "**" {
                walk(directory, rest.dropFirst())
                for name in names where !name.hasPrefix(".") && isDirectory(path(name)) { walk(path(name), rest) }
            } else if rest.count == 1 {
                files += names.filter { fnmatch(part, $0, FNM_PERIOD) == 0 && !isDirectory(path($0)) }.map(path)
            } else {
                for name in names where fnmatch(part, name, FNM_PERIOD) == 0 && isDirectory(path(name)) {
                    walk(path(name), rest.dropFirst())
                }
            }
        }
        walk(base, parts[firstPattern...])
        if directories.isEmpty { directories.append(base) }
        return (files, directories)
    }

    private static func isPattern(_ part: String) -> Bool {
        part.contains("*") || part.contains("?") || part.contains("[")
    }

    private static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }
}
