#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif

/// Timestamp text by arithmetic, not `Date.ISO8601FormatStyle` (a start-up trick, Benchmarks/Tricks); from
/// 1582-10-15 to 9999 the text is the formatter's byte for byte (`UTCTimestampFastPathTests`).
extension UTCTimestamp {
    /// The instant in UTC with a `Z`, fractions dropped; beyond `Int64` seconds, at its ends.
    package static func string(from date: Date) -> String {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        guard seconds > -0x1p63 else { return string(seconds: .min) }
        guard seconds < 0x1p63 else { return string(seconds: .max) }
        return string(seconds: Int64(seconds))
    }

    /// The instant as a clock in `timeZone` shows it, with that zone's
    /// offset: `2026-11-21T17:00:00+01:00`; with `Z` where the offset is zero.
    package static func string(from date: Date, in timeZone: TimeZone) -> String {
        let offset = timeZone.secondsFromGMT(for: date)
        guard offset != 0 else { return string(from: date) }
        let local = string(from: date.addingTimeInterval(TimeInterval(offset))).dropLast()  // its Z
        let minutes = abs(offset) / 60
        let hh = minutes / 60 < 10 ? "0\(minutes / 60)" : "\(minutes / 60)"
        let mm = minutes % 60 < 10 ? "0\(minutes % 60)" : "\(minutes % 60)"
        return "\(local)\(offset < 0 ? "-" : "+")\(hh):\(mm)"
    }

    /// Formats Unix seconds; every `Int64` value has a date.
    package static func string(seconds: Int64) -> String {
        // Floor division that cannot overflow, also at Int64.min.
        var days = seconds / 86400
        var secondsOfDay = seconds % 86400
        if secondsOfDay < 0 {
            days -= 1
            secondsOfDay += 86400
        }
        let (year, month, day) = civilDate(daysSinceEpoch: days)
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let yearText = (0..<1000).contains(year) ? String("000\(year)".suffix(4)) : "\(year)"  // four digits from year 0
        return "\(yearText)-\(two(month))-\(two(day))T\(two(secondsOfDay / 3600)):\(two(secondsOfDay % 3600 / 60)):\(two(secondsOfDay % 60))Z"
    }

    /// Days since 1970-01-01 to a proleptic Gregorian date (Hinnant's `civil_from_days`).
    fileprivate static func civilDate(daysSinceEpoch: Int64) -> (Int64, Int64, Int64) {
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
