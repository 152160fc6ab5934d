// When one finding explains others, doctor reports the cause with its fix and
// the others as its consequences, under it and without a fix of their own:
// a container open to others also hides the snapshot and the auth status, a
// data keyset shredded by a logout cut short also makes the widget see a
// rollback, and each of those would otherwise advise a command that fails
// until the cause is fixed. So every fix doctor prints works as the next command.

extension Finding.Check {
    /// The checks whose findings can explain a finding of this check: what
    /// it reads through. The places come first, then their files, then the
    /// keys, the records the keys verify, and what the widget makes of them.
    var readsThrough: Set<Finding.Check> {
        switch self {
        case .crypto, .layout, .clock: []
        case .permissions: [.layout]
        case .keys: [.layout, .permissions]
        case .pinnedKey: [.layout, .permissions, .keys]
        case .session: [.layout, .permissions, .keys, .pinnedKey]
        case .snapshot: [.layout, .permissions, .keys, .pinnedKey, .session]
        case .widget: [.layout, .permissions, .keys, .pinnedKey, .session, .snapshot, .clock]
        // Left by a command cut short, and removed by the next app-side command: never the cause to fix first.
        case .temporaryFiles: [.layout, .permissions, .keys, .pinnedKey, .session, .snapshot, .clock, .widget]
        }
    }
}

extension Doctor {
    /// `findings` with each consequence placed under its cause: a finding
    /// that is not ok is a consequence when a finding it reads through (an
    /// earlier check in ``Finding/Check/readsThrough``) is a cause with
    /// another fix. A cause takes the highest severity of its consequences,
    /// so the report's status stays that of all its findings.
    /// Two findings with the same fix (the same commands quoted) are both
    /// causes: following either fixes both.
    /// - Parameter findings: The findings in the order of the checks.
    /// - Returns: The causes in that order, each followed by its consequences.
    static func placingConsequences(_ findings: [Finding]) -> [Finding] {
        var causeOf: [Int: Int] = [:]
        // Causes are settled before what reads through them.
        let settlingOrder = findings.indices.sorted { findings[$0].check.readsThrough.count < findings[$1].check.readsThrough.count }
        for index in settlingOrder where findings[index].severity != .ok {
            let finding = findings[index]
            causeOf[index] = findings.indices.first { candidate in
                let cause = findings[candidate]
                return cause.severity != .ok && causeOf[candidate] == nil && finding.check.readsThrough.contains(cause.check)
                    && cause.fix != nil && !Self.sameCommands(cause.fix, finding.fix)
            }
        }
        var placed: [Finding] = []
        for (index, finding) in findings.enumerated() where causeOf[index] == nil {
            let consequences = findings.indices.filter { causeOf[$0] == index }.map { findings[$0] }
            var cause = finding
            if let worst = consequences.map(\.severity).max(), worst > cause.severity { cause.severity = worst }
            placed.append(cause)
            placed += consequences.map { $0.following(cause) }
        }
        return placed
    }

    /// Whether two fixes are the same, or quote the same commands between backticks.
    static func sameCommands(_ fix: String?, _ other: String?) -> Bool {
        func commands(_ fix: String?) -> [Substring] {
            (fix ?? "").split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
        }
        return fix == other || (!commands(fix).isEmpty && commands(fix) == commands(other))
    }
}
