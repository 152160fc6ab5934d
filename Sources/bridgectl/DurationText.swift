/// Durations as the CLI writes them: `90s`, `15m`, `12h`, `7d`.
enum DurationText {
    /// The longest duration accepted, in days.
    static let maximumDays = 366

    /// A duration that cannot be used; the text as given.
    enum Failure: Error, Equatable, CustomStringConvertible {
        /// Not a number and a unit, or zero.
        case invalid(String)
        /// Longer than the longest accepted, `maximumDays` days.
        case tooLong(String, maximumDays: Int)

        var description: String {
            switch self {
            case let .invalid(text):
                "The duration \(text) is not valid; use a number followed by s, m, h or d, like 90s, 15m, 12h or 7d."
            case let .tooLong(text, maximumDays):
                "The duration \(text) is longer than the limit of \(maximumDays) days."
            }
        }
    }

    /// Parses a duration into seconds.
    /// - Throws: `Failure.invalid` for anything else or zero, `Failure.tooLong`
    ///   for more than `maximumDays` days.
    static func seconds(_ text: String) throws(Failure) -> Int64 {
        guard let unit = text.last.flatMap(secondsPerUnit), text.count >= 2, text.count <= 8,
              let value = Int64(text.dropLast()), text.dropLast().allSatisfy(\.isASCII), text.first != "+",
              value > 0
        else { throw .invalid(text) }
        guard value * unit <= Int64(maximumDays) * 86400 else {
            throw .tooLong(text, maximumDays: maximumDays)
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
