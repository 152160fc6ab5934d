import Foundation
import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp
@testable import SecureBridgeTestSupport

/// Money text made without ICU (`MoneyFormatter+FastPath.swift`) is the text
/// Foundation makes (the general path, `MoneyFormatter.foundationString`), and
/// the fast path's tables are what the general path says about each locale.
@Suite struct MoneyFastPathTests {
    /// The covered locales and the names of their tables.
    static let locales = [("en_US", "enUS"), ("en_GB", "enGB"), ("de_DE", "deDE"), ("fr_FR", "frFR")]

    /// One locale's table as the general path shows it.
    struct DerivedLayout: Equatable {
        var groupSeparator = ""
        var decimalSeparator = ""
        var symbolFirst = false
        var symbols: [String: String] = [:]
    }

    /// `text` split around its number: what comes before the first ASCII
    /// digit, the digits with their separators, and what comes after the last.
    private static func split(_ text: String) -> (prefix: String, number: String, suffix: String) {
        let scalars = Array(text.unicodeScalars)
        let isDigit = { (scalar: Unicode.Scalar) in ("0"..."9").contains(scalar) }
        let first = scalars.firstIndex(where: isDigit)!
        let last = scalars.lastIndex(where: isDigit)!
        func string(_ part: ArraySlice<Unicode.Scalar>) -> String { String(String.UnicodeScalarView(part)) }
        return (string(scalars[..<first]), string(scalars[first...last]), string(scalars[(last + 1)...]))
    }

    /// The separators, the currency's side and every ISO 4217 currency's text
    /// (where it is not the code itself) as the general path writes them in `locale`.
    static func derivedLayout(_ locale: String) -> DerivedLayout {
        func general(_ code: String, _ digits: Int) -> String {
            let money = Money(minorUnits: 123_456_789, currency: Currency(code: code, minorUnitDigits: digits))
            return MoneyFormatter.foundationString(for: money, localeIdentifier: locale)
        }
        var layout = DerivedLayout()
        let sample = split(general("EUR", 2))
        let separators = sample.number.split(whereSeparator: { $0.isASCII && $0.isNumber }).map(String.init)
        layout.groupSeparator = separators.first ?? ""
        layout.decimalSeparator = separators.last ?? ""
        layout.symbolFirst = !sample.prefix.isEmpty
        for (code, digits) in ISO4217.minorUnitDigits {
            let parts = split(general(code, digits))
            let affix = layout.symbolFirst ? parts.prefix : parts.suffix
            if affix != (layout.symbolFirst ? code + "\u{A0}" : "\u{A0}" + code) { layout.symbols[code] = affix }
        }
        return layout
    }

    /// The fast path's table for `locale`, in the same terms.
    static func tableLayout(_ locale: String) -> DerivedLayout? {
        FastMoneyFormat.layout(for: locale).map {
            DerivedLayout(
                groupSeparator: $0.groupSeparator, decimalSeparator: $0.decimalSeparator, symbolFirst: $0.symbolFirst,
                symbols: Dictionary(uniqueKeysWithValues: $0.symbols.entries.map { ($0.key, $0.value) }))
        }
    }

    /// `text` as a Swift string literal in the tables' style: printable ASCII
    /// as it is, anything else as `\u{…}`.
    static func literal(_ text: String) -> String {
        let body = text.unicodeScalars.map { scalar in
            (0x20..<0x7F).contains(scalar.value) && scalar != "\"" && scalar != "\\"
                ? String(scalar) : "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        }
        return "\"" + body.joined() + "\""
    }

    /// Table entries as Swift source lines, packed to 120 columns.
    private static func entryLines(_ symbols: [String: String], indent: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for (code, text) in symbols.sorted(by: { $0.key < $1.key }) {
            let entry = "\(literal(code)): \(literal(text)),"
            if !line.isEmpty, indent + line.count + 1 + entry.count > 120 {
                lines.append(String(repeating: " ", count: indent) + line)
                line = ""
            }
            line += line.isEmpty ? entry : " " + entry
        }
        if !line.isEmpty { lines.append(String(repeating: " ", count: indent) + line) }
        return lines
    }

    /// The Swift source of one table, as it stands in `MoneyFormatter+FastPath.swift`:
    /// written out, or as the changes to an earlier table (`base`) when the
    /// locale differs from it only in some currencies' text.
    static func source(name: String, _ layout: DerivedLayout, base: (name: String, layout: DerivedLayout)?) -> String {
        if let base, base.layout.groupSeparator == layout.groupSeparator,
           base.layout.decimalSeparator == layout.decimalSeparator, base.layout.symbolFirst == layout.symbolFirst,
           Set(base.layout.symbols.keys) == Set(layout.symbols.keys) {
            let changes = layout.symbols.filter { base.layout.symbols[$0.key] != $0.value }
            let head = "    static let \(name) = \(base.name).changing(symbols: ["
            return ([head] + entryLines(changes, indent: 8) + ["    ])"]).joined(separator: "\n")
        }
        let lines = [
            "    static let \(name) = Layout(",
            "        groupSeparator: \(literal(layout.groupSeparator)), "
                + "decimalSeparator: \(literal(layout.decimalSeparator)), symbolFirst: \(layout.symbolFirst),",
            "        symbols: [",
        ] + entryLines(layout.symbols, indent: 12) + ["        ])"]
        return lines.joined(separator: "\n")
    }

    /// Regenerates the tables: with `SECUREBRIDGE_PRINT_TABLES=1` in the
    /// environment, or when they differ, the failure message (or the output)
    /// holds the four tables as Swift source, to replace the ones in
    /// `MoneyFormatter+FastPath.swift` after an ICU (swift-foundation-icu) update.
    @Test func theTablesAreWhatTheGeneralPathDerives() {
        var sources: [String] = []
        var differing: [String] = []
        var earlier: [(name: String, layout: DerivedLayout)] = []
        for (locale, name) in Self.locales {
            let derived = Self.derivedLayout(locale)
            if Self.tableLayout(locale) != derived { differing.append(locale) }
            let base = earlier.first { $0.layout.symbols.keys.sorted() == derived.symbols.keys.sorted() }
            sources.append(Self.source(name: name, derived, base: base))
            earlier.append((name, derived))
        }
        let tables = sources.joined(separator: "\n\n")
        if ProcessInfo.processInfo.environment["SECUREBRIDGE_PRINT_TABLES"] != nil { print(tables) }
        #expect(differing.isEmpty, "tables differ for \(differing); regenerated:\n\(tables)")
    }

    /// Amounts at every grouping boundary, both signs, and the extremes.
    static let amounts: [Int64] = {
        var values: [Int64] = [0, 1, 5, 9, 10, 99, 100, 101, 999, 1_000, 1_001, 9_999, 10_000, 99_999, 100_000, 123_456,
                               999_999, 1_000_000, 1_234_567, 12_345_678, 123_456_789, 1_000_000_000, 98_765_432_109,
                               1_000_000_000_000_000, Int64.max]
        values += values.map { -$0 }
        values.append(Int64.min)
        return values
    }()

    /// Every currency when the sweeps run; in a plain run, every currency
    /// whose minor unit is not two digits and four that are.
    static let checkedCurrencies = ISO4217.minorUnitDigits.sorted(by: { $0.key < $1.key }).filter { code, digits in
        Sweeps.areEnabled || digits != 2 || ["CHF", "EUR", "GBP", "USD"].contains(code)
    }

    @Test func fastMoneyTextIsByteIdenticalToFoundationForEveryCurrencyOfTheCoveredLocales() {
        var mismatches: [String] = []
        for (locale, _) in Self.locales {
            for (code, digits) in Self.checkedCurrencies {
                let currency = Currency(code: code, minorUnitDigits: digits)
                for units in Self.amounts {
                    let money = Money(minorUnits: units, currency: currency)
                    let fast = FastMoneyFormat.string(for: money, localeIdentifier: locale)
                    let foundation = MoneyFormatter.foundationString(for: money, localeIdentifier: locale)
                    if fast != foundation { mismatches.append("\(locale) \(code) \(units): \(fast ?? "nil") ≠ \(foundation)") }
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
    }

    @Test func fastMoneyTextMatchesFoundationOnSeededRandomAmountsCurrenciesAndLocales() {
        var generator = SeededGenerator(seed: 4217)
        let currencies = ISO4217.minorUnitDigits.sorted(by: { $0.key < $1.key })
        var mismatches: [String] = []
        for _ in 0..<Sweeps.cases(plain: 1_000, swept: 5_000) {
            let (code, digits) = currencies.randomElement(using: &generator)!
            let locale = Self.locales.randomElement(using: &generator)!.0
            // Every magnitude: a random value shifted right by 0 to 63 bits.
            let units = Int64(bitPattern: generator.next()) >> Int64.random(in: 0...63, using: &generator)
            let money = Money(minorUnits: units, currency: Currency(code: code, minorUnitDigits: digits))
            let fast = FastMoneyFormat.string(for: money, localeIdentifier: locale)
            let foundation = MoneyFormatter.foundationString(for: money, localeIdentifier: locale)
            if fast != foundation { mismatches.append("\(locale) \(code) \(units): \(fast ?? "nil") ≠ \(foundation)") }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
    }

    @Test func fastMoneyTextMatchesFoundationOnManyPseudoRandomAmounts() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        var mismatches: [String] = []
        for _ in 0..<Sweeps.cases(plain: 600, swept: 3_000) {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let units = Int64(bitPattern: state) >> Int64(state % 60)
            for (code, locale) in [("EUR", "de_DE"), ("USD", "en_US"), ("GBP", "en_GB"), ("CHF", "fr_FR"), ("JPY", "en_US"), ("KWD", "de_DE"), ("CLF", "fr_FR")] {
                let money = Money(minorUnits: units, currency: Currency.iso4217(code)!)
                let fast = FastMoneyFormat.string(for: money, localeIdentifier: locale)
                let foundation = MoneyFormatter.foundationString(for: money, localeIdentifier: locale)
                if fast != foundation { mismatches.append("\(locale) \(code) \(units)") }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
    }

    @Test func otherLocalesAndNonISOCurrenciesAreLeftToFoundation() {
        let euro = Money(minorUnits: 123_456, currency: Currency.iso4217("EUR")!)
        #expect(FastMoneyFormat.string(for: euro, localeIdentifier: "es_ES") == nil)
        #expect(FastMoneyFormat.string(for: euro, localeIdentifier: "en-US") == nil)
        let oddDigits = Money(minorUnits: 123_456, currency: Currency(code: "EUR", minorUnitDigits: 3))
        #expect(FastMoneyFormat.string(for: oddDigits, localeIdentifier: "en_US") == nil)
        #expect(MoneyFormatter.string(for: euro, localeIdentifier: "es_ES")
            == MoneyFormatter.foundationString(for: euro, localeIdentifier: "es_ES"))
        #expect(MoneyFormatter.string(for: euro, localeIdentifier: "en_US") == "€1,234.56")
    }
}
