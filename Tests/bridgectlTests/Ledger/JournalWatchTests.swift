import Foundation
import Testing
import SecureBridge
@testable import SecureBridgeTestSupport

/// `publish --from hledger --watch` against real writers: only a settled
/// journal is published, a publish the home refused is tried again when the
/// home allows it, includes that move are followed, and the snapshot never
/// turns stale while the watch runs. Each test waits on what the watch
/// prints (its standard error joined to its output), never on a sleep.
@Suite(.timeLimit(.minutes(2))) struct JournalWatchTests {
    /// A journal whose bank account holds `balance` euros, in transactions
    /// of whole lines (every prefix that ends a transaction is a journal too).
    static func journal(_ amounts: [String]) -> String {
        amounts.enumerated().map { index, amount in
            "2026-11-\(String(format: "%02d", index + 1)) Entry \(index)\n    Assets:Bank    \(amount) EUR\n    Equity:Opening\n\n"
        }.joined()
    }

    /// The watch on `journal`, its standard error joined to its output.
    static func watch(_ home: EndToEndHome, _ journal: String, _ options: [String] = [], setting: [String: String] = [:]) throws -> Bridgectl.Child {
        try Bridgectl.start(
            ["publish", "--from", "hledger", journal, "--watch", "--period", "2026-11", "--home", home.home] + options,
            setting: setting, launcher: ["/bin/sh", "-c", "exec \"$0\" \"$@\" 2>&1"])
    }

    /// The lines the watch prints up to and with the next one that starts
    /// with `prefix`, or the next failure's (which ends saying what comes next).
    static func lines(of watcher: Bridgectl.Child, through prefix: String) async -> [String] {
        var lines: [String] = []
        while let line = await watcher.readLine() {
            lines.append(line)
            if prefix == failure ? line.hasSuffix(" changes.") || line.hasSuffix("the journal.") : line.hasPrefix(prefix) { break }
        }
        return lines
    }

    /// `lines(of:through:)`'s prefix for a failure's line.
    static let failure = "failure"

    static func bank(_ home: EndToEndHome) async throws -> String? {
        try await JournalTruthTests.balances(home)["Bank"]
    }

    /// A writer that rewrites the journal in place in three pieces 400 ms
    /// apart, holding it open the while: the watch publishes the whole once,
    /// never a piece. Then a writer killed half-way through a transaction:
    /// the last whole snapshot stays published.
    @Test func onlyASettledJournalIsPublished() async throws {
        try await EndToEndHome.with { home in
            try await home.login()
            let path = try home.input(named: "books.journal", Self.journal(["10000.00"]))
            let watcher = try Self.watch(home, path)
            defer { watcher.send(SIGKILL) }
            #expect(await watcher.readLine() == "Published snapshot 1 with 1 account.")

            let pieces = [Self.journal(["9500.00"]), Self.journal(["-700.00"]).replacing("2026-11-01", with: "2026-11-02"),
                          Self.journal(["-800.00"]).replacing("2026-11-01", with: "2026-11-03")]
            let script = "exec 3>\"$0\"; printf '%s' \"$1\" >&3; sleep 0.4; printf '%s' \"$2\" >&3; sleep 0.4; printf '%s' \"$3\" >&3"
            let writer = try Process.run(URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", script, path] + pieces)
            let published = await Self.lines(of: watcher, through: "Published snapshot")
            #expect(published == ["Published snapshot 2 with 1 account."], "\(published)")
            writer.waitUntilExit()
            #expect(try await Self.bank(home) == "8000.00 EUR")

            // Killed after a whole transaction and half of the next one.
            let half = Self.journal(["8000.00"]) + "2026-11-04 Half\n    Assets:Bank    -500.00 EUR\n"
            let crashed = try Process.run(
                URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", "exec 3>\"$0\"; printf '%s' \"$1\" >&3; sleep 0.3; kill -9 $$", path, half])
            crashed.waitUntilExit()
            let failed = await Self.lines(of: watcher, through: Self.failure)
            // Nothing published between the whole save and the failure: no piece of either writer.
            #expect(!failed.contains { $0.hasPrefix("Published") }, "\(failed)")
            #expect(failed.last?.contains("hledger could not read the journal") == true, "\(failed)")
            #expect(failed.last?.hasSuffix("The previous snapshot is still published; waiting for the next change of the journal.") == true, "\(failed)")
            #expect(try await Self.bank(home) == "8000.00 EUR")
            watcher.send(SIGTERM)
            let rest = await watcher.finish()
            #expect(!rest.stdout.contains("Published snapshot 3"), "\(rest)")
        }
    }

    /// A one-shot publish waits for the writer holding the journal to close it.
    @Test func aOneShotPublishWaitsForTheWriter() async throws {
        try await EndToEndHome.with { home in
            try await home.login()
            let path = try home.input(named: "books.journal", Self.journal(["10000.00"]))
            let script = "exec 3>\"$0\"; printf '%s' \"$1\" >&3; sleep 1; printf '%s' \"$2\" >&3"
            let writer = try Process.run(
                URL(fileURLWithPath: "/bin/sh"),
                arguments: ["-c", script, path, Self.journal(["9000.00"]), Self.journal(["-1.00"]).replacing("2026-11-01", with: "2026-11-02")])
            // The writer has the file open before the publish starts.
            while !((try? String(contentsOfFile: path, encoding: .utf8))?.contains("9000.00") ?? false) { try await Task.sleep(for: .milliseconds(20)) }
            let result = try await home.bridgectl("publish", "--from", "hledger", path, "--period", "2026-11")
            writer.waitUntilExit()
            #expect(result.succeeded, "\(result)")
            #expect(try await Self.bank(home) == "8999.00 EUR")
        }
    }

    /// Saves while the user is logged out are published when they log in
    /// again, with no new save; the sentences say what holds meanwhile.
    @Test func aPublishTheHomeRefusedIsTriedAgainWhenItCanGoThrough() async throws {
        try await EndToEndHome.with { home in
            try await home.login()
            let path = try home.input(named: "books.journal", Self.journal(["100.00"]))
            let watcher = try Self.watch(home, path)
            defer { watcher.send(SIGKILL) }
            #expect(await watcher.readLine() == "Published snapshot 1 with 1 account.")

            #expect(try await home.bridgectl("logout").succeeded)
            try Data(Self.journal(["150.00"]).utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
            let refused = await Self.lines(of: watcher, through: Self.failure)
            #expect(refused.last?.hasSuffix("No snapshot is published; trying again when that changes.") == true, "\(refused)")

            try await home.login()
            let again = await Self.lines(of: watcher, through: "Published snapshot")
            #expect(again.last?.hasPrefix("Published snapshot") == true, "\(again)")
            #expect(try await Self.bank(home) == "150.00 EUR")
        }
    }

    /// Includes in a directory made later, under `~`, through `**`, and a
    /// directory replaced by a new one: each change is published. (hledger
    /// refuses an include that matches nothing, so the watch starts on a
    /// journal that does not read, and reads it once it does.)
    @Test func includesThatMoveAreFollowed() async throws {
        try await EndToEndHome.with { home in
            try await home.login()
            let inputs = home.root.appendingPathComponent("inputs").path
            let userHome = home.root.appendingPathComponent("user").path
            func write(_ relative: String, _ amount: String, under root: String) throws {
                let url = URL(fileURLWithPath: root).appendingPathComponent(relative)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(Self.journal([amount]).utf8).write(to: url, options: .atomic)
            }
            try write("extra.journal", "10.00", under: userHome)
            try write("deep/x/y/b.journal", "20.00", under: inputs)
            let path = try home.input(named: "books.journal", "include fin/2027/*.journal\ninclude ~/extra.journal\ninclude deep/**/*.journal\n"
                + Self.journal(["100.00"]))
            let watcher = try Self.watch(home, path, setting: ["HOME": userHome])
            defer { watcher.send(SIGKILL) }
            let first = await watcher.readLine() ?? ""
            #expect(first.hasPrefix("hledger could not read the journal") && first.hasSuffix("No snapshot is published; waiting for the next change of the journal."), "\(first)")

            let steps: [(String, String, String, String)] = [
                ("fin/2027/a.journal", "1.00", inputs, "131.00 EUR"),
                ("extra.journal", "15.00", userHome, "136.00 EUR"),
                ("deep/x/z/c.journal", "4.00", inputs, "140.00 EUR"),
            ]
            for (index, (relative, amount, root, expected)) in steps.enumerated() {
                try write(relative, amount, under: root)
                let line = await watcher.readLine()
                #expect(line == "Published snapshot \(index + 1) with 1 account.", "\(relative): \(line ?? "nothing")")
                #expect(try await Self.bank(home) == expected, "\(relative)")
            }
            // The directory replaced: the old one moved away (the include matches nothing), a new one made and written.
            #expect(rename(inputs + "/fin", inputs + "/fin.old") == 0)
            let gone = await watcher.readLine() ?? ""
            #expect(gone.hasPrefix("hledger could not read the journal") && gone.hasSuffix("The previous snapshot is still published; waiting for the next change of the journal."), "\(gone)")
            try write("fin/2027/a.journal", "5.00", under: inputs)
            #expect(await watcher.readLine() == "Published snapshot 4 with 1 account.")
            #expect(try await Self.bank(home) == "144.00 EUR")
        }
    }

    /// A watch republishes before its snapshot turns stale, with no change
    /// to the journal; stopped, the snapshot turns stale.
    @Test func theSnapshotNeverReadsStaleWhileTheWatchRuns() async throws {
        try await EndToEndHome.with { home in
            try await home.login()
            let path = try home.input(named: "books.journal", Self.journal(["100.00"]))
            let watcher = try Self.watch(home, path, ["--stale-after", "2s", "--ttl", "1h"])
            defer { watcher.send(SIGKILL) }
            #expect(await watcher.readLine() == "Published snapshot 1 with 1 account.")
            let heartbeat = await watcher.readLine() ?? ""
            #expect(heartbeat.hasPrefix("Published snapshot 2 with 1 account"), "\(heartbeat)")
            let current = try await home.read().current
            #expect(current.state == "full" && current.reason == nil, "\(current)")
        }
    }
}
