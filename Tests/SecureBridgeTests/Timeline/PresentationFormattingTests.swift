import Foundation
import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp
@testable import SecureBridgeTestSupport

/// Money, percent and date text.
@Suite struct PresentationFormattingTests {
    typealias F = TimelineFixtures

    private func format(_ minor: Int64, _ currency: Currency, _ locale: String = "en_US") -> String {
        MoneyFormatter.string(for: Money(minorUnits: minor, currency: currency), localeIdentifier: locale)
    }

    @Test func euroInUSEnglish() {
        #expect(format(467_500, F.eur) == "€4,675.00")
    }

    @Test func yenHasNoMinorDigits() {
        #expect(format(500, F.jpy) == "¥500")
    }

    @Test func negativeAmountsKeepTheirSign() {
        #expect(format(-467_500, F.eur) == "-€4,675.00")
        #expect(format(-5, F.eur, "de_DE") == "-0,05\u{A0}€")
    }

    @Test func germanLocalePutsTheSymbolAfter() {
        #expect(format(467_500, F.eur, "de_DE") == "4.675,00\u{A0}€")
    }

    @Test func threeDigitCurrenciesShowEveryDigit() {
        #expect(format(1_234_567, Currency(code: "KWD", minorUnitDigits: 3)).hasSuffix("1,234.567"))
    }

    @Test func extremeAmountsAreExact() {
        #expect(format(Int64.max, F.eur) == "€92,233,720,368,547,758.07")
        #expect(format(Int64.min, F.eur) == "-€92,233,720,368,547,758.08")
    }

    @Test func decimalIsBuiltFromMinorUnitsExactly() {
        #expect(MoneyFormatter.decimal(Money(minorUnits: 10, currency: F.eur)) == Decimal(string: "0.1"))
        #expect(MoneyFormatter.decimal(Money(minorUnits: -467_501, currency: F.eur)) == Decimal(string: "-4675.01"))
        #expect(MoneyFormatter.decimal(Money(minorUnits: 500, currency: F.jpy)) == 500)
    }

    @Test func formattingFromManyTasksAgrees() async {
        let results = await withTaskGroup(of: String.self) { group in
            for index in 0..<64 {
                group.addTask { MoneyFormatter.string(for: Money(minorUnits: 467_500, currency: F.eur), localeIdentifier: index.isMultiple(of: 2) ? "en_US" : "de_DE") }
            }
            return await group.reduce(into: Set<String>()) { $0.insert($1) }
        }
        #expect(results == ["€4,675.00", "4.675,00\u{A0}€"])
    }

    /// One precision for every share, so a column of them lines up: `56.2%` over `4.0%`, never `4%`.
    @Test func percentsHaveExactlyOneDecimal() {
        #expect(PercentFormatter.string(tenthsOfPercent: 425, localeIdentifier: "en_US") == "42.5%")
        #expect(PercentFormatter.string(tenthsOfPercent: 500, localeIdentifier: "en_US") == "50.0%")
        #expect(PercentFormatter.string(tenthsOfPercent: 40, localeIdentifier: "en_US") == "4.0%")
        #expect(PercentFormatter.string(tenthsOfPercent: 1000, localeIdentifier: "en_US") == "100.0%")
        #expect(PercentFormatter.string(tenthsOfPercent: 0, localeIdentifier: "de_DE") == "0,0\u{A0}%")
        #expect(PercentFormatter.string(tenthsOfPercent: 425, localeIdentifier: "de_DE") == "42,5\u{A0}%")
    }

    @Test func datesAreISO8601InUTC() {
        #expect(UTCTimestamp.string(from: F.now) == "2026-11-21T16:00:00Z")
        #expect(UTCTimestamp.string(from: F.now + 0.9) == "2026-11-21T16:00:00Z")
    }

    @Test(arguments: [
        ("2026-11-21T16:00:00Z", 0.0), ("2026-11-21T16:00:00.250Z", 0.25), ("2026-11-21T17:00:00+01:00", 0),
        ("2026-11-21T18:00:00.5+02:00", 0.5), ("2026-11-21t16:00:00z", 0), ("2026-11-21T14:30:00-01:30", 0),
        ("2026-11-21T16:00:00.000000001Z", 0.000000001),
    ] as [(String, TimeInterval)])
    func instantsParseWithFractionsAndOffsets(text: String, secondsAfterNow: TimeInterval) {
        #expect(UTCTimestamp.date(parsing: text) == F.now + secondsAfterNow)
    }

    @Test(arguments: [
        "2026-11-21T16:00:00", "2026-11-21", "16:00:00Z", "tomorrow", "", "2026-11-21T16:00:00Zjunk",
        " 2026-11-21T16:00:00Z", "2026-11-21 16:00:00Z", "2026-1-2T3:4:5Z", "2026-02-30T00:00:00Z",
        "2025-02-29T00:00:00Z", "2026-13-01T00:00:00Z", "2026-11-21T24:00:00Z", "2026-11-21T23:60:00Z",
        "2026-11-21T23:59:60Z", "2026-11-21T16:00:00.Z", "2026-11-21T16:00:00.1234567890Z",
        "2026-11-21T16:00:00+25:00", "2026-11-21T16:00:00+0100", "2026-11-21T16:00:00+01", "+2026-11-21T16:00:00Z",
        "２０２６-11-21T16:00:00Z",
    ])
    func anythingElseIsRefused(text: String) {
        #expect(UTCTimestamp.date(parsing: text) == nil)
    }

    @Test func everyFormattedInstantParsesBack() {
        var generator = SeededGenerator(seed: 1970)
        for _ in 0..<5_000 {
            // Years 0000 to 9999, leap days and century years included.
            let seconds = Int64.random(in: -62_167_219_200...253_402_300_799, using: &generator)
            #expect(UTCTimestamp.date(parsing: UTCTimestamp.string(seconds: seconds))?.timeIntervalSince1970 == TimeInterval(seconds))
        }
        #expect(UTCTimestamp.date(parsing: "2024-02-29T12:00:00Z") != nil)
        #expect(UTCTimestamp.date(parsing: "2000-02-29T12:00:00Z") != nil)
    }

    @Test(arguments: [
        (0.0, "just now"), (59.9, "just now"), (-59.9, "just now"), (-60, "in 1 min"), (-3600, "in 1 h"),
        (-5 * 86_400 - 10, "in 5 d"), (60, "1 min ago"), (300, "5 min ago"),
        (3599, "59 min ago"), (3600, "1 h ago"), (3 * 3600 + 1799, "3 h ago"), (86_399, "23 h ago"),
        (86_400, "1 d ago"), (2 * 86_400 + 7_000, "2 d ago"),
    ] as [(TimeInterval, String)])
    func relativeTimeRoundsDown(elapsed: TimeInterval, text: String) {
        #expect(RelativeTime.describe(F.now - elapsed, seenAt: F.now) == text)
    }
}
