import ArgumentParser

/// "Did you mean …?" for a mistyped command: the argument parser suggests
/// options, not subcommands.
enum CommandSuggestion {
    /// A usage error naming the command meant, when the first argument is not
    /// a command: the one command it begins, else the one nearest to it within
    /// two edits; `nil` when it begins several, or several are nearest, or none
    /// is within two edits (the argument parser then says what it says).
    static func error(for arguments: [String]) -> ValidationError? {
        guard let typed = arguments.first, !typed.hasPrefix("-"), typed != "help" else { return nil }
        let names = BridgeCtl.configuration.subcommands.map { $0._commandName }
        guard !names.contains(typed), let meant = meant(by: typed, among: names) else { return nil }
        return ValidationError("Unknown command '\(typed)'. Did you mean '\(meant)'?")
    }

    private static func meant(by typed: String, among names: [String]) -> String? {
        let begun = names.filter { $0.hasPrefix(typed) }
        guard begun.count < 2 else { return nil }
        if let only = begun.first { return only }
        let distances = names.map { (name: $0, distance: distance(typed, $0)) }
        guard let nearest = distances.map(\.distance).min(), nearest <= 2 else { return nil }
        let nearestNames = distances.filter { $0.distance == nearest }
        return nearestNames.count == 1 ? nearestNames[0].name : nil
    }

    /// The Levenshtein distance between `a` and `b` (insertions, deletions, substitutions).
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}
