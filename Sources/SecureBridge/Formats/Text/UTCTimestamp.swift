#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif

/// ISO 8601 timestamps in UTC, whole seconds: `2026-11-21T16:00:00Z`.
package enum UTCTimestamp {
    /// Parses an RFC 3339 instant (`t`/`z` allowed, up to nine fraction digits); `nil` for anything else.
    package static func date(parsing text: String) -> Date? {
        var reader = TimestampReader(text)
        guard let year = reader.number(digits: 4), reader.skip("-"), let month = reader.number(digits: 2),
              reader.skip("-"), let day = reader.number(digits: 2), reader.skip("T", "t"),
              let hour = reader.number(digits: 2), reader.skip(":"), let minute = reader.number(digits: 2),
              reader.skip(":"), let second = reader.number(digits: 2),
              (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day),
              hour < 24, minute < 60, second < 60
        else { return nil }
        var fraction = 0.0
        if reader.skip(".") {
            let digits = reader.digits()
            guard (1...9).contains(digits.count) else { return nil }
            fraction = Double(digits.reduce(0) { $0 * 10 + Int64($1) }) / pow10(digits.count)
        }
        var offset: Int64 = 0
        if !reader.skip("Z", "z") {
            let sign: Int64 = reader.skip("+") ? 1 : reader.skip("-") ? -1 : 0
            guard sign != 0, let hours = reader.number(digits: 2), reader.skip(":"),
                  let minutes = reader.number(digits: 2), hours < 24, minutes < 60
            else { return nil }
            offset = sign * (hours * 3600 + minutes * 60)
        }
        guard reader.isAtEnd else { return nil }
        let seconds = daysSinceEpoch(year: year, month: month, day: day) * 86400 + hour * 3600 + minute * 60 + second
        return Date(timeIntervalSince1970: Double(seconds - offset) + fraction)
    }

    private static func pow10(_ exponent: Int) -> Double {
        (0..<exponent).reduce(1.0) { product, _ in product * 10 }
    }

    private static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Hinnant's `days_from_civil`).
    private static func daysSinceEpoch(year: Int64, month: Int64, day: Int64) -> Int64 {
        let marchYear = month <= 2 ? year - 1 : year  // years counted from March, so February ends one
        let era = (marchYear >= 0 ? marchYear : marchYear - 399) / 400
        let yearOfEra = marchYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}

private struct TimestampReader {
    private var bytes: ArraySlice<UInt8>

    init(_ text: String) { bytes = Array(text.utf8)[...] }

    var isAtEnd: Bool { bytes.isEmpty }

    mutating func skip(_ characters: Character...) -> Bool {
        guard let next = bytes.first, characters.contains(where: { $0.asciiValue == next }) else { return false }
        bytes.removeFirst()
        return true
    }

    mutating func digits() -> [UInt8] {
        let run = bytes.prefix { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
        bytes.removeFirst(run.count)
        return run.map { $0 - UInt8(ascii: "0") }
    }

    mutating func number(digits count: Int) -> Int64? {
        let run = bytes.prefix(count)
        guard run.count == count, run.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
            return nil
        }
        bytes.removeFirst(count)
        return run.reduce(0) { $0 * 10 + Int64($1 - UInt8(ascii: "0")) }
    }
}
