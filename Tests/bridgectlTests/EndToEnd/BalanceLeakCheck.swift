import Foundation
import Testing

/// What the example inputs hold that a redacted widget must never show,
/// derived from the files themselves so the check follows the examples.
enum ExampleSecrets {
    /// Every amount in the examples as digits: the raw strings of the input
    /// (`"4675.00"`, `"-230.15"`), their unsigned and digit-grouped forms as a
    /// formatter prints them (`"4,675.00"`, `"58,000"`), and the spending totals.
    static let amounts: [String] = {
        var amounts: Set<String> = []
        func add(_ raw: String) {
            let unsigned = raw.hasPrefix("-") ? String(raw.dropFirst()) : raw
            amounts.formUnion([raw, unsigned, grouped(unsigned)])
        }
        for file in [Examples.accounts, Examples.spending] {
            let input = load(file)
            for account in accounts(in: input) {
                if let balance = account["balance"] as? String { add(balance) }
            }
            guard let analytics = (input as? [String: Any])?["analytics"] as? [String: Any] else { continue }
            for side in ["spent", "received"] {
                let rows = analytics[side] as? [[String: Any]] ?? []
                let raws = rows.compactMap { $0["amount"] as? String }
                raws.forEach(add)
                add(total(of: raws))
            }
        }
        return amounts.sorted()
    }()

    /// Every account's IBAN or account number as written in the examples, by account id.
    static let numbers: [String: String] = {
        var numbers: [String: String] = [:]
        for file in [Examples.accounts, Examples.spending] {
            for account in accounts(in: load(file)) {
                guard let id = account["id"] as? String else { continue }
                numbers[id] = (account["IBAN"] as? String) ?? (account["accountNumber"] as? String)
            }
        }
        return numbers
    }()

    /// An IBAN or account number without spaces or hyphens, upper case.
    static func normalized(_ number: String) -> String {
        number.filter { !$0.isWhitespace && $0 != "-" }.uppercased()
    }

    private static func load(_ path: String) -> Any {
        guard let data = FileManager.default.contents(atPath: path),
              let value = try? JSONSerialization.jsonObject(with: data)
        else {
            Issue.record("The example input \(path) is missing or not JSON.")
            return [Any]()
        }
        return value
    }

    private static func accounts(in input: Any) -> [[String: Any]] {
        (input as? [[String: Any]]) ?? ((input as? [String: Any])?["accounts"] as? [[String: Any]]) ?? []
    }

    /// `"4675.00"` → `"4,675.00"`.
    static func grouped(_ unsigned: String) -> String {
        let parts = unsigned.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        var integer = ""
        for (index, digit) in parts[0].reversed().enumerated() {
            if index > 0 && index % 3 == 0 { integer.insert(",", at: integer.startIndex) }
            integer.insert(digit, at: integer.startIndex)
        }
        return parts.count > 1 ? integer + "." + parts[1] : integer
    }

    /// The exact sum of decimal strings, with as many decimals as the longest: `["1.5", "2.25"]` → `"3.75"`.
    static func total(of raws: [String]) -> String {
        let scale = raws.map { $0.split(separator: ".").dropFirst().first?.count ?? 0 }.max() ?? 0
        let units = raws.reduce(Int64(0)) { sum, raw in
            let parts = raw.split(separator: ".", maxSplits: 1)
            let fraction = parts.count > 1 ? String(parts[1]) : ""
            let padded = fraction + String(repeating: "0", count: scale - fraction.count)
            return sum + (Int64(String(parts[0]) + padded) ?? 0)
        }
        guard scale > 0 else { return String(units) }
        var digits = String(units)
        while digits.count <= scale { digits.insert("0", at: digits.startIndex) }
        digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -scale))
        return digits
    }
}

/// The one check every `read` in the end-to-end suite goes through.
///
/// - Masked and placeholder entries show no amount: none of the examples'
///   amounts in any of their strings, no digit in any balance, total,
///   category amount or percentage, and one fixed mask for every amount.
/// - When no entry is full, none of those amounts appears anywhere in stdout.
/// - Every IBAN shows at most its last 4 characters, and no full IBAN appears
///   anywhere in stdout.
func expectNoBalanceLeak(_ output: WidgetOutput, sourceLocation: SourceLocation = #_sourceLocation) {
    for problem in balanceLeaks(in: output) {
        Issue.record(Comment(rawValue: problem), sourceLocation: sourceLocation)
    }
}

/// What `expectNoBalanceLeak` would report, one sentence per problem.
func balanceLeaks(in output: WidgetOutput) -> [String] {
    var problems: [String] = []
    var masks: Set<String> = []
    for (index, entry) in output.entries.enumerated() where entry.state != "full" {
        let label = "entries[\(index)] (\(entry.state) \(entry.reason ?? "null"))"
        for text in entry.strings {
            for amount in ExampleSecrets.amounts where text.contains(amount) {
                problems.append("\(label) shows the amount \(amount) in \"\(text)\".")
            }
        }
        for account in entry.accounts {
            if hasDigit(account.balance) {
                problems.append("\(label) account \(account.id) balance has a digit: \(account.balance).")
            }
            masks.insert(account.balance)
        }
        if let spending = entry.spending {
            for amount in spending.amounts {
                if hasDigit(amount) { problems.append("\(label) spending shows \(amount).") }
                masks.insert(amount)
            }
            for category in spending.categories where hasDigit(category.percent ?? "") {
                problems.append("\(label) shows the share of \(category.name): \(category.percent ?? "").")
            }
        }
    }
    if masks.count > 1 {
        problems.append("Masked amounts must all be one fixed mask (no length hint), got \(masks.sorted()).")
    }
    if output.entries.allSatisfy({ $0.state != "full" }) {
        for amount in ExampleSecrets.amounts where output.raw.contains(amount) {
            problems.append("The stdout of a redacted timeline contains \(amount).")
        }
    }
    for entry in output.entries {
        for account in entry.accounts {
            let shown = account.number.filter { $0.isLetter || $0.isNumber }
            if shown.count > 4 {
                problems.append("Account \(account.id) shows \(shown.count) characters of its number: \(account.number).")
            }
            if let number = ExampleSecrets.numbers[account.id], !ExampleSecrets.normalized(number).hasSuffix(shown) {
                problems.append("Account \(account.id) number \(account.number) is not the last 4 of its IBAN or account number.")
            }
        }
    }
    for number in ExampleSecrets.numbers.values {
        let normalized = ExampleSecrets.normalized(number)
        for form in Set([number, normalized, String(normalized.dropLast(4))]) where output.raw.contains(form) {
            problems.append("The stdout contains the IBAN or account number part \(form).")
        }
    }
    return problems
}

/// Whether `text` has any digit, in any script.
func hasDigit(_ text: String) -> Bool {
    text.contains { $0.isNumber }
}

/// The same amount check for text output that is not a timeline (inspect,
/// status, error messages): none of the examples' amounts appears.
///
/// Hex key ids are removed first: by chance they may hold a run like `58000`.
func expectNoAmounts(in text: String, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let withoutKeyIDs = text.replacingOccurrences(of: "[0-9a-f]{16,}", with: "<key id>", options: .regularExpression)
    for amount in ExampleSecrets.amounts {
        #expect(!withoutKeyIDs.contains(amount), "\(what) contains the amount \(amount)", sourceLocation: sourceLocation)
    }
}
