#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif

/// Built-in, clearly fake content for the widget placeholder; the IBANs are the IBAN registry's examples.
package enum WidgetSampleData {
    static let euro = Currency(code: "EUR", minorUnitDigits: 2)

    static let portfolio = Portfolio(
        uncheckedAccounts: [
            Account(uncheckedID: "sample-main", name: "Sample Checking", balance: Money(minorUnits: 123_456, currency: euro),
                    iban: IBAN(checkedElectronicFormat: "DE89370400440532013000"), type: .main),
            Account(uncheckedID: "sample-savings", name: "Sample Savings", balance: Money(minorUnits: 250_000, currency: euro),
                    iban: IBAN(checkedElectronicFormat: "NL91ABNA0417164300"), type: .secondary),
            Account(uncheckedID: "sample-travel", name: "Sample Travel", balance: Money(minorUnits: 8_990, currency: euro),
                    iban: IBAN(checkedElectronicFormat: "GB82WEST12345698765432"), type: .secondary),
        ],
        analytics: Analytics(
            uncheckedPeriod: "2026-01", currency: euro,
            spent: [
                CategoryAmount(uncheckedCategory: "Sample Groceries", amount: Money(minorUnits: 42_000, currency: euro)),
                CategoryAmount(uncheckedCategory: "Sample Rent", amount: Money(minorUnits: 90_000, currency: euro)),
                CategoryAmount(uncheckedCategory: "Sample Travel", amount: Money(minorUnits: 18_000, currency: euro)),
            ],
            received: [
                CategoryAmount(uncheckedCategory: "Sample Salary", amount: Money(minorUnits: 300_000, currency: euro)),
            ]))

    /// The sample portfolio, published five minutes before `date` and valid for a day.
    package static func content(around date: Date) -> VerifiedContent {
        VerifiedContent(
            portfolio: portfolio, issuedAt: date - 300, staleAt: date + 86_400, expiresAt: date + 2 * 86_400,
            sessionExpiresAt: date + 86_400, isLocked: false, hidesBalances: false)
    }
}
