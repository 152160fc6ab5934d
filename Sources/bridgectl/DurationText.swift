import SecureBridge


/// Durations as the CLI writes them: `90s`, `15m`, `12h`, `7d`.
public enum DurationText {
    /// The longest duration accepted, in days.
    public static let maximumDays = 366

    /// Parses a duration into seconds.
    /// - Throws: `SessionError.invalidDuration` for anything else or zero,
    ///   `SessionError.durationTooLong` for more than `maximumDays` days.
    public static func seconds(_ text: String) throws -> Int64 {
        guard let unit = text.last.flatMap(secondsPerUnit), text.count >= 2, text.count <= 8,
              let value = Int64(text.dropLast()), text.dropLast().allSatisfy(\.isASCII), text.first != "+",
              value > 0
        else { throw SessionError.invalidDuration(text) }
        guard value * unit <= Int64(maximumDays) * 86400 else {
            throw SessionError.durationTooLong(text, maximumDays: maximumDays)
        }
        return value * unit
    }

    /// Seconds in one `s`, `m`, `h` or `d` (a switch: a dictionary's first use
    /// costs a static binary more than a publish's own parsing).
    private static func secondsPerUnit(_ unit: Character) -> Int64? {
        switch unit {
        case "s": 1
        case "m": 60
        case "h": 3600
        case "d": 86400
        default: nil
        }
    }
}
