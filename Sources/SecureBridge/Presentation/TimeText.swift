import Foundation

/// ISO 8601 timestamps in UTC, whole seconds: `2026-11-21T16:00:00Z`.
public enum UTCTimestamp {
    /// The instant in UTC with a `Z`, fractions of a second dropped.
    public static func string(from date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(timeZone: .gmt))
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
