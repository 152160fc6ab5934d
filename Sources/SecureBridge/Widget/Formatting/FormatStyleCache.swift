#if canImport(FoundationEssentials)
import FoundationEssentials
import FoundationInternationalization
#else
import Foundation
#endif
import Synchronization

/// Number format styles by currency and locale, built once and shared.
///
/// Building a style resolves the locale's ICU data, which is costly; entries
/// format the same few currencies over and over. The cache is bounded so odd
/// inputs cannot grow it without limit.
final class FormatStyleCache: Sendable {
    /// The process-wide cache.
    static let shared = FormatStyleCache()

    private struct CurrencyKey: Hashable {
        let currency: Currency
        let localeIdentifier: String
    }

    private static let capacity = 64
    private let currencyStyles = Mutex<[CurrencyKey: Decimal.FormatStyle.Currency]>([:])
    private let percentStyles = Mutex<[String: Decimal.FormatStyle.Percent]>([:])

    /// The style for `currency` in `localeIdentifier`, with exactly the
    /// currency's minor-unit digits so no amount is ever rounded.
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

    /// The percent style for `localeIdentifier`, always with one decimal, so
    /// the shares in a column line up: `56.2%`, `4.0%`.
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
