import SecureBridge

/// How a journal's totals become a snapshot's accounts and analytics.
enum PortfolioShape {
    // MARK: Accounts

    /// One account per asset account and currency, in the order of the
    /// accounts' names (each level compared in turn) and then of the codes;
    /// a zero total is left out, as the tools' balance reports leave it out.
    ///
    /// - An account's id is its name with `:` as `.` and every character an
    ///   id may not hold as `-`, then `.` and the currency code
    ///   (`assets.bank.checking.EUR`), cut to 64 characters.
    /// - Its display name is the one `names` gives it (`--name`), or its
    ///   name without the top level (`bank:checking`); followed by the code
    ///   when the account has more than one currency, and by its total's
    ///   note in parentheses (`Broker (without VWCE)`).
    /// - The main account is the first of `main`'s, or the first of all.
    /// - Throws: `LedgerImportError` when `main` names none of them or two ids are the same.
    static func accounts(from totals: [Total], main: String?, names: [String: String] = [:]) throws -> [Account] {
        let kept = totals.filter { $0.minorUnits != 0 }.sorted { left, right in
            let (l, r) = (left.account.split(separator: ":"), right.account.split(separator: ":"))
            return l.lexicographicallyPrecedes(r) || (l == r && left.currency.code < right.currency.code)
        }
        var currencies: [String: Int] = [:]
        for total in kept { currencies[total.account, default: 0] += 1 }
        let mainIndex: Int
        if let main {
            guard let index = kept.firstIndex(where: { $0.account == main }) else {
                throw LedgerImportError(.mainAccountNotFound(main))
            }
            mainIndex = index
        } else {
            mainIndex = 0
        }
        var ids: Set<String> = []
        return try kept.enumerated().map { index, total in
            let id = accountID(total.account, currency: total.currency.code)
            guard ids.insert(id).inserted else { throw LedgerImportError(.sameID(id)) }
            var name = names[total.account] ?? displayName(total.account)
            if currencies[total.account, default: 0] > 1 { name += " " + total.currency.code }
            if let note = total.note { name += " (\(note))" }
            return Account(
                uncheckedID: id, name: lastScalars(name), balance: Money(minorUnits: total.minorUnits, currency: total.currency),
                identifier: nil, type: index == mainIndex ? .main : .secondary)
        }
    }

    /// `assets:bank:checking` in `EUR` as `assets.bank.checking.EUR`.
    static func accountID(_ account: String, currency: String) -> String {
        let suffix = "." + currency
        let body = String(account.unicodeScalars.map { scalar -> Character in
            switch scalar {
            case ":": return "."
            case "a"..."z", "A"..."Z", "0"..."9", "_", "-", ".": return Character(scalar)
            default: return "-"
            }
        })
        return String(body.prefix(64 - suffix.count)) + suffix
    }

    /// The name without its top level: `bank:checking`; a top-level account keeps its name.
    static func displayName(_ account: String) -> String {
        let levels = account.split(separator: ":", omittingEmptySubsequences: false)
        return levels.count > 1 ? levels.dropFirst().joined(separator: ":") : account
    }

    /// The last 64 Unicode scalars of a name (its most specific levels).
    private static func lastScalars(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard scalars.count > 64 else { return text }
        return String(String.UnicodeScalarView(scalars.suffix(64)))
    }

    // MARK: Analytics

    /// The name of the entry that sums the categories past the 49 largest.
    static let otherCategories = "Other categories"

    /// The month's figures by category: money out (an expense, or income
    /// paid back) is spent; money in (income, or an expense refunded beyond
    /// the month's spending in it) is received. A category is its account
    /// at `depth` without the top level (`food` for `expenses:food:groceries`
    /// at depth 2); the largest amounts first, at most 50 per list (the
    /// 49 largest and `Other categories`).
    /// - Parameters:
    ///   - fallback: The currency when the month has no expense or income.
    /// - Throws: `LedgerImportError.mixedCurrencies` for more than one currency.
    static func analytics(from totals: [Total], depth: Int, period: String, fallback: Currency) throws -> Analytics {
        let flows = totals.filter { total in
            let root = total.account.prefix { $0 != ":" }.lowercased()
            return root == "expenses" || root == "income"
        }
        let codes = Set(flows.map(\.currency.code)).sorted()
        guard codes.count <= 1 else { throw LedgerImportError(.mixedCurrencies(period: period, codes: codes)) }
        let currency = flows.first?.currency ?? fallback
        var spent = CategoryTotals()
        var received = CategoryTotals()
        for flow in flows {
            let levels = flow.account.split(separator: ":", omittingEmptySubsequences: false).prefix(depth)
            let category = levels.count > 1 ? levels.dropFirst().joined(separator: ":") : String(levels[0])
            if flow.minorUnits > 0 {
                spent.add(flow.minorUnits, to: lastScalars(category))
            } else if flow.minorUnits < 0 {
                received.add(-flow.minorUnits, to: lastScalars(category))
            }
        }
        return Analytics(
            uncheckedPeriod: period, currency: currency,
            spent: spent.entries(in: currency), received: received.entries(in: currency))
    }

    /// Amounts by category name, in minor units.
    private struct CategoryTotals {
        private var amounts: [(category: String, minorUnits: Int64)] = []

        mutating func add(_ minorUnits: Int64, to category: String) {
            if let index = amounts.firstIndex(where: { $0.category == category }) {
                // Past Int64 the sum is far past the limit the portfolio's check refuses.
                let (sum, overflow) = amounts[index].minorUnits.addingReportingOverflow(minorUnits)
                amounts[index].minorUnits = overflow ? .max : sum
            } else {
                amounts.append((category, minorUnits))
            }
        }

        /// The largest first (then by name), at most 50.
        func entries(in currency: Currency) -> [CategoryAmount] {
            var sorted = amounts.sorted { $0.minorUnits != $1.minorUnits ? $0.minorUnits > $1.minorUnits : $0.category < $1.category }
            if sorted.count > 50 {
                let rest = sorted[49...].reduce(Int64(0)) { sum, entry in
                    let (next, overflow) = sum.addingReportingOverflow(entry.minorUnits)
                    return overflow ? .max : next
                }
                sorted = Array(sorted.prefix(49)) + [(PortfolioShape.otherCategories, rest)]
            }
            return sorted.map { CategoryAmount(uncheckedCategory: $0.category, amount: Money(minorUnits: $0.minorUnits, currency: currency)) }
        }
    }
}
