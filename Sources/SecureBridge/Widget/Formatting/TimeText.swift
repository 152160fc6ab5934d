#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Deterministic "time ago" text, from whole elapsed seconds, in the locale's language.
enum RelativeTime {
    /// `date` seen from `reference`, rounded down: `just now` (under a minute), `5 min ago`, `in 3 h`.
    package static func describe(_ date: Date, seenAt reference: Date, localeIdentifier: String = "en_US") -> String {
        let language = WidgetLanguage(localeIdentifier: localeIdentifier)
        let elapsed = reference.timeIntervalSince(date)
        guard elapsed.isFinite, abs(elapsed) >= 60 else { return language.text("just now") }
        let (count, unit) = wholeUnits(abs(elapsed))
        let span = language == .english
            ? "\(count) \(unit.englishAbbreviation)"
            : LocalizedFormat.duration(count, unit, localeIdentifier: localeIdentifier)
        return language.text(elapsed > 0 ? "%@ ago" : "in %@", span)
    }

    /// Whole minutes, hours or days for at least a minute, rounded down.
    private static func wholeUnits(_ interval: TimeInterval) -> (Int64, LocalizedFormat.Unit) {
        guard interval < Double(Int64.max) else { return (Int64.max / 86_400, .days) }
        let seconds = Int64(interval.rounded(.down))
        if seconds < 3_600 { return (seconds / 60, .minutes) }
        if seconds < 86_400 { return (seconds / 3_600, .hours) }
        return (seconds / 86_400, .days)
    }
}

extension LocalizedFormat.Unit {
    fileprivate var englishAbbreviation: String {
        switch self {
        case .minutes: "min"
        case .hours: "h"
        case .days: "d"
        }
    }
}
