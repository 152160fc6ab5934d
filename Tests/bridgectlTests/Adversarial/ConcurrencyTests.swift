import Foundation
import Synchronization
import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp
@testable import SecureBridgeTestSupport

/// Attack 8: several publisher processes and several reader processes at
/// once. The short version of `scripts/concurrency-test`.
@Suite(.sweep) struct ConcurrencyTests {
    /// A one-account input whose account name says who published it.
    static func input(publisher: Int, run: Int) -> [UInt8] {
        Array(#"[{"id":"acc-main","name":"Publisher \#(publisher) run \#(run)","balance":"\#(publisher * 100 + run).00","currency":"EUR","IBAN":"DE89370400440532013000","type":"main"}]"#.utf8)
    }

    /// Runs every body on its own thread and waits for all of them.
    static func together(_ bodies: [@Sendable () -> Void]) {
        let group = DispatchGroup()
        for body in bodies {
            group.enter()
            Thread.detachNewThread {
                body()
                group.leave()
            }
        }
        group.wait()
    }

    /// What publishers and readers saw, shared between their threads.
    final class Shared: Sendable {
        let log: Mutex<Log>
        init(_ log: Log) { self.log = Mutex(log) }
        func withLock<R>(_ body: (inout Log) -> R) -> R { log.withLock { body(&$0) } }
    }

    struct Log {
        var receipts: [Int: [UInt64]] = [:]
        var names: [UInt64: String] = [:]
        var publishersLeft = 0
        var reads = 0
        var statuses = 0
        var failures: [String] = []
    }

    @Test func publishersAndReadersRaceWithoutLossOrRegression() async throws {
        let publishers = 3, runs = 4, readers = 2
        let fixture = try BridgeFixture.live(Self.input(publisher: 0, run: 0))
        let root = fixture.root
        let marks = fixture.path(.keychain, "marks")
        let log = Shared(Log(names: [1: "Publisher 0 run 0"], publishersLeft: publishers))

        let publisherBodies: [@Sendable () -> Void] = (1...publishers).map { publisher in
            {
                for run in 1...runs {
                    let output = try? Bridgectl.runBlocking(["publish", "--home", root, "-"], input: Self.input(publisher: publisher, run: run))
                    let sequence = output.flatMap { output in
                        output.status == 0 ? output.stdout.split(separator: " ").dropFirst(2).first.flatMap { UInt64($0) } : nil
                    }
                    log.withLock { log in
                        guard let sequence else {
                            log.failures.append("publisher \(publisher) run \(run): \(output.map(\.description) ?? "did not start")")
                            return
                        }
                        log.receipts[publisher, default: []].append(sequence)
                        log.names[sequence] = "Publisher \(publisher) run \(run)"
                    }
                }
                log.withLock { $0.publishersLeft -= 1 }
            }
        }
        let readerBodies: [@Sendable () -> Void] = (1...readers).map { reader in
            {
                var lastStatus: UInt64 = 0
                var lastMark: UInt64 = 0
                while log.withLock({ $0.publishersLeft > 0 }) {
                    var problems: [String] = []
                    let read = try? Bridgectl.runBlocking(["read", "--home", root, "--format", "json"])
                    let entry = (read?.json?["entries"] as? [[String: Any]])?.first
                    let name = ((entry?["accounts"] as? [[String: Any]])?.first?["name"] as? String) ?? ""
                    if read?.status != 0 || entry?["state"] as? String != "full" || !name.hasPrefix("Publisher ") {
                        problems.append("reader \(reader): read \(read.map(\.description) ?? "did not start")")
                    }
                    let status = try? Bridgectl.runBlocking(["status", "--home", root, "--format", "json"])
                    let sequence = ((status?.json?["snapshot"] as? [String: Any])?["sequence"] as? NSNumber)?.uint64Value
                    if let sequence, sequence >= lastStatus { lastStatus = sequence } else {
                        problems.append("reader \(reader): status sequence \(sequence.map(String.init) ?? "none") after \(lastStatus)")
                    }
                    let mark = (try? Data(contentsOf: URL(fileURLWithPath: marks))).flatMap { try? HighWaterMarks(storedBytes: Array($0)) }
                    if let mark, mark.snapshotSequence >= lastMark { lastMark = mark.snapshotSequence } else {
                        problems.append("reader \(reader): mark went from \(lastMark) to \(mark?.snapshotSequence ?? 0)")
                    }
                    log.withLock {
                        $0.reads += 1
                        $0.statuses += 1
                        $0.failures += problems
                    }
                }
            }
        }
        Self.together(publisherBodies + readerBodies)

        let result = log.withLock { $0 }
        #expect(result.failures.isEmpty, "\(result.failures.prefix(5))")
        let all = result.receipts.values.flatMap { $0 }.sorted()
        // No publish lost or duplicated: every receipt, exactly the numbers after the first publish.
        #expect(all == Array(2...UInt64(publishers * runs + 1)))
        for (publisher, sequences) in result.receipts {
            #expect(sequences == sequences.sorted() && Set(sequences).count == sequences.count, "publisher \(publisher)")
        }
        let last = try #require(all.last)
        let status = try await Bridgectl.run(["status", "--home", root, "--format", "json"])
        #expect(((status.json?["snapshot"] as? [String: Any])?["sequence"] as? NSNumber)?.uint64Value == last)
        #expect(try HighWaterMarks(storedBytes: fixture.bytes(.keychain, "marks")).snapshotSequence == last)
        let final = try await Bridgectl.run(["read", "--home", root, "--format", "json"])
        let finalEntry = (final.json?["entries"] as? [[String: Any]])?.first
        #expect((finalEntry?["accounts"] as? [[String: Any]])?.first?["name"] as? String == result.names[last])
        print("concurrency test (swift test): \(publishers) publishers, \(readers) readers, \(all.count) publishes, "
            + "\(result.reads) reads and \(result.statuses) statuses checked, \(result.failures.count) failures")
        #expect(result.reads > 0)
    }
}
