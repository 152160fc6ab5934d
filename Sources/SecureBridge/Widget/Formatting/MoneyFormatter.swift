#if canImport(FoundationEssentials)
package import FoundationEssentials
import FoundationInternationalization
#else
package import Foundation
#endif

/// Formats money exactly, for a currency and a locale.
package enum MoneyFormatter {
    /// The amount as an exact `Decimal`: minor units scaled by the currency's
    /// exponent, never through `Double`.
    ///
    /// - Parameter money: e.g. 467500 minor units of EUR.
    /// - Returns: e.g. 4675.00.
    package static func decimal(_ money: Money) -> Decimal {
        Decimal(
            sign: money.minorUnits < 0 ? .minus : .plus,
            exponent: -fractionDigits(of: money.currency),
            significand: Decimal(money.minorUnits.magnitude))
    }

    /// The amount formatted for its currency and a locale: `€4,675.00` for
    /// EUR in `en_US`, `4.675,00 €` in `de_DE`, `¥500` for JPY, `-€12.50`.
    ///
    /// In `en_US`, `en_GB`, `de_DE` and `fr_FR` the text is made from the
    /// minor units without loading ICU (`FastMoneyFormat`), byte for byte what
    /// `Decimal.FormatStyle` makes; other locales use `Decimal.FormatStyle`.
    /// - Parameters:
    ///   - money: The amount.
    ///   - localeIdentifier: e.g. `en_US`.
    /// - Returns: The display string, with every minor-unit digit.
    package static func string(for money: Money, localeIdentifier: String) -> String {
        FastMoneyFormat.string(for: money, localeIdentifier: localeIdentifier)
            ?? foundationString(for: money, localeIdentifier: localeIdentifier)
    }

    /// The amount as `Decimal.FormatStyle.Currency` formats it, through ICU.
    static func foundationString(for money: Money, localeIdentifier: String) -> String {
        let style = FormatStyleCache.shared.currencyStyle(for: money.currency, localeIdentifier: localeIdentifier)
        return LocalizedFormat.withoutBidiMarks(decimal(money).formatted(style))
    }

    /// The currency's minor-unit digits, kept within what a `Decimal` and a
    /// display can sensibly hold (0–18).
    static func fractionDigits(of currency: Currency) -> Int {
        min(max(currency.minorUnitDigits, 0), 18)
    }
}

/// Formats shares of a total for a locale.
enum PercentFormatter {
    /// A share given in tenths of a percent, always with one decimal, so a
    /// column of shares has one precision: 425 → `42.5%` in `en_US`,
    /// `42,5 %` in `de_DE`; 40 → `4.0%`.
    package static func string(tenthsOfPercent: Int, localeIdentifier: String) -> String {
        let fraction = Decimal(
            sign: tenthsOfPercent < 0 ? .minus : .plus, exponent: -3,
            significand: Decimal(tenthsOfPercent.magnitude))
        return LocalizedFormat.withoutBidiMarks(
            fraction.formatted(FormatStyleCache.shared.percentStyle(localeIdentifier: localeIdentifier)))
    }
}
