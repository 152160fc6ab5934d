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
/// of the file that includes it. A pattern (`include *.journal`) names its
/// directory's files that match when the list is made.
public enum JournalFiles {
    /// The journal and the files it includes, each once, the journal first.
    /// A file that cannot be read, is not a regular file (a FIFO would block
    /// the read) or is larger than `maximumFileSize` is listed and not followed.
    public static func list(_ journal: String) -> [String] {
        var files: [String] = []
        var pending = [URL(fileURLWithPath: journal).standardizedFileURL.path]
        while let file = pending.popLast() {
            guard !files.contains(file), files.count < 1000 else { continue }
            files.append(file)
            guard let text = text(of: file) else { continue }
            let directory = URL(fileURLWithPath: file).deletingLastPathComponent()
            for line in text.split(whereSeparator: \.isNewline) {
                guard let target = included(by: line) else { continue }
                let url = target.hasPrefix("/") ? URL(fileURLWithPath: target) : directory.appendingPathComponent(target)
                pending.append(contentsOf: matching(url.standardizedFileURL))
            }
        }
        return files
    }

    /// The largest file whose includes are followed: 256 MiB, far past a
    /// journal of a million transactions, short of what memory must not hold.
    static let maximumFileSize = 256 << 20

    /// The text of `file` when it is a regular file of at most `maximumFileSize` bytes.
    private static func text(of file: String) -> String? {
        var status = stat()
        guard stat(file, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_size <= maximumFileSize,
              let data = try? Data(contentsOf: URL(fileURLWithPath: file))
        else { return nil }
        return String(decoding: data, as: UTF8.self)
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

    /// The path itself, or for a pattern with `*` in its last part the files that match it now.
    private static func matching(_ url: URL) -> [String] {
        let pattern = url.lastPathComponent
        guard pattern.contains("*") else { return [url.path] }
        let directory = url.deletingLastPathComponent()
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { fnmatch(pattern, $0, 0) == 0 }.sorted().map { directory.appendingPathComponent($0).path }
    }
}
