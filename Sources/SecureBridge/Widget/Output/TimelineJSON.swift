#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The JSON of `bridgectl read --format json` (docs/CLI.md): one compact object on one line, keys in a
/// fixed order and always present (`null` when absent) but `policy.date`; dates ISO 8601 UTC.
package enum TimelineJSON {
    package static func render(_ timeline: BridgeTimeline) -> String {
        value(of: timeline).serialized
    }

    static func value(of timeline: BridgeTimeline) -> JSONOutput {
        .object([
            ("kind", .string(timeline.kind.rawValue)),
            ("family", .string(timeline.family.rawValue)),
            ("entries", .array(timeline.entries.map(value(of:)))),
            ("policy", value(of: timeline.policy)),
        ])
    }

    static func value(of entry: BridgeEntry) -> JSONOutput {
        .object([
            ("date", .string(UTCTimestamp.string(from: entry.date))),
            ("state", .string(entry.state.rawValue)),
            ("reason", .string(entry.reason?.rawValue)),
            ("title", .string(entry.title)),
            ("sample", .bool(entry.isSample)),
            ("url", .string(entry.url?.absoluteString)),
            ("lastUpdated", entry.lastUpdated.map { .object([
                ("absolute", .string($0.absolute)),
                ("relative", .string($0.relative)),
            ]) } ?? .null),
            ("accounts", .array(entry.accounts.map(value(of:)))),
            ("spending", entry.spending.map(value(of:)) ?? .null),
        ])
    }

    static func value(of account: AccountViewModel) -> JSONOutput {
        .object([
            ("id", .string(account.id)),
            ("name", .string(account.name)),
            ("balance", .string(account.balance.text)),
            ("balanceValue", .string(account.balance.decimalString)),
            ("iban", .string(account.numberKind == .iban ? account.number : nil)),
            ("accountNumber", .string(account.numberKind == .accountNumber ? account.number : nil)),
            ("type", .string(account.type.rawValue)),
            ("currency", .string(account.balance.currencyCode)),
            ("url", .string(account.url?.absoluteString)),
        ])
    }

    static func value(of spending: SpendingViewModel) -> JSONOutput {
        .object([
            ("period", .string(spending.period)),
            ("currency", .string(spending.currency)),
            ("totalSpent", .string(spending.totalSpent.text)),
            ("totalSpentValue", .string(spending.totalSpent.decimalString)),
            ("totalReceived", .string(spending.totalReceived.text)),
            ("totalReceivedValue", .string(spending.totalReceived.decimalString)),
            ("categories", .array(spending.categories.map { category in
                .object([
                    ("name", .string(category.name)),
                    ("amount", .string(category.amount.text)),
                    ("amountValue", .string(category.amount.decimalString)),
                    ("percent", .string(category.percent)),
                ])
            })),
        ])
    }

    static func value(of policy: ReloadPolicy) -> JSONOutput {
        switch policy {
        case .atEnd: return .object([("kind", .string("atEnd"))])
        case .never: return .object([("kind", .string("never"))])
        case let .after(date):
            return .object([("kind", .string("after")), ("date", .string(UTCTimestamp.string(from: date)))])
        }
    }
}
