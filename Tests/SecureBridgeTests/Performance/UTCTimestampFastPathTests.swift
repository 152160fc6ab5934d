import Foundation
import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp
@testable import SecureBridgeTestSupport

/// Timestamps made digit by digit (`UTCTimestamp+FastPath.swift`) are the
/// text Foundation's `Date.ISO8601FormatStyle` (the general path) makes.
@Suite struct UTCTimestampFastPathTests {
    /// 1582-10-15T00:00:00Z: before it, the general path's calendar is Julian.
    static let gregorianReform: Int64 = -12_219_292_800
    /// 9999-12-31T23:59:59Z.
    static let endOf9999: Int64 = 253_402_300_799

    private static func generalPath(_ seconds: Int64) -> String {
        Date(timeIntervalSince1970: TimeInterval(seconds)).formatted(Date.ISO8601FormatStyle())
    }

    /// The epoch, a second either side of midnight, leap days of 1600/2000/2024
    /// and the days around them, non-leap century ends, the reform, the ends of
    /// 9999 and of 2038's 32-bit seconds.
    static let edges: [Int64] = {
        var edges: [Int64] = [0, -1, 1, 86_399, 86_400, 2_147_483_647, 2_147_483_648, gregorianReform, endOf9999]
        let days: [(Int64, Int64, Int64)] = [
            (1600, 2, 29), (1700, 2, 28), (1700, 3, 1), (1900, 2, 28), (1900, 3, 1), (1969, 12, 31), (2000, 2, 29),
            (2000, 3, 1), (2024, 2, 29), (2024, 12, 31), (2100, 2, 28), (2100, 3, 1), (9999, 12, 31),
        ]
        for (year, month, day) in days {
            let text = "\(year)-\(month < 10 ? "0" : "")\(month)-\(day < 10 ? "0" : "")\(day)T00:00:00Z"
            let midnight = Int64(UTCTimestamp.date(parsing: text)!.timeIntervalSince1970)
            edges += [midnight - 1, midnight, midnight + 43_200, midnight + 86_399]
        }
        return edges.filter { (gregorianReform...endOf9999).contains($0) }
    }()

    @Test func fastTimestampsAreTheGeneralPathsTextFromTheReformTo9999() {
        var generator = SeededGenerator(seed: 8601)
        let random = (0..<20_000).map { _ in Int64.random(in: Self.gregorianReform...Self.endOf9999, using: &generator) }
        // Mostly near today, where real timestamps are.
        let recent = (0..<5_000).map { _ in Int64.random(in: 0...4_102_444_800, using: &generator) }
        var differing: [String] = []
        for seconds in Self.edges + random + recent {
            let fast = UTCTimestamp.string(seconds: seconds)
            let general = Self.generalPath(seconds)
            if fast != general { differing.append("\(seconds): \(fast) ≠ \(general)") }
            if UTCTimestamp.string(from: Date(timeIntervalSince1970: TimeInterval(seconds) + 0.75)) != fast {
                differing.append("\(seconds) + 0.75 s")
            }
        }
        #expect(differing.isEmpty, "\(differing.count) differ: \(differing.prefix(5))")
        #expect(Self.edges.count > 40)
    }

    @Test func beyondTheGeneralPathsRangeEverySecondStillHasADate() {
        #expect(UTCTimestamp.string(seconds: Self.gregorianReform - 1) == "1582-10-14T23:59:59Z")
        #expect(Self.generalPath(Self.gregorianReform - 1) == "1582-10-04T23:59:59Z")  // Julian
        #expect(UTCTimestamp.string(seconds: -62_167_219_200) == "0000-01-01T00:00:00Z")
        #expect(UTCTimestamp.string(seconds: Self.endOf9999 + 1) == "10000-01-01T00:00:00Z")
        #expect(UTCTimestamp.string(seconds: Self.endOf9999 + 1) == Self.generalPath(Self.endOf9999 + 1))
    }
}
