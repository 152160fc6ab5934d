import SecureBridge

/// What `bridgectl doctor` found, ready to print.
public struct DoctorReport: Sendable, Equatable {
    /// Every finding, in the order of the checks.
    public let findings: [Finding]

    /// A report of `findings`.
    public init(findings: [Finding]) {
        self.findings = findings
    }

    /// No finding is a problem (warnings allowed): `doctor` exits 0.
    public var isHealthy: Bool { !findings.contains { $0.severity == .problem } }

    /// Every finding is ok: `doctor --strict` exits 0.
    public var isAllOK: Bool { findings.allSatisfy { $0.severity == .ok } }

    /// How many findings that are no consequence of another have `severity`.
    public func count(of severity: Finding.Severity) -> Int {
        findings.count { $0.severity == severity && $0.cause == nil }
    }

    /// The findings that need doing something about and follow from no other: each with its fix.
    public var causes: [Finding] { findings.filter { $0.severity != .ok && $0.cause == nil } }

    /// One line per finding, then a summary line.
    public var text: String {
        let problems = count(of: .problem)
        let warnings = count(of: .warning)
        var summary: String
        if problems == 0, warnings == 0 {
            summary = "All well."
        } else {
            summary = [
                problems > 0 ? "\(problems) problem\(problems == 1 ? "" : "s")" : nil,
                warnings > 0 ? "\(warnings) warning\(warnings == 1 ? "" : "s")" : nil,
            ].compactMap { $0 }.joined(separator: ", ") + "."
            let consequences = findings.count { $0.cause != nil }
            if consequences > 0 {
                summary.removeLast()
                summary += " (\(consequences) more following from \(problems + warnings == 1 ? "it" : "them"))."
            }
        }
        return (findings.map(\.description) + [summary]).joined(separator: "\n")
    }

    /// One JSON object: `{"healthy", "problems", "warnings", "findings": [{"check", "severity", "message", "fix", "cause"}]}`;
    /// `cause` is the check a consequence follows from, else `null`.
    public var json: String {
        JSONOutput.object([
            ("healthy", .bool(isHealthy)),
            ("problems", .integer(Int64(count(of: .problem)))),
            ("warnings", .integer(Int64(count(of: .warning)))),
            ("findings", .array(findings.map { finding in
                .object([
                    ("check", .string(finding.check.rawValue)),
                    ("severity", .string(finding.severity.rawValue)),
                    ("message", .string(finding.message)),
                    ("fix", .string(finding.fix)),
                    ("cause", .string(finding.cause?.rawValue)),
                ])
            })),
        ]).serialized
    }
}
