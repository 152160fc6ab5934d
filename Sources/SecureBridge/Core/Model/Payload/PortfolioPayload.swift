/// The snapshot payload: a portfolio as compact, versioned, big-endian bytes.
/// This is the plaintext the envelope encrypts. `docs/PAYLOAD.md` gives the
/// layout byte for byte.
package enum PortfolioPayload {
    /// The format version this build writes and reads (the first byte).
    package static let formatVersion: UInt8 = 1

    /// The largest payload the format can hold: 1,000 accounts and two lists
    /// of 50 entries with every string at its limit. A reader may refuse
    /// anything longer before decrypting or decoding it.
    package static let maximumByteCount: Int = {
        let text = 2 + PortfolioRules.maximumTextBytes
        let account = 1 + PortfolioRules.maximumIDLength + text + 1 + IBANRegistry.lengthRange.upperBound + 3 + 1 + 8 + 1
        let entry = text + 8
        let analytics = 7 + 3 + 1 + 2 * (1 + PortfolioRules.maximumEntries * entry)
        return 1 + 2 + PortfolioRules.maximumAccounts * account + 1 + analytics
    }()

    /// Account type codes.
    static let mainCode: UInt8 = 0x01
    static let secondaryCode: UInt8 = 0x02
    /// Analytics presence codes.
    static let analyticsAbsent: UInt8 = 0x00
    static let analyticsPresent: UInt8 = 0x01
}

extension Portfolio {
    /// Encodes the portfolio as a snapshot payload.
    ///
    /// The portfolio is checked against the same rules as publish input first
    /// (a portfolio from `PublishInput.decode` or `init(payload:)` always
    /// passes), so every payload written can be read back.
    /// - Returns: The payload bytes, at most `PortfolioPayload.maximumByteCount`.
    /// - Throws: `PayloadError.unencodable` naming the record and field that
    ///   break a rule.
    package func payloadBytes() throws -> [UInt8] {
        var writer = PortfolioPayload.Writer()
        writer.bytes.reserveCapacity(64 + accounts.count * 96)
        writer.byte(PortfolioPayload.formatVersion)
        guard !accounts.isEmpty else { throw PayloadError.unencodable(.document, field: "accounts", .noAccounts) }
        guard accounts.count <= PortfolioRules.maximumAccounts else {
            throw PayloadError.unencodable(
                .document, field: "accounts",
                .tooManyEntries(count: accounts.count, limit: PortfolioRules.maximumAccounts))
        }
        writer.uint16(UInt16(accounts.count))
        var set = PortfolioRules.AccountSet()
        for (index, account) in accounts.enumerated() {
            let number = index + 1
            let record = PortfolioRecord.account(
                number: number, id: PortfolioRules.isValidID(account.id) ? account.id : nil)
            func check(_ field: String, _ body: () throws -> Void) throws {
                do { try body() } catch let violation as PortfolioRules.Violation {
                    throw PayloadError.unencodable(record, field: field, violation.problem)
                }
            }
            try check("id") {
                try PortfolioRules.checkID(account.id)
                try set.register(id: account.id, number: number)
            }
            try check("name") { try PortfolioRules.checkText(account.name) }
            try check("IBAN") { try IBAN.checkElectronic(account.iban.electronicFormat.utf8) }
            try check("currency") { try PortfolioRules.checkCurrency(account.balance.currency) }
            try check("balance") { try PortfolioRules.checkAmount(account.balance, allowsNegative: true) }
            try check("type") { try set.register(type: account.type, number: number) }

            writer.shortString(account.id)
            writer.longString(account.name)
            writer.shortString(account.iban.electronicFormat)
            writer.currency(account.balance.currency)
            writer.int64(account.balance.minorUnits)
            writer.byte(account.type == .main ? PortfolioPayload.mainCode : PortfolioPayload.secondaryCode)
        }
        guard let analytics else {
            writer.byte(PortfolioPayload.analyticsAbsent)
            return writer.bytes
        }
        writer.byte(PortfolioPayload.analyticsPresent)
        func check(_ record: PortfolioRecord, _ field: String, _ body: () throws -> Void) throws {
            do { try body() } catch let violation as PortfolioRules.Violation {
                throw PayloadError.unencodable(record, field: field, violation.problem)
            }
        }
        try check(.analytics, "period") { try PortfolioRules.checkPeriod(analytics.period) }
        try check(.analytics, "currency") { try PortfolioRules.checkCurrency(analytics.currency) }
        writer.bytes.append(contentsOf: analytics.period.utf8)
        writer.currency(analytics.currency)
        for (field, entries, record) in [
            ("spent", analytics.spent, PortfolioRecord.spent), ("received", analytics.received, PortfolioRecord.received),
        ] {
            guard entries.count <= PortfolioRules.maximumEntries else {
                throw PayloadError.unencodable(
                    .analytics, field: field,
                    .tooManyEntries(count: entries.count, limit: PortfolioRules.maximumEntries))
            }
            writer.byte(UInt8(entries.count))
            var categories = PortfolioRules.CategorySet()
            for (index, entry) in entries.enumerated() {
                try check(record(index + 1), "category") {
                    try PortfolioRules.checkText(entry.category)
                    try categories.register(entry.category, number: index + 1)
                }
                try check(record(index + 1), "amount") {
                    guard entry.amount.currency == analytics.currency else {
                        throw PortfolioRules.Violation(.currencyMismatch)
                    }
                    try PortfolioRules.checkAmount(entry.amount, allowsNegative: false)
                }
                writer.longString(entry.category)
                writer.int64(entry.amount.minorUnits)
            }
        }
        return writer.bytes
    }
}

extension PortfolioPayload {
    /// Appends big-endian fields. Lengths were checked by the rules before.
    struct Writer {
        var bytes: [UInt8] = []

        mutating func byte(_ value: UInt8) {
            bytes.append(value)
        }

        mutating func uint16(_ value: UInt16) {
            bytes.append(UInt8(truncatingIfNeeded: value >> 8))
            bytes.append(UInt8(truncatingIfNeeded: value))
        }

        mutating func int64(_ value: Int64) {
            let bits = UInt64(bitPattern: value)
            for shift in stride(from: 56, through: 0, by: -8) {
                bytes.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift)))
            }
        }

        /// A string of at most 255 bytes, after a one-byte length.
        mutating func shortString(_ text: String) {
            byte(UInt8(text.utf8.count))
            bytes.append(contentsOf: text.utf8)
        }

        /// A string of at most 65,535 bytes, after a two-byte length.
        mutating func longString(_ text: String) {
            uint16(UInt16(text.utf8.count))
            bytes.append(contentsOf: text.utf8)
        }

        /// Three ASCII letters, then the minor-unit digits.
        mutating func currency(_ currency: Currency) {
            bytes.append(contentsOf: currency.code.utf8)
            byte(UInt8(currency.minorUnitDigits))
        }
    }
}
