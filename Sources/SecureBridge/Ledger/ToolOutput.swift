import SecureBridge

/// Reads what the tools print into rows of account, commodity and amount.
enum ToolOutput {
    /// One account's (or one posting's) amount in one commodity, as printed.
    struct Row: Equatable {
        /// The account's full name, e.g. `assets:bank:checking`.
        let account: String
        /// The commodity's symbol, e.g. `EUR`, `ACME` or `$`.
        let commodity: String
        /// The quantity as printed: an optional `-`, digits and optionally a
        /// fraction. Read as an amount only for a currency
        /// (`ExactAmount(quantity)`): a holding's quantity can have more
        /// digits than any currency's amount.
        let quantity: String
        /// The fields past the third, for a report that has more.
        var extra: [String] = []
    }

    /// The output is not of the form the tool was asked for.
    struct Unreadable: Error, Equatable {}

    /// `hledger balance --flat --no-total -O json`: `[[rows], totals]`,
    /// each row `[name, display name, indent, [amounts]]`, each amount an
    /// object with `acommodity` and an exact `aquantity`
    /// (`decimalMantissa`, `decimalPlaces`).
    static func hledgerBalance(_ output: [UInt8]) throws -> [Row] {
        guard case let .array(report)? = try? JSONParser.parse(output),
              case let .array(accounts)? = report.first
        else { throw Unreadable() }
        var rows: [Row] = []
        for account in accounts {
            guard case let .array(fields) = account, fields.count == 4,
                  case let .string(name) = fields[0], case let .array(amounts) = fields[3]
            else { throw Unreadable() }
            for amount in amounts {
                guard case let .string(commodity)? = amount["acommodity"],
                      case let .number(mantissa)? = amount["aquantity"]?["decimalMantissa"],
                      case let .number(places)? = amount["aquantity"]?["decimalPlaces"],
                      let places = Int(places), let quantity = decimalText(mantissa: mantissa, places: places)
                else { throw Unreadable() }
                rows.append(Row(account: name, commodity: commodity, quantity: quantity))
            }
        }
        return rows
    }

    /// Lines of account, commodity and amount separated by `separator`,
    /// each field trimmed of spaces: ledger's `--format` (tabs) and
    /// bean-query's CSV (commas, after a header line).
    static func separated(_ output: [UInt8], by separator: Character, skippingHeader: Bool, amountField: Bool = true) throws -> [Row] {
        var lines = String(decoding: output, as: UTF8.self).split(whereSeparator: \.isNewline)
        if skippingHeader, !lines.isEmpty { lines.removeFirst() }
        return try lines.map { line in
            let fields = Self.fields(of: line, separator: separator)
            // Ledger's quantities have no digit groups; a comma is the decimal
            // mark of a journal read with --decimal-comma.
            guard fields.count >= 3, !fields[0].isEmpty else { throw Unreadable() }
            guard amountField else { return Row(account: fields[0], commodity: fields[1], quantity: fields[2], extra: Array(fields.dropFirst(3))) }
            let quantity = separator == "\t" ? fields[2].replacing(",", with: ".") : fields[2]
            guard isDecimal(quantity) else { throw Unreadable() }
            return Row(account: fields[0], commodity: fields[1], quantity: quantity, extra: Array(fields.dropFirst(3)))
        }
    }

    /// bean-query's rows of the one query a publish runs
    /// (`LedgerTool.beancountQuery`): account, currency, total, whether the
    /// postings are the month's and whether the account is one of `--accounts`.
    /// The balances are the chosen accounts' rows (of both kinds of posting);
    /// the flows are the month's rows.
    static func beancountReport(_ output: [UInt8]) throws -> (balances: [Row], flows: [Row]) {
        var balances: [Row] = []
        var flows: [Row] = []
        for row in try separated(output, by: ",", skippingHeader: true) {
            guard row.extra.count == 2, let inMonth = Bool(bqlText: row.extra[0]), let chosen = Bool(bqlText: row.extra[1])
            else { throw Unreadable() }
            let plain = Row(account: row.account, commodity: row.commodity, quantity: row.quantity)
            if chosen { balances.append(plain) }
            if inMonth { flows.append(plain) }
        }
        return (balances, flows)
    }

    /// What `read` gives, or `LedgerImportError.unreadableOutput` when the
    /// tool printed something else than the form asked for.
    static func parsing<Parsed>(_ tool: LedgerTool, _ read: () throws -> Parsed) throws -> Parsed {
        do {
            return try read()
        } catch is Unreadable {
            throw LedgerImportError(.unreadableOutput(tool))
        }
    }

    /// bean-query's values of holdings (`LedgerTool.valueArguments`):
    /// account, the holding, and its value as `NUMBER COMMODITY`; as rows in
    /// the value's commodity with the holding as their extra field.
    static func beancountValues(_ output: [UInt8]) throws -> [Row] {
        try separated(output, by: ",", skippingHeader: true, amountField: false).map { row in
            let value = row.quantity.split(separator: " ", omittingEmptySubsequences: true)
            guard value.count == 2, isDecimal(String(value[0])) else { throw Unreadable() }
            return Row(account: row.account, commodity: String(value[1]), quantity: String(value[0]), extra: [row.commodity])
        }
    }

    /// For each commodity, the latest date on or before `day` (`YYYY-MM-DD`)
    /// of the price lines listed (`LedgerTool.priceListing`); a line of any
    /// other form is passed over.
    static func latestPriceDates(_ output: [UInt8], until day: String) -> [String: String] {
        var latest: [String: String] = [:]
        for line in String(decoding: output, as: UTF8.self).split(whereSeparator: \.isNewline) {
            var words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            if words.first == "P" { words.removeFirst() }
            guard words.count >= 3 else { continue }
            let date = words[0].replacing("/", with: "-")
            guard date.count == 10, date.utf8.allSatisfy({ $0 == UInt8(ascii: "-") || (48...57).contains($0) }), date <= day
            else { continue }
            // hledger's and beancount's commodity follows the date (beancount's after `price`); ledger's after the time.
            let rest = words.dropFirst().drop { $0 == "price" || $0.contains(":") }
            guard let commodity = rest.first else { continue }
            if latest[commodity].map({ $0 < date }) ?? true { latest[commodity] = date }
        }
        return latest
    }

    /// `-?digits(.digits)?`, of any length.
    static func isDecimal(_ text: String) -> Bool {
        var body = Substring(text)
        if body.first == "-" { body = body.dropFirst() }
        let parts = body.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        return parts.allSatisfy { !$0.isEmpty && $0.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } }
    }

    /// hledger's `decimalMantissa` and `decimalPlaces` as decimal text: `-9000`, `2` as `-90.00`.
    static func decimalText(mantissa: String, places: Int) -> String? {
        let negative = mantissa.hasPrefix("-")
        let digits = negative ? String(mantissa.dropFirst()) : mantissa
        guard places >= 0, places <= 1000, isDecimal(digits), !digits.contains(".") else { return nil }
        let padded = String(repeating: "0", count: max(0, places + 1 - digits.count)) + digits
        let whole = padded.dropLast(places)
        let fraction = padded.suffix(places)
        return (negative ? "-" : "") + whole + (places > 0 ? "." + fraction : "")
    }

    /// A line's fields, trimmed; a CSV field in double quotes keeps its
    /// separators (an account name with a comma), with `""` for a quote.
    private static func fields(of line: Substring, separator: Character) -> [String] {
        var fields: [String] = []
        var field = ""
        var quoted = false
        var iterator = line.makeIterator()
        while let character = iterator.next() {
            if separator == ",", character == "\"" {
                if quoted, let following = iterator.next() {
                    if following == "\"" { field.append("\"") } else {
                        quoted = false
                        if following == separator {
                            fields.append(field)
                            field = ""
                        } else { field.append(following) }
                    }
                    continue
                }
                quoted.toggle()
            } else if character == separator, !quoted {
                fields.append(field)
                field = ""
            } else if character != "\r" {
                field.append(character)
            }
        }
        fields.append(field)
        return fields.map { String($0.trimmedOfBlanks) }
    }
}

extension Bool {
    /// bean-query's `TRUE` and `FALSE`.
    init?(bqlText: String) {
        switch bqlText {
        case "TRUE": self = true
        case "FALSE": self = false
        default: return nil
        }
    }
}

extension StringProtocol {
    /// Without the spaces and tabs at either end.
    var trimmedOfBlanks: SubSequence {
        let isBlank = { (character: Character) in character == " " || character == "\t" }
        let start = firstIndex { !isBlank($0) } ?? endIndex
        let end = lastIndex { !isBlank($0) }.map(index(after:)) ?? start
        return self[start..<Swift.max(start, end)]
    }
}

/// An exact decimal amount as a tool printed it: an integer of units of
/// 10^-`places`. Never a floating-point number.
struct ExactAmount: Equatable {
    /// The amount times 10^`places`.
    let units: Int64
    /// Digits after the decimal point, 0 to 18.
    let places: Int

    /// `-?digits(.digits)?`; `nil` for anything else or more than 18 digits in all.
    init?(_ text: String) {
        var body = Substring(text)
        let negative = body.first == "-"
        if negative { body = body.dropFirst() }
        let parts = body.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = parts.first, !whole.isEmpty else { return nil }
        let fraction = parts.count == 2 ? parts[1] : ""
        guard parts.count == 1 || !fraction.isEmpty else { return nil }
        self.init(mantissa: (negative ? "-" : "") + whole + fraction, places: fraction.count)
    }

    /// `mantissa` × 10^-`places`, as hledger's JSON gives it.
    init?(mantissa: String, places: Int) {
        let digits = mantissa.hasPrefix("-") ? mantissa.dropFirst() : Substring(mantissa)
        guard (0...18).contains(places), !digits.isEmpty, digits.count <= 18,
              digits.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
              let units = Int64(mantissa)
        else { return nil }
        self.units = units
        self.places = places
    }

    /// The amount in `currency`'s minor units, or `nil` when it has a
    /// non-zero digit past them or does not fit.
    func minorUnits(of currency: Currency) -> Int64? {
        var units = self.units
        var places = self.places
        while places > currency.minorUnitDigits {
            guard units % 10 == 0 else { return nil }
            units /= 10
            places -= 1
        }
        while places < currency.minorUnitDigits {
            let (scaled, overflow) = units.multipliedReportingOverflow(by: 10)
            guard !overflow else { return nil }
            units = scaled
            places += 1
        }
        return units
    }
}
