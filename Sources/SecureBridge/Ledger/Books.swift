import SecureBridge
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A journal's rows added up as a balance must be: each account's
/// currencies in exact minor units (every spelling of one currency in one
/// sum), its holdings by name, and what became of each holding (valued,
/// or left out and said so).
struct Books {
    let commodities: Commodities
    /// The accounts in the order first seen.
    private var accounts: [String] = []
    private var sums: [String: [String: Int64]] = [:]
    private var currencies: [String: Currency] = [:]
    /// The holdings each account holds (a non-zero quantity), and which of them have a value.
    private var held: [String: [String: Decimal]] = [:]
    private var valued: [String: Set<String>] = [:]
    private var valuedOn: [String: String] = [:]

    init(commodities: Commodities) {
        self.commodities = commodities
    }

    /// Every holding some account holds.
    var holdings: Set<String> {
        Set(held.values.flatMap { $0.filter { $0.value != 0 }.keys })
    }

    /// Adds the chosen accounts' rows.
    /// - Throws: `LedgerImportError` for a symbol of several currencies
    ///   that was not mapped, or an amount past its currency's minor units.
    mutating func add(balances rows: [ToolOutput.Row]) throws {
        for row in rows {
            switch commodities.kind(of: row.commodity) {
            case let .currency(currency): try add(row.quantity, of: currency, to: row.account)
            case .ambiguous: throw LedgerImportError(.ambiguousSymbol(row.commodity))
            case .holding:
                note(row.account)
                // A quantity that is no number still counts as held, so the account is never shown as if it were not.
                let quantity = Decimal(string: row.quantity, locale: nil) ?? 1
                held[row.account, default: [:]][row.commodity, default: 0] += quantity
            }
        }
    }

    /// Adds the holdings' values: rows in a currency add to their account
    /// (and mark its holdings valued, the one named in the row's extra field
    /// where the tool prints one per holding); a row still in a holding
    /// means that holding has no price.
    mutating func value(_ rows: [ToolOutput.Row], pricedOn dates: [String: String]) throws {
        var unpriced: [String: Set<String>] = [:]
        var valuedAccounts: Set<String> = []
        for row in rows {
            switch commodities.kind(of: row.commodity) {
            case let .currency(currency):
                try add(row.quantity, of: currency, to: row.account)
                if let holding = row.extra.first { valued[row.account, default: []].insert(holding) } else { valuedAccounts.insert(row.account) }
            case .ambiguous: throw LedgerImportError(.ambiguousSymbol(row.commodity))
            case .holding: unpriced[row.account, default: []].insert(row.extra.first ?? row.commodity)
            }
        }
        for account in valuedAccounts {
            let holdings = Set(held[account, default: [:]].filter { $0.value != 0 }.keys)
            valued[account, default: []].formUnion(holdings.subtracting(unpriced[account, default: []]))
        }
        for (account, holdings) in valued where !holdings.isEmpty {
            valuedOn[account] = holdings.compactMap { dates[$0] }.min()
        }
    }

    /// The accounts' totals, each with what its name must say: the day of
    /// the prices it is valued at, the holdings it leaves out.
    func balances() throws -> [Total] {
        accounts.flatMap { account -> [Total] in
            var notes: [String] = []
            if let day = valuedOn[account] { notes.append("market value \(day)") }
            let leftOut = leftOutHoldings(of: account)
            if !leftOut.isEmpty {
                let names = leftOut.joined(separator: ", ")
                notes.append(names.count <= 24 ? "without \(names)" : "without \(leftOut.count) holdings")
            }
            let note = notes.isEmpty ? nil : notes.joined(separator: "; ")
            return sums[account, default: [:]].keys.sorted().map { code in
                Total(account: account, currency: currencies[code]!, minorUnits: sums[account]![code]!, note: note)
            }
        }
    }

    /// The month's expenses and income in minor units; holdings are no spending.
    func flows(_ rows: [ToolOutput.Row]) throws -> [Total] {
        var books = self
        for row in rows {
            switch commodities.kind(of: row.commodity) {
            case let .currency(currency): try books.add(row.quantity, of: currency, to: row.account)
            case .ambiguous: throw LedgerImportError(.ambiguousSymbol(row.commodity))
            case .holding: continue
            }
        }
        return try books.balances()
    }

    /// One sentence per holding left out, naming the accounts that hold it.
    func warnings(valuing: Bool) -> [String] {
        var holders: [String: [String]] = [:]
        for account in accounts {
            for holding in leftOutHoldings(of: account) { holders[holding, default: []].append(account) }
        }
        return holders.keys.sorted().map { holding in
            let name = Printable(holding).description
            let accounts = holders[holding]!.map { Printable($0).description }.joined(separator: ", ")
            return valuing
                ? "Left out \(name) (held in \(accounts)): the journal has no price for it, so it has no value to show."
                : "Left out \(name) (held in \(accounts)): it is no currency; --value shows it at its market price."
        }
    }

    private func leftOutHoldings(of account: String) -> [String] {
        held[account, default: [:]].filter { $0.value != 0 && !valued[account, default: []].contains($0.key) }.keys.sorted()
    }

    private mutating func note(_ account: String) {
        if sums[account] == nil, held[account] == nil { accounts.append(account) }
    }

    private mutating func add(_ quantity: String, of currency: Currency, to account: String) throws {
        guard let minorUnits = ExactAmount(quantity)?.minorUnits(of: currency) else {
            throw LedgerImportError(.tooPrecise(currency: currency.code, digits: currency.minorUnitDigits))
        }
        note(account)
        currencies[currency.code] = currency
        let (sum, overflow) = sums[account, default: [:]][currency.code, default: 0].addingReportingOverflow(minorUnits)
        guard !overflow else { throw LedgerImportError(.tooPrecise(currency: currency.code, digits: currency.minorUnitDigits)) }
        sums[account, default: [:]][currency.code] = sum
    }
}

/// One account's total in one currency, and what its name must say besides.
struct Total {
    let account: String
    let currency: Currency
    var minorUnits: Int64
    /// `market value 2026-11-28`, `without VWCE`: shown in the account's name.
    var note: String? = nil
}
