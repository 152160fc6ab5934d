extension Portfolio {
    /// Decodes a snapshot payload, strictly.
    ///
    /// Every length is checked against the bytes that remain, every count and
    /// string against the limits of publish input; strings must be valid
    /// UTF-8, currencies active ISO 4217 entries with their exact minor-unit
    /// digits, IBANs valid, codes known; ids and categories unique, at most one
    /// main account; and nothing may follow the portfolio.
    /// - Parameter payload: The decrypted payload.
    /// - Throws: `PayloadError` naming the record and field.
    package init(payload: UnsafeRawBufferPointer) throws {
        var reader = PortfolioPayload.Reader(bytes: payload)
        self = try reader.readPortfolio()
    }

    /// Decodes a snapshot payload, strictly (see `init(payload:)`).
    /// - Throws: `PayloadError` naming the record and field.
    package init(payload: [UInt8]) throws {
        self = try payload.withUnsafeBytes { try Portfolio(payload: $0) }
    }
}

extension PortfolioPayload {
    /// Reads the layout of `docs/PAYLOAD.md` from one buffer.
    struct Reader {
        let bytes: UnsafeRawBufferPointer
        var offset = 0

        init(bytes: UnsafeRawBufferPointer) {
            self.bytes = bytes
        }

        mutating func readPortfolio() throws -> Portfolio {
            let version = try byte(.document, "version")
            guard version == PortfolioPayload.formatVersion else { throw PayloadError.unsupportedVersion(version) }
            let count = Int(try uint16(.document, "account count"))
            guard count > 0 else { throw PayloadError.invalid(.document, field: "account count", .noAccounts) }
            guard count <= PortfolioRules.maximumAccounts else {
                throw PayloadError.invalid(
                    .document, field: "account count",
                    .tooManyEntries(count: count, limit: PortfolioRules.maximumAccounts))
            }
            var accounts: [Account] = []
            accounts.reserveCapacity(count)
            var set = PortfolioRules.AccountSet()
            for index in 0..<count {
                accounts.append(try readAccount(number: index + 1, set: &set))
            }
            let analytics: Analytics?
            switch try byte(.document, "analytics flag") {
            case PortfolioPayload.analyticsAbsent:
                analytics = nil
            case PortfolioPayload.analyticsPresent:
                analytics = try readAnalytics()
            case let code:
                throw PayloadError.invalid(.document, field: "analytics flag", .unknownCode(code))
            }
            guard offset == bytes.count else { throw PayloadError.trailingBytes(count: bytes.count - offset) }
            return Portfolio(accounts: accounts, analytics: analytics)
        }

        private mutating func readAccount(number: Int, set: inout PortfolioRules.AccountSet) throws -> Account {
            var record = PortfolioRecord.account(number: number, id: nil)
            let idBytes = try string(record, "id", lengthBytes: 1, limit: PortfolioRules.maximumIDLength)
            try check(record, "id") { try PortfolioRules.checkID(utf8: idBytes) }
            let id = String(decoding: idBytes, as: UTF8.self)
            record = .account(number: number, id: id)
            try check(record, "id") { try set.register(id: id, number: number) }

            let name = try text(record, "name")
            let ibanBytes = try string(record, "IBAN", lengthBytes: 1, limit: IBANRegistry.lengthRange.upperBound)
            try check(record, "IBAN") { try IBAN.checkElectronic(ibanBytes) }
            let iban = IBAN(checkedElectronicFormat: String(decoding: ibanBytes, as: UTF8.self))
            let currency = try self.currency(record)
            let balance = Money(minorUnits: try int64(record, "balance"), currency: currency)
            try check(record, "balance") { try PortfolioRules.checkAmount(balance, allowsNegative: true) }
            let type: AccountType
            switch try byte(record, "type") {
            case PortfolioPayload.mainCode: type = .main
            case PortfolioPayload.secondaryCode: type = .secondary
            case let code: throw PayloadError.invalid(record, field: "type", .unknownCode(code))
            }
            try check(record, "type") { try set.register(type: type, number: number) }
            return Account(id: id, name: name, balance: balance, iban: iban, type: type)
        }

        private mutating func readAnalytics() throws -> Analytics {
            let periodBytes = try take(7, .analytics, "period")
            let period = String(decoding: periodBytes, as: UTF8.self)
            try check(.analytics, "period") { try PortfolioRules.checkPeriod(period) }
            let currency = try self.currency(.analytics)
            let spent = try entries("spent", currency: currency, record: PortfolioRecord.spent)
            let received = try entries("received", currency: currency, record: PortfolioRecord.received)
            return Analytics(period: period, currency: currency, spent: spent, received: received)
        }

        private mutating func entries(
            _ field: String, currency: Currency, record: (Int) -> PortfolioRecord
        ) throws -> [CategoryAmount] {
            let count = Int(try byte(.analytics, field))
            guard count <= PortfolioRules.maximumEntries else {
                throw PayloadError.invalid(
                    .analytics, field: field, .tooManyEntries(count: count, limit: PortfolioRules.maximumEntries))
            }
            var entries: [CategoryAmount] = []
            entries.reserveCapacity(count)
            var categories = PortfolioRules.CategorySet()
            for index in 0..<count {
                let entryRecord = record(index + 1)
                let category = try text(entryRecord, "category")
                try check(entryRecord, "category") { try categories.register(category, number: index + 1) }
                let amount = Money(minorUnits: try int64(entryRecord, "amount"), currency: currency)
                try check(entryRecord, "amount") { try PortfolioRules.checkAmount(amount, allowsNegative: false) }
                entries.append(CategoryAmount(category: category, amount: amount))
            }
            return entries
        }

        // MARK: Fields

        /// Three ASCII letters and the minor-unit digits, which must match the
        /// ISO 4217 table exactly.
        private mutating func currency(_ record: PortfolioRecord) throws -> Currency {
            let code = try take(3, record, "currency")
            let digits = try byte(record, "currency")
            guard code.allSatisfy({ (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }),
                let currency = Currency.iso4217(String(decoding: code, as: UTF8.self)),
                currency.minorUnitDigits == Int(digits)
            else { throw PayloadError.invalid(record, field: "currency", .unknownCurrency) }
            return currency
        }

        /// A name or category: two-byte length, 1 to 256 bytes of UTF-8, and
        /// the text rules (1 to 64 scalars, no disallowed characters).
        private mutating func text(_ record: PortfolioRecord, _ field: String) throws -> String {
            let bytes = try string(record, field, lengthBytes: 2, limit: PortfolioRules.maximumTextBytes)
            guard UnicodeText.isValidUTF8(bytes) else { throw PayloadError.invalid(record, field: field, .invalidUTF8) }
            let text = String(decoding: bytes, as: UTF8.self)
            try check(record, field) { try PortfolioRules.checkText(text) }
            return text
        }

        /// A length-prefixed byte string of 1 to `limit` bytes.
        private mutating func string(
            _ record: PortfolioRecord, _ field: String, lengthBytes: Int, limit: Int
        ) throws -> UnsafeRawBufferPointer {
            let length = lengthBytes == 1 ? Int(try byte(record, field)) : Int(try uint16(record, field))
            guard length > 0 else { throw PayloadError.invalid(record, field: field, .empty) }
            guard length <= limit else {
                throw PayloadError.invalid(record, field: field, .tooLong(limit: limit, unit: .bytes))
            }
            return try take(length, record, field)
        }

        private mutating func take(_ count: Int, _ record: PortfolioRecord, _ field: String) throws -> UnsafeRawBufferPointer {
            guard bytes.count - offset >= count else { throw PayloadError.truncated(record, field: field) }
            defer { offset += count }
            return UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + count])
        }

        private mutating func byte(_ record: PortfolioRecord, _ field: String) throws -> UInt8 {
            try take(1, record, field)[0]
        }

        private mutating func uint16(_ record: PortfolioRecord, _ field: String) throws -> UInt16 {
            let raw = try take(2, record, field)
            return UInt16(raw[0]) << 8 | UInt16(raw[1])
        }

        private mutating func int64(_ record: PortfolioRecord, _ field: String) throws -> Int64 {
            let raw = try take(8, record, field)
            var bits: UInt64 = 0
            for byte in raw { bits = bits << 8 | UInt64(byte) }
            return Int64(bitPattern: bits)
        }

        /// Runs `body` and places any rule it breaks in `record` and `field`.
        private func check(_ record: PortfolioRecord, _ field: String, _ body: () throws -> Void) throws {
            do { try body() } catch let violation as PortfolioRules.Violation {
                throw PayloadError.invalid(record, field: field, violation.problem)
            }
        }
    }
}
