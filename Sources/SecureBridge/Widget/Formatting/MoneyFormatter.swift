#if canImport(FoundationEssentials)
package import FoundationEssentials
import FoundationInternationalization
#else
package import Foundation
#endif

/// Formats money exactly, for a currency and a locale.
package enum MoneyFormatter {
    /// The amount as an exact `Decimal` (467500 minor units of EUR → 4675.00), never through `Double`.
    package static func decimal(_ money: Money) -> Decimal {
        Decimal(
            sign: money.minorUnits < 0 ? .minus : .plus,
            exponent: -fractionDigits(of: money.currency),
            significand: Decimal(money.minorUnits.magnitude))
    }

    /// The amount for its currency and a locale (`€4,675.00`, `4.675,00 €`); four locales take `FastMoneyFormat`.
    package static func string(for money: Money, localeIdentifier: String) -> String {
        FastMoneyFormat.string(for: money, localeIdentifier: localeIdentifier)
            ?? foundationString(for: money, localeIdentifier: localeIdentifier)
    }

    /// The amount as `Decimal.FormatStyle.Currency` formats it, through ICU.
    static func foundationString(for money: Money, localeIdentifier: String) -> String {
        let style = FormatStyleCache.shared.currencyStyle(for: money.currency, localeIdentifier: localeIdentifier)
        return LocalizedFormat.withoutBidiMarks(decimal(money).formatted(style))
    }

    /// The currency's minor-unit digits, clamped to 0–18 (what a `Decimal` and a display can hold).
    static func fractionDigits(of currency: Currency) -> Int {
        min(max(currency.minorUnitDigits, 0), 18)
    }
}

/// Formats shares of a total for a locale.
enum PercentFormatter {
    /// A share in tenths of a percent, always with one decimal: 425 → `42.5%` in `en_US`, `42,5 %` in `de_DE`.
    package static func string(tenthsOfPercent: Int, localeIdentifier: String) -> String {
        let fraction = Decimal(
            sign: tenthsOfPercent < 0 ? .minus : .plus, exponent: -3,
            significand: Decimal(tenthsOfPercent.magnitude))
        return LocalizedFormat.withoutBidiMarks(
            fraction.formatted(FormatStyleCache.shared.percentStyle(localeIdentifier: localeIdentifier)))
    }
}
