#if canImport(FoundationEssentials)
import FoundationEssentials
import FoundationInternationalization
#else
import Foundation
#endif

/// Durations, months and spoken amounts as a locale writes them, through ICU; English text never loads ICU.
enum LocalizedFormat {
    enum Unit {
        case minutes, hours, days

        fileprivate var allowed: Duration.UnitsFormatStyle.Unit {
            switch self {
            case .minutes: .minutes
            case .hours: .hours
            case .days: .days
            }
        }

        fileprivate var seconds: Int64 {
            switch self {
            case .minutes: 60
            case .hours: 3_600
            case .days: 86_400
            }
        }
    }

    /// `count` whole units, abbreviated as the locale abbreviates them.
    static func duration(_ count: Int64, _ unit: Unit, localeIdentifier: String) -> String {
        let (seconds, overflow) = count.multipliedReportingOverflow(by: unit.seconds)
        let style = Duration.UnitsFormatStyle(allowedUnits: [unit.allowed], width: .abbreviated)
            .locale(Locale(identifier: localeIdentifier))
        return withoutBidiMarks(Duration.seconds(overflow ? Int64.max : seconds).formatted(style))
    }

    /// The month and year, as the locale writes them on their own.
    static func monthAndYear(year: Int, month: Int, localeIdentifier: String) -> String? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        guard let date = calendar.date(from: DateComponents(year: year, month: month, day: 15, hour: 12)) else { return nil }
        let style = Date.FormatStyle(locale: Locale(identifier: localeIdentifier), calendar: calendar, timeZone: .gmt)
            .month(.wide).year()
        return withoutBidiMarks(date.formatted(style))
    }

    /// An amount, its sign not written, with its currency's name as a screen reader says it (`42,17 Britische Pfund`).
    static func amountInWords(_ amount: Decimal, currencyCode: String, fractionDigits: Int, localeIdentifier: String) -> String {
        let style = Decimal.FormatStyle.Currency(code: currencyCode, locale: Locale(identifier: localeIdentifier))
            .presentation(.fullName)
            .precision(.fractionLength(fractionDigits))
        return withoutBidiMarks(amount.formatted(style))
    }

    /// `text` without the bidi marks ICU puts around numbers in right-to-left locales; no output carries them.
    static func withoutBidiMarks(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isBidiMark) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.filter { !isBidiMark($0) }))
    }

    private static func isBidiMark(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\u{061C}" || scalar == "\u{200E}" || scalar == "\u{200F}"
    }
}
