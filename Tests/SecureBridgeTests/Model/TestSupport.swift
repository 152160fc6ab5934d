import Foundation
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp
@testable import SecureBridgeTestSupport

enum ModelFixtures {
    /// The repository root, found from this file's path.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The bytes of `examples/<name>`.
    static func example(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: root.appendingPathComponent("examples").appendingPathComponent(name)))
    }

    /// An IBAN for `country` and `bban` with check digits computed here,
    /// independently of the code under test (ISO 7064 MOD 97-10).
    static func iban(country: String, bban: String) -> String {
        country + checkDigits(country: country, bban: bban) + bban
    }

    static func checkDigits(country: String, bban: String) -> String {
        var remainder = 0
        for character in (bban + country + "00") {
            let value = Int(String(character), radix: 36)!
            remainder = (remainder * (value >= 10 ? 100 : 10) + value) % 97
        }
        let check = 98 - remainder
        return check < 10 ? "0\(check)" : "\(check)"
    }

    /// A random valid portfolio: up to `maximumAccounts` accounts in random
    /// currencies with random IBANs, names with multi-byte scalars, and
    /// analytics half of the time.
    static func randomPortfolio(using generator: inout SeededGenerator, maximumAccounts: Int = 8) -> Portfolio {
        let codes = ISO4217.minorUnitDigits.keys.sorted()
        let countries = IBANRegistry.lengths.keys.sorted()
        let idCharacters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._-")
        let alphanumerics = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        let nameScalars: [Unicode.Scalar] = ["a", "Z", " ", "é", "ß", "€", "中", "😀", "\u{301}", "\u{200D}", "'", "\"", "\\"]

        func text() -> String {
            var scalars = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 1...64, using: &generator) {
                scalars.append(nameScalars.randomElement(using: &generator)!)
            }
            return String(scalars)
        }
        func money(_ currency: Currency, negative: Bool) -> Money {
            let limit = Money.maximumMinorUnits(digits: currency.minorUnitDigits)
            let magnitude: Int64 = Bool.random(using: &generator)
                ? Int64.random(in: 0...limit, using: &generator) : Int64.random(in: 0...100_000, using: &generator)
            return Money(minorUnits: negative && Bool.random(using: &generator) ? -magnitude : magnitude, currency: currency)
        }

        let count = Int.random(in: 1...maximumAccounts, using: &generator)
        let mainIndex = Bool.random(using: &generator) ? Int.random(in: 0..<count, using: &generator) : nil
        var accounts: [Account] = []
        for index in 0..<count {
            let suffix = "-\(index)"
            let idLength = Int.random(in: 0...(64 - suffix.count), using: &generator)
            let id = String((0..<idLength).map { _ in idCharacters.randomElement(using: &generator)! }) + suffix
            let currency = Currency.iso4217(codes.randomElement(using: &generator)!)!
            let country = countries.randomElement(using: &generator)!
            let bban = String((0..<(IBANRegistry.lengths[country]! - 4)).map { _ in
                alphanumerics.randomElement(using: &generator)!
            })
            // One account in four has the bank's own account number instead (payload version 2).
            var identifier = AccountIdentifier.iban(IBAN(checkedElectronicFormat: iban(country: country, bban: bban)))
            if Int.random(in: 0..<4, using: &generator) == 0 {
                let length = Int.random(in: AccountNumber.lengthRange, using: &generator)
                let number = String((0..<length - 1).map { _ in alphanumerics.randomElement(using: &generator)! })
                identifier = .accountNumber(AccountNumber(checkedCompactForm: number + "7"))
            }
            accounts.append(Account(
                uncheckedID: id, name: text(), balance: money(currency, negative: true),
                identifier: identifier, type: index == mainIndex ? .main : .secondary))
        }
        var analytics: Analytics?
        if Bool.random(using: &generator) {
            let currency = Currency.iso4217(codes.randomElement(using: &generator)!)!
            func entries() -> [CategoryAmount] {
                (0..<Int.random(in: 0...50, using: &generator)).map { index in
                    CategoryAmount(uncheckedCategory: "\(index) " + String(text().unicodeScalars.prefix(60)),
                                   amount: money(currency, negative: false))
                }
            }
            let period = String(format: "%04d-%02d", Int.random(in: 0...9999, using: &generator),
                                Int.random(in: 1...12, using: &generator))
            analytics = Analytics(uncheckedPeriod: period, currency: currency, spent: entries(), received: entries())
        }
        return Portfolio(uncheckedAccounts: accounts, analytics: analytics)
    }
}
