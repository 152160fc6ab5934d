import Foundation
import SystemPackage
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp

/// The conformance kit's vectors (docs/SPEC.md, docs/IMPLEMENTING.md):
/// reader vectors (a home, an instant, what a widget must show) and
/// publish-input vectors (an input, whether it is accepted, which field
/// refuses it), made from the real code and written under `Tests/Conformance/`.
enum Conformance {
    /// The version of the vectors' format and of the specification they test
    /// (docs/SPEC.md's version). Each vector's `kit` is the version that made
    /// it as it is: a new or changed vector takes this one, an unchanged one
    /// keeps its own (scripts/conformance-generate), so the vectors of
    /// `kitVersion` are what changed since the version before.
    static let kitVersion = "1.2"

    /// Every version of the kit, oldest first.
    static let kitVersions = ["1.0", "1.1", "1.2"]

    /// The first instant of every vector's story: 2026-11-18T11:06:40Z.
    static let origin: Int64 = 1_795_000_000

    /// What a widget shows at one instant, as the kit compares it.
    struct Outcome: Equatable, CustomStringConvertible {
        let state: String
        let reason: String?
        /// Each shown account's id and exact decimal balance (`nil` when masked).
        let accounts: [Account]

        struct Account: Equatable {
            let id: String
            let balance: String?
        }

        init(state: String, reason: String?, accounts: [Account]) {
            self.state = state
            self.reason = reason
            self.accounts = accounts
        }

        /// What the real reader of `root`'s keychain and container shows at
        /// `instant`: a what-if read, or with `live` a live read whose clock
        /// reads `instant` (it judges by the clock mark too, and raises the marks).
        init(readingHomeAt root: String, instant: Int64, privacy: Bool, live: Bool = false) {
            let request = WidgetRequest(kind: .balance, family: .systemExtraLarge, isPrivacyContext: privacy)
            let timeline = WidgetReader(home: BridgeHome(root: FilePath(root)))
                .timeline(for: request, now: ConformanceHome.date(instant), whatIf: !live)
            let entry = timeline.entries[0]
            state = entry.state.rawValue
            reason = entry.reason?.rawValue
            accounts = entry.accounts.map { Account(id: $0.id, balance: $0.balance.decimalString) }
        }

        var json: [String: Any] {
            [
                "state": state, "reason": reason ?? NSNull(),
                "accounts": accounts.map { ["id": $0.id, "balance": $0.balance ?? NSNull()] as [String: Any] },
            ]
        }

        var description: String { "\(state) \(reason ?? "-") \(accounts.map { "\($0.id)=\($0.balance ?? "null")" })" }
    }

    /// What the author of a vector means it to show: checked against what the real code shows.
    enum Intent {
        case full
        case stale
        case masked(Reason)
        case placeholder(Reason)
        /// Any placeholder: a damaged file's exact reason is what the code gives.
        case refused
        /// Whatever the code shows (a sweep over bytes some of which no step reads).
        case any

        func admits(_ outcome: Outcome) -> Bool {
            switch self {
            case .full: outcome.state == "full" && outcome.reason == nil
            case .stale: outcome.state == "full" && outcome.reason == Reason.stale.rawValue
            case let .masked(reason): outcome.state == "masked" && outcome.reason == reason.rawValue
            case let .placeholder(reason): outcome.state == "placeholder" && outcome.reason == reason.rawValue
            case .refused: outcome.state == "placeholder"
            case .any: true
            }
        }
    }

    /// A vector whose outcome is not what its author meant: the generation fails.
    struct Mismatch: Error, CustomStringConvertible {
        let id: String
        let outcome: Outcome
        var description: String { "conformance vector \(id) reads as \(outcome), not as its author meant" }
    }

    /// An RFC 3339 instant with `Z`.
    static func rfc3339(_ instant: Int64) -> String {
        UTCTimestamp.string(from: ConformanceHome.date(instant))
    }

    /// Writes `object` as sorted, pretty-printed JSON with a final newline.
    static func writeJSON(_ object: Any, to path: String) throws {
        var data = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        data.append(0x0A)
        try data.write(to: URL(fileURLWithPath: path))
    }
}

extension Conformance {
    /// Collects the vectors into an output directory: `reader/<id>/` (the
    /// home's two places under `home/`, `vector.json`) and `publish/<id>/`
    /// (`input.json`, `vector.json`).
    final class Writer {
        let output: String
        private(set) var readerCount = 0
        private(set) var publishCount = 0
        /// How many live vectors were written (`live(...)`).
        var liveCount = 0
        /// Every vector's `kind/id`, to refuse two of one name.
        var ids = Set<String>()
        /// Every reason code some reader vector expects.
        private(set) var reasons = Set<String>()
        /// The vectors whose outcome is not what their author meant (written all the same, for a look).
        var mismatches: [Mismatch] = []

        init(output: String) throws {
            self.output = output
            for folder in ["reader", "publish", "live"] {
                try FileManager.default.createDirectory(atPath: output + "/" + folder, withIntermediateDirectories: true)
            }
        }

        /// Adds a reader vector: a copy of `base`'s places changed by `change`, read at `instant`.
        /// - Parameters:
        ///   - id: Unique, lowercase words joined by `-`.
        ///   - description: One line: what the home holds and what it shows.
        ///   - section: The section of docs/SPEC.md it tests.
        ///   - base: The home it starts from (left unchanged).
        ///   - instant: The reader's clock (a what-if instant: no mark is applied or written).
        ///   - privacy: Whether the widget is in a privacy context.
        ///   - intent: What the author means it to show; the generator stops when the code shows otherwise.
        ///   - change: What is done to the copy.
        func reader(
            _ id: String, _ description: String, section: String, from base: ConformanceHome, at instant: Int64,
            privacy: Bool = false, intent: Intent, _ change: (ConformanceHome) throws -> Void = { _ in }
        ) throws {
            precondition(ids.insert("reader/" + id).inserted, "two vectors named \(id)")
            let home = try base.copy()
            try? FileManager.default.removeItem(atPath: home.path("app"))
            try change(home)
            let outcome = Outcome(readingHomeAt: home.root, instant: instant, privacy: privacy)
            if !intent.admits(outcome) { mismatches.append(Mismatch(id: id, outcome: outcome)) }
            if let reason = outcome.reason { reasons.insert(reason) }
            let steps = try Self.stepsDeciding(home, instant: instant, privacy: privacy, outcome: outcome)

            let folder = output + "/reader/" + id
            try FileManager.default.createDirectory(atPath: folder + "/home", withIntermediateDirectories: true)
            let entries = try Self.store(home.root, into: folder + "/home")
            var vector: [String: Any] = [
                "id": id, "description": description, "section": section, "kit": Conformance.kitVersion,
                "now": Conformance.rfc3339(instant), "context": privacy ? "privacy" : "widget",
                "home": entries, "expected": outcome.json,
            ]
            if !steps.isEmpty { vector["steps"] = steps }
            try Conformance.writeJSON(vector, to: folder + "/vector.json")
            readerCount += 1
        }

        /// Adds a publish-input vector: `input` as `bridgectl publish` takes it.
        func publish(_ id: String, _ description: String, section: String, input: String, accepted: Bool) throws {
            precondition(ids.insert("publish/" + id).inserted, "two vectors named \(id)")
            let bytes = Array(input.utf8)
            var expected: [String: Any] = ["accepted": true, "field": NSNull()]
            do {
                _ = try Portfolio(bankJSON: bytes)
            } catch let error as BridgeError {
                expected = ["accepted": false, "field": Self.field(of: error) ?? NSNull()]
            }
            if (expected["accepted"] as? Bool) != accepted {
                mismatches.append(Mismatch(id: id, outcome: Outcome(state: accepted ? "refused" : "accepted", reason: nil, accounts: [])))
            }
            let folder = output + "/publish/" + id
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try Data(bytes).write(to: URL(fileURLWithPath: folder + "/input.json"))
            try Conformance.writeJSON(
                ["id": id, "description": description, "section": section, "kit": Conformance.kitVersion, "expected": expected],
                to: folder + "/vector.json")
            publishCount += 1
        }

        /// Where a refused input's problem is, as a path: `accounts[1].IBAN`,
        /// `analytics.spent[0].amount`, `analytics`; `nil` for the document as a whole.
        static func field(of error: BridgeError) -> String? {
            guard case let .invalid(record, field, _)? = error.problem as? InputProblem else { return nil }
            let base: String? = switch record {
            case .document: nil
            case let .account(number, _): "accounts[\(number - 1)]"
            case .analytics: "analytics"
            case let .spent(number): "analytics.spent[\(number - 1)]"
            case let .received(number): "analytics.received[\(number - 1)]"
            }
            return [base, field].compactMap { $0 }.joined(separator: ".").nilIfEmpty
        }

        /// The gate's steps a careless reader could skip that decide this
        /// vector: `marks` when the same home without `keychain/marks` reads
        /// otherwise, `modes` when it reads otherwise with every file 0600 and
        /// directory 0700 (no StrictModes walk).
        private static func stepsDeciding(_ home: ConformanceHome, instant: Int64, privacy: Bool, outcome: Outcome) throws -> [String] {
            var steps: [String] = []
            let withoutMarks = try home.copy()
            if FileManager.default.fileExists(atPath: withoutMarks.path("keychain/marks")) {
                try withoutMarks.remove("keychain/marks")
                if Outcome(readingHomeAt: withoutMarks.root, instant: instant, privacy: privacy) != outcome { steps.append("marks") }
            }
            let relaxed = try home.copy()
            if FileManager.default.fileExists(atPath: relaxed.root) {
                try ConformanceHome.run("/usr/bin/find", [relaxed.root, "-type", "d", "-exec", "chmod", "0700", "{}", "+"])
                try ConformanceHome.run("/usr/bin/find", [relaxed.root, "-type", "f", "-exec", "chmod", "0600", "{}", "+"])
            }
            if Outcome(readingHomeAt: relaxed.root, instant: instant, privacy: privacy) != outcome { steps.append("modes") }
            return steps
        }

        /// Copies the regular files of `root`'s keychain and container into
        /// `folder` and describes every entry (the home's directory itself as
        /// `.`): its type, its mode, a file's size, and a link's target; hard
        /// links, FIFOs, sockets and symbolic links are described only, for the runner
        /// to make, and so are the whole 64 KiB blocks of a file's final run
        /// of zeros (`zeros`: how many bytes to append to the stored ones).
        static func store(_ root: String, into folder: String) throws -> [[String: Any]] {
            var entries: [[String: Any]] = []
            var seen: [String: String] = [:]  // "device:inode" of a regular file → its first path
            func visit(_ relative: String) throws {
                let path = relative == "." ? root : root + "/" + relative
                var status = stat()
                guard lstat(path, &status) == 0 else { throw Errno(rawValue: errno) }
                var entry: [String: Any] = ["path": relative, "mode": String(format: "%04o", status.st_mode & 0o7777)]
                switch status.st_mode & S_IFMT {
                case S_IFDIR:
                    entry["type"] = "directory"
                    entries.append(entry)
                    let names = try FileManager.default.contentsOfDirectory(atPath: path).sorted()
                    for name in names where relative != "." || name == "keychain" || name == "container" {
                        try visit(relative == "." ? name : relative + "/" + name)
                    }
                    if relative != "." { try FileManager.default.createDirectory(atPath: folder + "/" + relative, withIntermediateDirectories: true) }
                case S_IFREG:
                    let inode = "\(status.st_dev):\(status.st_ino)"
                    if let first = seen[inode] {
                        entry["type"] = "hardlink"
                        entry["target"] = first
                    } else {
                        seen[inode] = relative
                        entry["type"] = "file"
                        entry["size"] = Int(status.st_size)
                        try FileManager.default.createDirectory(
                            atPath: folder + "/" + (relative as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                        // A long run of zeros at the end (a file over its size cap) is described, not stored.
                        var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
                        // Whole 64 KiB blocks only, so the count does not depend on the random bytes before.
                        let zeros = bytes.reversed().prefix { $0 == 0 }.count / 65_536 * 65_536
                        if zeros > 0 {
                            bytes.removeLast(zeros)
                            entry["zeros"] = zeros
                        }
                        try Data(bytes).write(to: URL(fileURLWithPath: folder + "/" + relative))
                    }
                    entries.append(entry)
                case S_IFLNK:
                    entry["type"] = "symlink"
                    entry["target"] = try FileManager.default.destinationOfSymbolicLink(atPath: path)
                    entry.removeValue(forKey: "mode")
                    entries.append(entry)
                case S_IFIFO:
                    entry["type"] = "fifo"
                    entries.append(entry)
                case S_IFSOCK:
                    entry["type"] = "socket"
                    entries.append(entry)
                default:
                    throw CocoaError(.fileReadUnknown)
                }
            }
            // A home that does not exist (the vector `no-home`): no entries at all.
            guard FileManager.default.fileExists(atPath: root) else { return [] }
            try visit(".")
            return entries
        }
    }
}

extension String {
    fileprivate var nilIfEmpty: String? { isEmpty ? nil : self }
}
