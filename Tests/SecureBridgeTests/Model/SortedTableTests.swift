import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp

/// The tables a read and a publish look codes up in find every entry they
/// were written with, and nothing else.
@Suite struct SortedTableTests {
    @Test func everyEntryIsFoundAndNothingElse() {
        let table: SortedTable<Int> = ["": 7, "A": 9, "BHD": 3, "CLF": 4, "EUR": 2, "JPY": 0]
        #expect(table.keys == ["", "A", "BHD", "CLF", "EUR", "JPY"])
        for (key, value) in [("EUR", 2), ("JPY", 0), ("BHD", 3), ("CLF", 4), ("A", 9), ("", 7)] {
            #expect(table[key] == value, "\(key)")
        }
        for missing in ["eur", "EU", "EURO", "B", "ZZZ", " "] {
            #expect(table[missing] == nil, "\(missing)")
        }
    }

    @Test func changedValuesReplaceTheirKeysOnly() {
        let base: SortedTable<String> = ["EUR": "€", "JPY": "¥", "USD": "$"]
        let changed = base.replacingValues(with: ["JPY": "JP¥", "USD": "US$"])
        #expect(changed.entries.map(\.key) == ["EUR", "JPY", "USD"])
        #expect(changed.entries.map(\.value) == ["€", "JP¥", "US$"])
    }

    @Test func theShippedTablesAnswerForEachOfTheirEntries() {
        #expect(ISO4217.minorUnitDigits.allSatisfy { ISO4217.minorUnitDigits[$0.key] == $0.value })
        #expect(IBANRegistry.lengths.allSatisfy { IBANRegistry.lengths[$0.key] == $0.value })
        #expect(FastMoneyFormat.enGB.symbols["USD"] == "US$" && FastMoneyFormat.enGB.symbols["EUR"] == "\u{20AC}")
        #expect(SpokenAmount.unitName(of: "GBP", count: 2) == "pounds")
        #expect(SpokenAmount.unitName(of: "XYZ", count: 2) == "XYZ")
    }
}
