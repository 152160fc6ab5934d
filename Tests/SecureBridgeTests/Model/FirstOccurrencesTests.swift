import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp

/// The table that finds repeated account ids and categories answers as a
/// dictionary of first numbers would, through its growth and its collisions.
@Suite struct FirstOccurrencesTests {
    @Test func everyRepeatNamesTheFirstNumberAcrossGrowth() {
        var table = FirstOccurrences()
        let texts = (0..<1_000).map { "acc-\($0)" } + ["", "é"]
        for (number, text) in texts.enumerated() {
            #expect(table.register(text, number: number + 1) == nil, "\(text) is new")
        }
        for (number, text) in texts.enumerated().reversed() {
            #expect(table.register(text, number: 5_000 + number) == number + 1, "\(text) was first number \(number + 1)")
        }
    }

    @Test func aRepeatIsNotRegisteredAgain() {
        var table = FirstOccurrences()
        #expect(table.register("a", number: 1) == nil)
        #expect(table.register("a", number: 2) == 1)
        #expect(table.register("a", number: 3) == 1)
        #expect(table.register("b", number: 4) == nil)
        // Texts equal as Swift compares them (canonically equivalent) are one text.
        #expect(table.register("\u{E9}", number: 5) == nil)
        #expect(table.register("e\u{301}", number: 6) == 5)
    }
}
