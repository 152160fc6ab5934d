import Foundation

/// What each tool's own report prints for a query, read into figures the
/// published snapshot must equal: the tools' human reports (hledger's CSV,
/// ledger's `balance`, `bean-report balances` and bean-query's table), not
/// the machine-readable forms `publish --from` reads.
enum LedgerReports {
    /// One account's balance, or one category's total, in one commodity.
    struct Figure: Hashable, CustomStringConvertible {
        let account: String
        let commodity: String
        /// The exact amount, normalised: no grouping, no trailing zeros after the point.
        let amount: String

        init(_ account: String, _ commodity: String, _ amount: String) {
            self.account = account
            self.commodity = commodity
            self.amount = LedgerReports.normalised(amount)
        }

        var description: String { "\(account) \(amount) \(commodity)" }
    }

    /// `1,234.50` as `1234.5`; `-0.00` as `0`.
    static func normalised(_ text: String) -> String {
        var digits = text.replacingOccurrences(of: ",", with: "")
        if digits.contains(".") {
            while digits.hasSuffix("0") { digits.removeLast() }
            if digits.hasSuffix(".") { digits.removeLast() }
        }
        return digits == "-0" ? "0" : digits
    }

    /// Runs `program arguments…` and returns its standard output; the test stops on a failure.
    static func run(_ program: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/\(program)")
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "\(program) \(arguments) failed"])
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// The asset balances each tool's balance report prints.
    static func balances(tool: String, journal: String) throws -> Set<Figure> {
        switch tool {
        case "hledger":
            return try hledgerCSV(run("hledger", ["-f", journal, "balance", "assets", "--flat", "--no-total", "-O", "csv", "--layout=bare"]))
        case "ledger":
            return ledgerBalance(try run("ledger", ["-f", journal, "balance", "assets", "--flat", "--no-total"]))
        default:
            let lines = try run("bean-report", [journal, "balances"]).split(separator: "\n")
            return Set(lines.compactMap { line -> Figure? in
                let words = line.split(separator: " ")
                guard words.count >= 3, words[0].hasPrefix("Assets") else { return nil }
                return Figure(String(words[0]), String(words[2]), String(words[1]))
            })
        }
    }

    /// The month's expenses and income at depth 2 in each tool's report.
    static func categories(tool: String, journal: String) throws -> Set<Figure> {
        switch tool {
        case "hledger":
            return try hledgerCSV(run("hledger", [
                "-f", journal, "balance", "^expenses", "^income", "--flat", "--no-total", "--depth", "2",
                "-p", "2026-11", "-O", "csv", "--layout=bare",
            ]))
        case "ledger":
            // Ledger's --flat leaves out an account at --depth without postings of its own:
            // its flat report, summed here at depth 2.
            let flat = ledgerBalance(try run("ledger", [
                "-f", journal, "balance", "^expenses", "^income", "--flat", "--no-total", "-p", "2026/11",
            ]))
            var sums: [String: Decimal] = [:]
            for figure in flat {
                sums[figure.account.split(separator: ":").prefix(2).joined(separator: ":") + " " + figure.commodity, default: 0]
                    += Decimal(string: figure.amount)!
            }
            return Set(sums.map { key, sum in
                let parts = key.split(separator: " ")
                return Figure(String(parts[0]), String(parts[1]), "\(sum)")
            })
        default:
            let table = try run("bean-query", [journal,
                "SELECT root(account, 2) AS category, sum(position) AS total WHERE account ~ '^(Expenses|Income)'"
                    + " AND year = 2026 AND month = 11 GROUP BY category ORDER BY category"])
            return Set(table.split(separator: "\n").compactMap { line -> Figure? in
                let words = line.split(separator: " ")
                guard words.count >= 3, words[0].hasPrefix("Expenses") || words[0].hasPrefix("Income") else { return nil }
                return Figure(String(words[0]), String(words[2]), String(words[1]))
            })
        }
    }

    /// `"account","commodity","balance"` rows.
    private static func hledgerCSV(_ text: String) -> Set<Figure> {
        Set(text.split(whereSeparator: \.isNewline).dropFirst().compactMap { line -> Figure? in
            let fields = line.split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
            guard fields.count == 3, fields[2] != "0" else { return nil }
            return Figure(fields[0], fields[1], fields[2])
        })
    }

    /// Ledger's flat balance: amount lines, the account after the last of an account's amounts.
    private static func ledgerBalance(_ text: String) -> Set<Figure> {
        var figures: Set<Figure> = []
        var pending: [(String, String)] = []
        for line in text.split(separator: "\n") {
            let words = line.split(separator: " ").map(String.init)
            guard words.count >= 2 else { continue }
            pending.append((words[0], words[1]))
            if words.count >= 3 {
                let account = words[2...].joined(separator: " ")
                for (amount, commodity) in pending { figures.insert(Figure(account, commodity, amount)) }
                pending = []
            }
        }
        return figures
    }
}
