import ArgumentParser

/// `--format` for commands that print either.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}

/// How `read` prints a timeline: its lines, the JSON contract, or what a
/// status bar shows of the current entry (`StatusBarText`).
enum ReadFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json, waybar, line
}
