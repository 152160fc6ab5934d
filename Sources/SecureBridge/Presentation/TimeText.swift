import FoundationEssentials

/// ISO 8601 timestamps in UTC, whole seconds: `2026-11-21T16:00:00Z`.
public enum UTCTimestamp {
    /// The instant in UTC with a `Z`, fractions of a second dropped.
    /// Instants beyond the range of `Int64` seconds are shown at its ends.
    public static func string(from date: Date) -> String {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        guard seconds > -0x1p63 else { return string(seconds: .min) }
        guard seconds < 0x1p63 else { return string(seconds: .max) }
        return string(seconds: Int64(seconds))
    }

    /// Formats Unix seconds; every `Int64` value has a date.
    public static func string(seconds: Int64) -> String {
        // Floor division that cannot overflow, also at Int64.min.
        var days = seconds / 86400
        var secondsOfDay = seconds % 86400
        if secondsOfDay < 0 {
            days -= 1
            secondsOfDay += 86400
        }
        let (year, month, day) = civilDate(daysSinceEpoch: days)
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(year)-\(two(month))-\(two(day))T\(two(secondsOfDay / 3600)):\(two(secondsOfDay % 3600 / 60)):\(two(secondsOfDay % 60))Z"
    }

    /// Parses `YYYY-MM-DDTHH:MM:SSZ`, optionally with fractional seconds or a `±HH:MM` offset.
    public static func date(parsing text: String) -> Date? {
        try? Date.ISO8601FormatStyle().parse(text)
    }

    /// Days since 1970-01-01 to a proleptic Gregorian (year, month, day).
    private static func civilDate(daysSinceEpoch: Int64) -> (Int64, Int64, Int64) {
        let z = daysSinceEpoch + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}

/// Deterministic "time ago" text, from whole elapsed seconds.
public enum RelativeTime {
    /// How long before `reference` the `date` was: `just now` (under a
    /// minute, or in the future), `5 min ago`, `3 h ago`, `2 d ago`; each unit
    /// rounded down.
    ///
    /// - Parameters:
    ///   - date: The earlier instant (e.g. publication).
    ///   - reference: The instant it is seen from (e.g. the entry's date).
    public static func describe(_ date: Date, seenAt reference: Date) -> String {
        let elapsed = reference.timeIntervalSince(date)
        guard elapsed.isFinite, elapsed >= 60 else { return "just now" }
        guard elapsed < Double(Int64.max) else { return "\(Int64.max / 86_400) d ago" }
        let seconds = Int64(elapsed.rounded(.down))
        if seconds < 3_600 { return "\(seconds / 60) min ago" }
        if seconds < 86_400 { return "\(seconds / 3_600) h ago" }
        return "\(seconds / 86_400) d ago"
    }
}
