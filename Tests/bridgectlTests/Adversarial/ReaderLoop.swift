import Foundation
import Synchronization
@testable import SecureBridgeTestSupport

/// A widget that keeps reading on a background thread while a test kills or
/// races publishers: each `bridgectl read --format json` (real clock, so it
/// also raises the keychain marks) must exit 0 and show in full one of the
/// account lists `expected` allows.
final class ReaderLoop: Sendable {
    struct Tally {
        var reads = 0
        var failures: [String] = []
    }

    private let home: String
    private let accepts: @Sendable (String) -> Bool
    private let state = Mutex((stop: false, tally: Tally()))
    private let finished = DispatchSemaphore(value: 0)

    /// Starts reading at once.
    /// - Parameters:
    ///   - home: The home to read.
    ///   - accepts: Whether the first entry's accounts (canonical JSON, see
    ///     `canonicalAccounts`) are content a publisher published.
    init(home: String, accepts: @escaping @Sendable (String) -> Bool) {
        self.home = home
        self.accepts = accepts
        Thread.detachNewThread { [self] in
            while !state.withLock({ $0.stop }) {
                let failure = readOnce()
                state.withLock {
                    $0.tally.reads += 1
                    if let failure { $0.tally.failures.append(failure) }
                }
            }
            finished.signal()
        }
    }

    /// Stops after the read in progress and returns what all reads saw.
    func stop() -> Tally {
        state.withLock { $0.stop = true }
        finished.wait()
        return state.withLock { $0.tally }
    }

    /// One read; a description of what was wrong, or nil.
    private func readOnce() -> String? {
        let output: Bridgectl.Output
        do {
            output = try Bridgectl.runBlocking(["read", "--home", home, "--format", "json"])
        } catch {
            return "could not run bridgectl: \(error)"
        }
        guard output.status == 0, output.stderr.isEmpty else { return "read failed: \(output)" }
        guard let entry = (output.json?["entries"] as? [[String: Any]])?.first else { return "not a timeline: \(output.stdout)" }
        guard entry["state"] as? String == "full", entry["reason"] is NSNull else {
            return "state \(entry["state"] ?? "?") reason \(entry["reason"] ?? "?")"
        }
        guard let accounts = Self.canonicalAccounts(output), accepts(accounts) else { return "unexpected accounts" }
        return nil
    }

    /// The first entry's accounts as JSON with sorted keys, to compare what two reads showed.
    static func canonicalAccounts(_ output: Bridgectl.Output) -> String? {
        guard let accounts = (output.json?["entries"] as? [[String: Any]])?.first?["accounts"],
              let data = try? JSONSerialization.data(withJSONObject: accounts, options: [.sortedKeys])
        else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}
