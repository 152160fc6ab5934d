import Foundation
import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp
@testable import SecureBridgeTestSupport

/// Attack 1: every byte of every container file flipped, every truncation,
/// garbage appended. The reader may show exactly what was published or a
/// placeholder with a documented reason, nothing else.
@Suite(.sweep) struct TamperSweepTests {
    /// What a sweep over one file saw.
    struct Tally: CustomStringConvertible {
        let file: String
        var tried = 0
        var unchanged = 0
        var reasons: [Reason: Int] = [:]
        var violations: [String] = []

        var description: String {
            let counts = reasons.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.key.rawValue) \($0.value)" }
            return "tamper sweep \(file): \(tried) cases, \(unchanged) unchanged, "
                + (counts.isEmpty ? "no placeholder" : counts.joined(separator: ", "))
                + ", \(violations.count) violations"
        }
    }

    /// Applies every mutation of `name` in a published home and classifies what the gate answers.
    static func sweep(_ name: String, allowed: Set<Reason>) throws -> Tally {
        let fixture = try BridgeFixture.published()
        let published = try #require(fixture.content())
        let marks = try fixture.bytes(.keychain, "marks")
        let original = try fixture.bytes(.container, name)
        var tally = Tally(file: name)
        for mutation in Mutation.sweep(of: original) {
            try fixture.plant(.container, name, mutation.apply(to: original))
            tally.tried += 1
            switch fixture.gate() {
            case let .content(content) where content == published:
                tally.unchanged += 1
            case let .refused(reason) where allowed.contains(reason):
                tally.reasons[reason, default: 0] += 1
            case let .refused(reason):
                tally.violations.append("\(mutation): placeholder \(reason.rawValue)")
            case .content:
                tally.violations.append("\(mutation): content that differs from what was published")
            }
        }
        // Nothing tampered moved a high-water mark, and the genuine file still reads.
        #expect(try fixture.bytes(.keychain, "marks") == marks, "\(name): a tampered file moved the marks")
        try fixture.plant(.container, name, original)
        #expect(fixture.content() == published, "\(name): the published content no longer reads")
        print(tally)
        return tally
    }

    static let signedFileReasons: Set<Reason> = [.tampered, .unknownKey]

    @Test(arguments: ["snapshot", "auth-status", "onboarding"])
    func everyChangeToASignedFileGivesAPlaceholder(file: String) throws {
        let tally = try Self.sweep(file, allowed: Self.signedFileReasons)
        let size = try #require(HomeTemplate.published.get().bytes(.container, file)).count
        #expect(tally.tried == size * Mutation.masks.count + size + 5)
        #expect(tally.violations.isEmpty, "\(tally.violations.prefix(5))")
        #expect(tally.unchanged == 0)
    }

    @Test func theReloadTokenIsOutsideTheGate() throws {
        // The token only tells a widget to reload; no change to it changes what is shown.
        let tally = try Self.sweep("reload-token", allowed: [])
        #expect(tally.violations.isEmpty, "\(tally.violations.prefix(5))")
        #expect(tally.unchanged == tally.tried && tally.tried > 100)
    }

    @Test func bridgectlRendersTamperedFilesAsValidJSONAndExitsZero() async throws {
        let fixture = try BridgeFixture.published()
        let baseline = try await Bridgectl.readJSON(home: fixture.root, now: fixture.startText)
        #expect(baseline.status == 0)
        let firstState = (baseline.json?["entries"] as? [[String: Any]])?.first?["state"] as? String
        #expect(firstState == "full")

        // A sample: every 7th byte of the snapshot, every truncation of the auth
        // status, and garbage appended to each signed file.
        var cases: [(String, Mutation)] = []
        let snapshot = try fixture.bytes(.container, "snapshot")
        for offset in stride(from: 0, to: snapshot.count, by: 7) {
            cases.append(("snapshot", .flip(offset: offset, mask: Mutation.masks[offset / 7 % Mutation.masks.count])))
        }
        let auth = try fixture.bytes(.container, "auth-status")
        cases += (0..<auth.count).map { ("auth-status", .truncate(length: $0)) }
        for name in ["snapshot", "auth-status", "onboarding"] {
            cases += Mutation.garbage(for: try fixture.bytes(.container, name)).map { (name, .append($0)) }
        }

        let allowed = Set(Self.signedFileReasons.map(\.rawValue))
        var failures: [String] = []
        for (name, mutation) in cases {
            let original = try fixture.bytes(.container, name)
            try fixture.plant(.container, name, mutation.apply(to: original))
            defer { try? fixture.plant(.container, name, original) }
            let output = try await Bridgectl.readJSON(home: fixture.root, now: fixture.startText)
            guard output.status == 0, output.stderr.isEmpty, let json = output.json,
                  let entries = json["entries"] as? [[String: Any]], !entries.isEmpty
            else {
                failures.append("\(name) \(mutation): \(output)")
                continue
            }
            let placeholders = entries.allSatisfy { entry in
                entry["state"] as? String == "placeholder" && (entry["reason"] as? String).map(allowed.contains) == true
                    && (entry["accounts"] as? [Any])?.isEmpty == true
            }
            if output.stdout != baseline.stdout && !placeholders {
                failures.append("\(name) \(mutation): neither the published timeline nor a placeholder")
            }
        }
        print("tamper sample via bridgectl: \(cases.count) cases, \(failures.count) failures")
        #expect(cases.count > 150)
        #expect(failures.isEmpty, "\(failures.prefix(5))")
    }
}
