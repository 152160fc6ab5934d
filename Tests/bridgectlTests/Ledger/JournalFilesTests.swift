import Foundation
import Testing
@testable import SecureBridgeLedger

/// The files a watch follows: a journal and what it includes, without
/// reading what is not a plain journal file.
@Suite struct JournalFilesTests {
    @Test func includesAreFollowedAndAFIFOIsListedNotRead() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("securebridge-books-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        do {
            try FileManager.default.createDirectory(atPath: root + "/2026", withIntermediateDirectories: true)
            try Data("include 2026/*.journal\n!include \"cash.journal\"\ninclude pipe.journal\n".utf8)
                .write(to: URL(fileURLWithPath: root + "/main.journal"))
            try Data("include ../shared.journal\n".utf8).write(to: URL(fileURLWithPath: root + "/2026/11.journal"))
            try Data("".utf8).write(to: URL(fileURLWithPath: root + "/2026/12.journal"))
            try Data("".utf8).write(to: URL(fileURLWithPath: root + "/cash.journal"))
            try Data("".utf8).write(to: URL(fileURLWithPath: root + "/shared.journal"))
            #expect(mkfifo(root + "/pipe.journal", 0o600) == 0)
            // A FIFO no writer opens would block a read forever: listed, never opened.
            let files = JournalFiles.list(root + "/main.journal").files.map { String($0.dropFirst(root.count + 1)) }
            #expect(Set(files) == ["main.journal", "2026/11.journal", "2026/12.journal", "shared.journal", "cash.journal", "pipe.journal"])
            #expect(files.first == "main.journal")
        }
    }
}
