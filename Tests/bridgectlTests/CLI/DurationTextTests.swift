import Testing
@testable import bridgectl

/// `--session-ttl` and `--stale-after` as the CLI writes them.
@Suite struct DurationTextTests {
    @Test func durationsParseAsTheCLIWritesThem() throws {
        #expect(try DurationText.seconds("90s") == 90)
        #expect(try DurationText.seconds("15m") == 900)
        #expect(try DurationText.seconds("12h") == 43200)
        #expect(try DurationText.seconds("7d") == 604_800)
        #expect(try DurationText.seconds("366d") == 366 * 86400)
        for bad in ["", "h", "0h", "-1h", "+1h", "1.5h", "1w", "12", "1 h", "123456789d"] {
            #expect(throws: DurationText.Failure.invalid(bad)) { try DurationText.seconds(bad) }
        }
        for long in ["367d", "999d", "8785h", "527041m"] {
            #expect(throws: DurationText.Failure.tooLong(long, maximumDays: 366)) { try DurationText.seconds(long) }
        }
        #expect("\(DurationText.Failure.tooLong("400d", maximumDays: 366))" == "The duration 400d is longer than the limit of 366 days.")
    }
}
