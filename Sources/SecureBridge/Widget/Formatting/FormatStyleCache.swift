#if canImport(FoundationEssentials)
import FoundationEssentials
import FoundationInternationalization
#else
import Foundation
#endif
import Synchronization

/// Format styles by currency and locale, built once (each resolves ICU data) and bounded against odd inputs.
final class FormatStyleCache: Sendable {
    static let shared = FormatStyleCache()

    private struct CurrencyKey: Hashable {
        let currency: Currency
        let localeIdentifier: String
    }

    private static let capacity = 64
    private let currencyStyles = Mutex<[CurrencyKey: Decimal.FormatStyle.Currency]>([:])
    private let percentStyles = Mutex<[String: Decimal.FormatStyle.Percent]>([:])

    /// The style for `currency` in `localeIdentifier`, with all its minor-unit digits so no amount is rounded.
    func currencyStyle(for currency: Currency, localeIdentifier: String) -> Decimal.FormatStyle.Currency {
        let key = CurrencyKey(currency: currency, localeIdentifier: localeIdentifier)
        return currencyStyles.withLock { styles in
            if let style = styles[key] { return style }
            let style = Decimal.FormatStyle.Currency(code: currency.code, locale: Locale(identifier: localeIdentifier))
                .precision(.fractionLength(MoneyFormatter.fractionDigits(of: currency)))
            if styles.count >= Self.capacity { styles.removeAll() }
            styles[key] = style
            return style
        }
    }

    /// The percent style for `localeIdentifier`, always with one decimal so a column of shares lines up.
    func percentStyle(localeIdentifier: String) -> Decimal.FormatStyle.Percent {
        percentStyles.withLock { styles in
            if let style = styles[localeIdentifier] { return style }
            let style = Decimal.FormatStyle.Percent(locale: Locale(identifier: localeIdentifier))
                .precision(.fractionLength(1))
            if styles.count >= Self.capacity { styles.removeAll() }
            styles[localeIdentifier] = style
            return style
        }
    }
}
