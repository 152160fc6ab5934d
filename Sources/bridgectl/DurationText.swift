import SecureBridge


/// Durations as the CLI writes them: `90s`, `15m`, `12h`, `7d`.
public enum DurationText {
    /// Parses a duration into seconds.
    /// - Throws: `SessionError.invalidDuration` for anything else, zero, or more than 366 days.
    public static func seconds(_ text: String) throws -> Int64 {
        let units: [Character: Int64] = ["s": 1, "m": 60, "h": 3600, "d": 86400]
        guard let unit = text.last.flatMap({ units[$0] }), text.count >= 2, text.count <= 8,
              let value = Int64(text.dropLast()), text.dropLast().allSatisfy(\.isASCII), text.first != "+",
              value > 0, value * unit <= 366 * 86400
        else { throw SessionError.invalidDuration(text) }
        return value * unit
    }
}
