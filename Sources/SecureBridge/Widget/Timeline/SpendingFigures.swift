#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Totals and top categories of a month's analytics, in exact minor units.
package struct SpendingFigures: Sendable, Equatable {
    struct Share: Sendable, Equatable {
        let category: String
        let amount: Money
        /// The share of the total spent in tenths of a percent, rounded half up.
        let tenthsOfPercent: Int
    }

    let period: String
    let currency: Currency
    let totalSpent: Money
    let totalReceived: Money
    /// The largest spent categories, largest first (ties by name), at most `categoryLimit`: a full entry's list.
    let top: [Share]
    /// The first spent categories by name: a masked entry's list, so neither choice nor order hints an amount.
    let firstByName: [Share]

    /// Sums and ranks `analytics`; `nil` (not showable truthfully) for a negative or foreign amount or an overflow.
    init?(_ analytics: Analytics, categoryLimit: Int) {
        let currency = analytics.currency
        guard let spent = Self.total(analytics.spent, in: currency),
            let received = Self.total(analytics.received, in: currency)
        else { return nil }
        let ranked = analytics.spent.sorted {
            $0.amount.minorUnits != $1.amount.minorUnits
                ? $0.amount.minorUnits > $1.amount.minorUnits
                : $0.category < $1.category
        }
        let byName = analytics.spent.sorted { $0.category < $1.category }
        func shares(_ items: [CategoryAmount]) -> [Share] {
            items.prefix(max(0, categoryLimit)).map {
                Share(category: $0.category, amount: $0.amount,
                      tenthsOfPercent: Self.tenthsOfPercent($0.amount.minorUnits, of: spent))
            }
        }
        self.period = analytics.period
        self.currency = currency
        self.totalSpent = Money(minorUnits: spent, currency: currency)
        self.totalReceived = Money(minorUnits: received, currency: currency)
        self.top = shares(ranked)
        self.firstByName = shares(byName)
    }

    /// The sum of non-negative amounts in one currency, or `nil`.
    private static func total(_ items: [CategoryAmount], in currency: Currency) -> Int64? {
        var sum: Int64 = 0
        for item in items {
            guard item.amount.minorUnits >= 0, item.amount.currency == currency else { return nil }
            let (next, overflow) = sum.addingReportingOverflow(item.amount.minorUnits)
            guard !overflow else { return nil }
            sum = next
        }
        return sum
    }

    /// `part / total` in tenths of a percent, rounded half up; requires `0 <= part <= total`; 0 for a zero total.
    static func tenthsOfPercent(_ part: Int64, of total: Int64) -> Int {
        guard total > 0, part > 0 else { return 0 }
        // part * 1000 needs up to 74 bits: multiply and divide at full width.
        let wide = part.multipliedFullWidth(by: 1000)
        let (quotient, remainder) = total.dividingFullWidth(wide)
        let roundsUp = remainder >= total - remainder
        return Int(quotient) + (roundsUp ? 1 : 0)
    }
}
