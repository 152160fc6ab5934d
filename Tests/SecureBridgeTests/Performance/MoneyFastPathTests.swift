import Foundation
import Testing
@testable import SecureBridge

/// Money text made without ICU is the text Foundation makes.
@Suite struct MoneyFastPathTests {
    /// Amounts at every grouping boundary, both signs, and the extremes.
    static let amounts: [Int64] = {
        var values: [Int64] = [0, 1, 5, 9, 10, 99, 100, 101, 999, 1_000, 1_001, 9_999, 10_000, 99_999, 100_000, 123_456,
                               999_999, 1_000_000, 1_234_567, 12_345_678, 123_456_789, 1_000_000_000, 98_765_432_109,
                               1_000_000_000_000_000, Int64.max]
        values += values.map { -$0 }
        values.append(Int64.min)
        return values
    }()

    @Test func fastMoneyTextIsByteIdenticalToFoundationForEveryCurrencyOfTheCoveredLocales() {
        var mismatches: [String] = []
        for locale in ["en_US", "en_GB", "de_DE", "fr_FR"] {
            for (code, digits) in ISO4217.minorUnitDigits.sorted(by: { $0.key < $1.key }) {
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

    @Test func fastMoneyTextMatchesFoundationOnManyPseudoRandomAmounts() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        var mismatches: [String] = []
        for _ in 0..<3_000 {
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
