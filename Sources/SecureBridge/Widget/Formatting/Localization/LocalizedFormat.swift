#if canImport(FoundationEssentials)
import FoundationEssentials
import FoundationInternationalization
#else
import Foundation
#endif

/// Durations, months and spoken amounts as a locale writes them, through
/// Foundation's format styles (ICU): `5 Min.`, `٣ س`, `11 Tg.`;
/// `novembre 2026`, `2026年11月`; `42,17 Britische Pfund`.
/// English widget text keeps its own fixed forms and never loads ICU for them.
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

    /// An amount with its currency's name in words, as the locale writes
    /// them for a screen reader: `42,17 Britische Pfund`, `58 000 yens japonais`.
    /// - Parameters:
    ///   - amount: The amount; its sign is not written.
    ///   - currencyCode: The ISO 4217 code; a code the locale has no name for is written as is.
    ///   - fractionDigits: The currency's minor-unit digits, all of them written.
    ///   - localeIdentifier: The locale, e.g. `de_DE`.
    static func amountInWords(_ amount: Decimal, currencyCode: String, fractionDigits: Int, localeIdentifier: String) -> String {
        let style = Decimal.FormatStyle.Currency(code: currencyCode, locale: Locale(identifier: localeIdentifier))
            .presentation(.fullName)
            .precision(.fractionLength(fractionDigits))
        return withoutBidiMarks(amount.formatted(style))
    }

    /// `text` without the bidirectional marks ICU puts around numbers and
    /// signs in right-to-left locales (U+061C, U+200E, U+200F). Every output
    /// of the package refuses bidirectional controls, names included; a
    /// right-to-left layout sets the direction instead.
    static func withoutBidiMarks(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isBidiMark) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.filter { !isBidiMark($0) }))
    }

    private static func isBidiMark(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\u{061C}" || scalar == "\u{200E}" || scalar == "\u{200F}"
    }
}
