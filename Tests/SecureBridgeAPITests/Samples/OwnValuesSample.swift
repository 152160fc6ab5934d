// An app that publishes its own model objects, as the getting-started article shows it.

// snippet own-values
import Foundation
import SecureBridge

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

// end snippet
