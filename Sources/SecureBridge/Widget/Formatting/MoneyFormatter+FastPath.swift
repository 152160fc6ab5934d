/// Money text for a few common locales, made from the minor units without ICU: byte for byte what
/// `Decimal.FormatStyle.Currency` writes (`MoneyFastPathTests` checks); anything else takes the general path.
enum FastMoneyFormat {
    struct Layout: Sendable {
        let groupSeparator: String
        let decimalSeparator: String
        /// Whether the currency comes before the number (`€1.00`) or after it (`1,00 €`).
        let symbolFirst: Bool
        /// Currency → CLDR's text beside the number, spacing included; other codes: the code and a no-break space.
        let symbols: SortedTable<String>

        func affix(for code: String) -> String {
            symbols[code] ?? (symbolFirst ? code + "\u{A0}" : "\u{A0}" + code)
        }

        func changing(symbols changes: SortedTable<String>) -> Layout {
            Layout(
                groupSeparator: groupSeparator, decimalSeparator: decimalSeparator, symbolFirst: symbolFirst,
                symbols: symbols.replacingValues(with: changes))
        }
    }

    /// The layout for `localeIdentifier`, or `nil` when ICU must format.
    static func layout(for localeIdentifier: String) -> Layout? {
        switch localeIdentifier {
        case "en_US": return enUS
        case "en_GB": return enGB
        case "de_DE": return deDE
        case "fr_FR": return frFR
        default: return nil
        }
    }

    /// `Decimal.FormatStyle.Currency`'s text for `money`, or `nil` when the locale or currency is not covered.
    static func string(for money: Money, localeIdentifier: String) -> String? {
        guard let layout = layout(for: localeIdentifier), money.currency.isISO4217 else { return nil }
        let number = digits(of: money.minorUnits.magnitude, fractionDigits: money.currency.minorUnitDigits, layout: layout)
        let affix = layout.affix(for: money.currency.code)
        let sign = money.minorUnits < 0 ? "-" : ""
        return layout.symbolFirst ? sign + affix + number : sign + number + affix
    }

    /// `magnitude` minor units as grouped integer digits, the separator and `fractionDigits` fraction digits.
    static func digits(of magnitude: UInt64, fractionDigits: Int, layout: Layout) -> String {
        var decimal = Array(String(magnitude).utf8)
        if decimal.count <= fractionDigits {
            decimal.insert(contentsOf: repeatElement(UInt8(ascii: "0"), count: fractionDigits + 1 - decimal.count), at: 0)
        }
        let integer = decimal[..<(decimal.count - fractionDigits)]
        var text = ""
        text.reserveCapacity(decimal.count + decimal.count / 3 * 3 + 4)
        for (index, digit) in integer.enumerated() {
            if index > 0, (integer.count - index) % 3 == 0 { text += layout.groupSeparator }
            text.unicodeScalars.append(Unicode.Scalar(digit))
        }
        if fractionDigits > 0 {
            text += layout.decimalSeparator
            text += String(decoding: decimal[(decimal.count - fractionDigits)...], as: UTF8.self)
        }
        return text
    }

    // The tables are CLDR data as ICU 76 ships it, derived from the general path; never edit them by hand:
    // `MoneyFastPathTests.theTablesAreWhatTheGeneralPathDerives` prints them (see its doc comment).

    static let enUS = Layout(
        groupSeparator: ",", decimalSeparator: ".", symbolFirst: true,
        symbols: [
            "AUD": "A$", "BRL": "R$", "CAD": "CA$", "CNY": "CN\u{A5}", "EUR": "\u{20AC}", "GBP": "\u{A3}", "HKD": "HK$",
            "ILS": "\u{20AA}", "INR": "\u{20B9}", "JPY": "\u{A5}", "KRW": "\u{20A9}", "MXN": "MX$", "NZD": "NZ$",
            "PHP": "\u{20B1}", "TWD": "NT$", "USD": "$", "VND": "\u{20AB}", "XAF": "FCFA\u{A0}", "XCD": "EC$",
            "XCG": "Cg.\u{A0}", "XOF": "F\u{202F}CFA\u{A0}", "XPF": "CFPF\u{A0}",
        ])

    static let enGB = enUS.changing(symbols: [
        "JPY": "JP\u{A5}", "USD": "US$",
    ])

    static let deDE = Layout(
        groupSeparator: ".", decimalSeparator: ",", symbolFirst: false,
        symbols: [
            "AUD": "\u{A0}AU$", "BRL": "\u{A0}R$", "CAD": "\u{A0}CA$", "CNY": "\u{A0}CN\u{A5}", "EUR": "\u{A0}\u{20AC}",
            "GBP": "\u{A0}\u{A3}", "HKD": "\u{A0}HK$", "ILS": "\u{A0}\u{20AA}", "INR": "\u{A0}\u{20B9}",
            "JPY": "\u{A0}\u{A5}", "KRW": "\u{A0}\u{20A9}", "MXN": "\u{A0}MX$", "NZD": "\u{A0}NZ$",
            "THB": "\u{A0}\u{E3F}", "TWD": "\u{A0}NT$", "USD": "\u{A0}$", "VND": "\u{A0}\u{20AB}", "XAF": "\u{A0}FCFA",
            "XCD": "\u{A0}EC$", "XCG": "\u{A0}Cg.", "XOF": "\u{A0}F\u{202F}CFA", "XPF": "\u{A0}CFPF",
        ])

    static let frFR = Layout(
        groupSeparator: "\u{202F}", decimalSeparator: ",", symbolFirst: false,
        symbols: [
            "ARS": "\u{A0}$AR", "AUD": "\u{A0}$AU", "BMD": "\u{A0}$BM", "BND": "\u{A0}$BN", "BRL": "\u{A0}R$",
            "BZD": "\u{A0}$BZ", "CAD": "\u{A0}$CA", "CLP": "\u{A0}$CL", "COP": "\u{A0}$CO", "EUR": "\u{A0}\u{20AC}",
            "FJD": "\u{A0}$FJ", "FKP": "\u{A0}\u{A3}FK", "GBP": "\u{A0}\u{A3}GB", "GIP": "\u{A0}\u{A3}GI",
            "ILS": "\u{A0}\u{20AA}", "INR": "\u{A0}\u{20B9}", "KRW": "\u{A0}\u{20A9}", "LBP": "\u{A0}\u{A3}LB",
            "MXN": "\u{A0}$MX", "NAD": "\u{A0}$NA", "NZD": "\u{A0}$NZ", "SBD": "\u{A0}$SB", "SGD": "\u{A0}$SG",
            "SRD": "\u{A0}$SR", "TTD": "\u{A0}$TT", "USD": "\u{A0}$US", "UYU": "\u{A0}$UY", "VND": "\u{A0}\u{20AB}",
            "WST": "\u{A0}$WS", "XAF": "\u{A0}FCFA", "XCG": "\u{A0}Cg.", "XOF": "\u{A0}F\u{202F}CFA",
            "XPF": "\u{A0}FCFP",
        ])
}
