import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp
@testable import SecureBridgeTestSupport

@Suite struct MoneyTests {
    private let eur = Currency.iso4217("EUR")!
    private let jpy = Currency.iso4217("JPY")!
    private let kwd = Currency.iso4217("KWD")!
    private let clf = Currency.iso4217("CLF")!

    private func minorUnits(_ text: String, _ currency: Currency, allowsNegative: Bool = true) throws -> Int64 {
        try Money.parse(decimal: text, currency: currency, allowsNegative: allowsNegative).minorUnits
    }

    private func problem(_ text: String, _ currency: Currency, allowsNegative: Bool = true) -> FieldProblem? {
        do {
            _ = try Money.parse(decimal: text, currency: currency, allowsNegative: allowsNegative)
            return nil
        } catch {
            return (error as? PortfolioRules.Violation)?.problem
        }
    }

    // MARK: Currency table

    @Test func looksUpCurrenciesWithTheirMinorUnitDigits() {
        #expect(Currency.iso4217("EUR") == Currency(code: "EUR", minorUnitDigits: 2))
        #expect(Currency.iso4217("USD")?.minorUnitDigits == 2)
        #expect(Currency.iso4217("JPY")?.minorUnitDigits == 0)
        #expect(Currency.iso4217("KWD")?.minorUnitDigits == 3)
        #expect(Currency.iso4217("BHD")?.minorUnitDigits == 3)
        #expect(Currency.iso4217("CLF")?.minorUnitDigits == 4)
        #expect(Currency.iso4217("XCG")?.minorUnitDigits == 2)
        #expect(Currency.iso4217("ZWG")?.minorUnitDigits == 2)
    }

    @Test func refusesUnknownWithdrawnAndUnitlessCodes() {
        for code in ["eur", "EURO", "", "XYZ", "BGN", "HRK", "ANG", "SLL", "XAU", "XDR", "XTS", "XXX"] {
            #expect(Currency.iso4217(code) == nil, "\(code)")
        }
    }

    @Test func tableHoldsOnlyThreeLetterCodesWithSaneDigits() {
        #expect(ISO4217.minorUnitDigits.count == 165)
        for (code, digits) in ISO4217.minorUnitDigits {
            #expect(code.utf8.count == 3 && code.utf8.allSatisfy { (65...90).contains($0) }, "\(code)")
            #expect((0...4).contains(digits), "\(code)")
        }
    }

    @Test func isISO4217RequiresTheTableDigits() {
        #expect(Currency(code: "EUR", minorUnitDigits: 2).isISO4217)
        #expect(!Currency(code: "EUR", minorUnitDigits: 3).isISO4217)
        #expect(!Currency(code: "ABC", minorUnitDigits: 2).isISO4217)
    }

    // MARK: Parsing decimals

    @Test func convertsDecimalStringsExactly() throws {
        #expect(try minorUnits("4675", eur) == 467_500)
        #expect(try minorUnits("4675.00", eur) == 467_500)
        #expect(try minorUnits("4675.5", eur) == 467_550)
        #expect(try minorUnits("0.5", eur) == 50)
        #expect(try minorUnits("0.07", eur) == 7)
        #expect(try minorUnits("0", eur) == 0)
        #expect(try minorUnits("-12.50", eur) == -1250)
        #expect(try minorUnits("-0.00", eur) == 0)
        #expect(try minorUnits("500", jpy) == 500)
        #expect(try minorUnits("1.234", kwd) == 1234)
        #expect(try minorUnits("0.001", kwd) == 1)
        #expect(try minorUnits("1.2345", clf) == 12345)
    }

    @Test func acceptsAmountsUpToTheLimit() throws {
        #expect(try minorUnits("1000000000000000", eur) == 100_000_000_000_000_000)
        #expect(try minorUnits("-1000000000000000.00", eur) == -100_000_000_000_000_000)
        #expect(try minorUnits("1000000000000000", jpy) == 1_000_000_000_000_000)
        #expect(try minorUnits("1000000000000000.000", kwd) == 1_000_000_000_000_000_000)
        #expect(try minorUnits("100000000000000", clf) == 1_000_000_000_000_000_000)
    }

    @Test func refusesAmountsBeyondTheLimitWithoutOverflowing() {
        let eurLimit = FieldProblem.amount(.tooLarge(limit: .maximumMagnitude(in: .iso4217("EUR")!)))
        #expect(problem("1000000000000000.01", eur) == eurLimit)
        #expect(problem("-1000000000000001", eur) == eurLimit)
        #expect(problem("99999999999999999999999999999999", eur) == eurLimit)
        #expect(problem("100000000000000.0001", clf) == .amount(.tooLarge(limit: .maximumMagnitude(in: .iso4217("CLF")!))))
        #expect(problem("9223372036854775.809", clf) == .amount(.tooLarge(limit: .maximumMagnitude(in: .iso4217("CLF")!))))
        #expect(problem("18446744073709551616", jpy) == .amount(.tooLarge(limit: .maximumMagnitude(in: .iso4217("JPY")!))))
    }

    @Test(arguments: [
        ("", AmountProblem.malformed), ("-", .malformed), (".5", .malformed), ("5.", .malformed),
        ("NaN", .malformed), ("Infinity", .malformed), ("-Infinity", .malformed), ("0x10", .malformed),
        ("1.2.3", .malformed), ("--1", .malformed), ("١٢", .malformed), ("5-", .malformed),
        ("+5", .plusSign), ("+5.00", .plusSign), ("1e3", .exponent), ("1.5E-2", .exponent), ("2e+2", .exponent),
        ("1 000", .whitespace), (" 5", .whitespace), ("5 ", .whitespace), ("5\n", .whitespace),
        ("1,000.00", .comma), ("12,50", .comma), ("007", .leadingZeros), ("00.5", .leadingZeros),
        ("-01", .leadingZeros),
    ])
    func refusesMalformedDecimals(_ text: String, _ expected: AmountProblem) {
        #expect(problem(text, eur) == .amount(expected))
    }

    @Test func refusesMoreDecimalsThanTheCurrencyHas() {
        #expect(problem("1.005", eur) == .amount(.tooManyDecimals(currency: "EUR", allowed: 2)))
        #expect(problem("1.000", eur) == .amount(.tooManyDecimals(currency: "EUR", allowed: 2)))
        #expect(problem("5.5", jpy) == .amount(.tooManyDecimals(currency: "JPY", allowed: 0)))
        #expect(problem("5.0", jpy) == .amount(.tooManyDecimals(currency: "JPY", allowed: 0)))
        #expect(problem("0.0001", kwd) == .amount(.tooManyDecimals(currency: "KWD", allowed: 3)))
        #expect(AmountProblem.tooManyDecimals(currency: "JPY", allowed: 0).description
            == "must be a whole number: JPY has no minor unit")
    }

    @Test func refusesANegativeSignWhereOnlyZeroOrMoreIsAllowed() {
        #expect(problem("-5.00", eur, allowsNegative: false) == .amount(.negative))
        #expect(problem("-0", eur, allowsNegative: false) == .amount(.negative))
        #expect(problem("5.00", eur, allowsNegative: false) == nil)
    }

    // MARK: decimalString

    @Test func printsExactDecimalStrings() {
        #expect(Money(minorUnits: 467_500, currency: eur).decimalString == "4675.00")
        #expect(Money(minorUnits: -1250, currency: eur).decimalString == "-12.50")
        #expect(Money(minorUnits: 5, currency: eur).decimalString == "0.05")
        #expect(Money(minorUnits: -5, currency: eur).decimalString == "-0.05")
        #expect(Money(minorUnits: 0, currency: eur).decimalString == "0.00")
        #expect(Money(minorUnits: 500, currency: jpy).decimalString == "500")
        #expect(Money(minorUnits: -500, currency: jpy).decimalString == "-500")
        #expect(Money(minorUnits: 1234, currency: kwd).decimalString == "1.234")
        #expect(Money(minorUnits: 12345, currency: clf).decimalString == "1.2345")
    }

    @Test func printsTheExtremesOfInt64() {
        #expect(Money(minorUnits: .min, currency: eur).decimalString == "-92233720368547758.08")
        #expect(Money(minorUnits: .max, currency: eur).decimalString == "92233720368547758.07")
    }

    @Test func survivesNonsenseMinorUnitDigits() {
        #expect(Money(minorUnits: 1234, currency: Currency(code: "XXX", minorUnitDigits: -3)).decimalString == "1234")
        #expect(Money(minorUnits: 1, currency: Currency(code: "XXX", minorUnitDigits: 40)).decimalString
            == "0.000000000000000001")
    }

    @Test func decimalStringParsesBackToTheSameAmount() throws {
        var generator = SeededGenerator(seed: 7)
        for code in ["EUR", "JPY", "KWD", "CLF"] {
            let currency = Currency.iso4217(code)!
            let limit = Money.maximumMinorUnits(digits: currency.minorUnitDigits)
            for _ in 0..<200 {
                let money = Money(minorUnits: Int64.random(in: -limit...limit, using: &generator), currency: currency)
                #expect(try Money.parse(decimal: money.decimalString, currency: currency, allowsNegative: true) == money)
            }
        }
    }
}
