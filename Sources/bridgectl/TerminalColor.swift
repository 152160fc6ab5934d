import SecureBridge

/// Whether terminal output may be coloured.
public enum TerminalColor {
    /// Colour only on a terminal, never when `NO_COLOR` is set to anything
    /// but the empty string (no-color.org), and never on a `dumb` terminal.
    ///
    /// - Parameters:
    ///   - standardOutputIsTerminal: Whether standard output is a TTY (`isatty(1)`).
    ///   - environment: The process environment.
    /// - Returns: `true` when ANSI colour escapes may be written.
    public static func isEnabled(standardOutputIsTerminal: Bool, environment: [String: String]) -> Bool {
        guard standardOutputIsTerminal else { return false }
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
        if environment["TERM"] == "dumb" { return false }
        return true
    }
}
