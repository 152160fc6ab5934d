#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// An amount as an entry shows it: the typed value beside the display text; masked, only the currency.
public struct DisplayAmount: Sendable, Equatable, CustomStringConvertible {
    /// The exact amount, or `nil` when masked.
    public let value: Decimal?
    /// Whether the amount is below zero, or `nil` when masked.
    public let sign: FloatingPointSign?
    /// The ISO 4217 code of the amount's currency, e.g. `GBP`.
    public let currencyCode: String
    /// Whether the amount is hidden (`text` is the mask).
    public let isMasked: Bool
    /// The exact amount in major units as the bank API gives it (`"-42.17"`), unformatted; `nil` when masked.
    public let decimalString: String?
    /// What the widget prints: `-£42.17` in the locale's own spacing, or ``Redaction/mask``; compare by ``value``.
    public let text: String
    /// The amount to speak, `nil` when masked.
    private let spoken: Money?
    private let localeIdentifier: String

    package init(_ money: Money, masked: Bool, localeIdentifier: String) {
        currencyCode = money.currency.code
        isMasked = masked
        self.localeIdentifier = localeIdentifier
        if masked {
            value = nil
            decimalString = nil
            sign = nil
            text = Redaction.mask
            spoken = nil
        } else {
            let decimal = MoneyFormatter.decimal(money)
            value = decimal
            decimalString = money.decimalString
            sign = money.minorUnits < 0 ? .minus : .plus
            text = MoneyFormatter.string(for: money, localeIdentifier: localeIdentifier)
            spoken = money
        }
    }

    /// What a screen reader says, in the entry's language (`minus 42 pounds 17`); `amount hidden` when masked.
    public var accessibilityLabel: String {
        let language = WidgetLanguage(localeIdentifier: localeIdentifier)
        guard let spoken else { return language.text(SpokenAmount.hidden) }
        return SpokenAmount.label(for: spoken, language: language, localeIdentifier: localeIdentifier)
    }

    /// The currency and whether it is masked: never an amount in logs.
    public var description: String {
        "DisplayAmount(\(currencyCode)\(isMasked ? ", masked" : ""))"
    }
}

/// Amounts as words for a screen reader: `minus 42 pounds 17`, `minus 42,17 Britische Pfund`.
enum SpokenAmount {
    /// The label of a masked amount, in English (the key of its translations).
    static let hidden = "amount hidden"

    /// The spoken form of `money` in `language`, whose locale is `localeIdentifier`.
    static func label(for money: Money, language: WidgetLanguage, localeIdentifier: String) -> String {
        guard language != .english else { return label(for: money) }
        let digits = MoneyFormatter.fractionDigits(of: money.currency)
        let magnitude = Decimal(sign: .plus, exponent: -digits, significand: Decimal(money.minorUnits.magnitude))
        let words = LocalizedFormat.amountInWords(
            magnitude, currencyCode: money.currency.code, fractionDigits: digits, localeIdentifier: localeIdentifier)
        return money.minorUnits < 0 ? language.text("minus %@", words) : words
    }

    /// The English spoken form of `money`.
    static func label(for money: Money) -> String {
        let digits = MoneyFormatter.fractionDigits(of: money.currency)
        let magnitude = money.minorUnits.magnitude
        var scale: UInt64 = 1
        for _ in 0..<min(digits, 19) { scale = scale.multipliedReportingOverflow(by: 10).partialValue }
        let whole = digits >= 19 ? 0 : magnitude / scale
        let minor = digits >= 19 ? magnitude : magnitude % scale
        var label = money.minorUnits < 0 ? "minus " : ""
        label += String(whole) + " " + unitName(of: money.currency.code, count: whole)
        if minor != 0 { label += " " + String(minor) }
        return label
    }

    /// The name of one whole unit of `code` (`pounds`, `yen`), plural unless `count` is 1; else the code.
    static func unitName(of code: String, count: UInt64) -> String {
        guard let (one, many) = unitNames[code] else { return code }
        return count == 1 ? one : many
    }

    /// The unit names of the currencies banks list most; others are spoken by code.
    private static let unitNames: SortedTable<(String, String)> = [
        "AUD": ("dollar", "dollars"), "CAD": ("dollar", "dollars"), "CHF": ("franc", "francs"),
        "CNY": ("yuan", "yuan"), "CZK": ("koruna", "korunas"), "DKK": ("krone", "kroner"),
        "EUR": ("euro", "euros"), "GBP": ("pound", "pounds"), "HKD": ("dollar", "dollars"),
        "INR": ("rupee", "rupees"), "JPY": ("yen", "yen"), "KRW": ("won", "won"),
        "MXN": ("peso", "pesos"), "NOK": ("krone", "kroner"), "NZD": ("dollar", "dollars"),
        "PLN": ("zloty", "zlotys"), "SEK": ("krona", "kronor"), "SGD": ("dollar", "dollars"),
        "USD": ("dollar", "dollars"), "ZAR": ("rand", "rand"),
    ]
}
