import Foundation
import SecureBridge

// An app that publishes its own model objects, as the getting-started article shows it.

// snippet own-values
/// The app's own account objects, published without a detour through JSON.
func publish(home: BridgeHome, accounts: [(id: String, name: String, cents: Int64, iban: String)]) throws -> Bool {
    let euro = Currency.iso4217("EUR")!
    let portfolio = try Portfolio(accounts: accounts.enumerated().map { index, account in
        try Account(
            id: account.id, name: account.name, balance: Money(minorUnits: account.cents, currency: euro),
            iban: IBAN(account.iban), type: index == 0 ? .main : .secondary)
    })
    let receipt = try BridgeApp(home: home).publish(
        portfolio, staleAfter: .seconds(3600), expiresAfter: .seconds(24 * 3600), now: Date())
    return receipt.timelineChanged
}

/// What the app logs when its own values break a rule: the record, the field and the rule, never the value.
func refusal(_ error: InputError) -> String {
    switch error {
    case let .invalid(.account(number, _), field?, problem): "account \(number), \(field): \(problem)"
    case let .invalid(_, field?, problem): "\(field): \(problem)"
    default: error.description
    }
}
// end snippet
