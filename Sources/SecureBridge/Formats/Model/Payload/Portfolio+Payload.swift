extension Portfolio {
    /// Decodes a payload strictly: publish input's rules, the lowest version that holds it, nothing after it.
    /// - Throws: `BridgeError` naming the record and field.
    package init(payload: UnsafeRawBufferPointer) throws {
        var reader = PortfolioPayload.Reader(bytes: payload)
        self = try reader.readPortfolio()
    }

    package init(payload: [UInt8]) throws {
        self = try payload.withUnsafeBytes { try Portfolio(payload: $0) }
    }
}

extension PortfolioPayload {
    /// Reads the layout of `docs/PAYLOAD.md` from one buffer.
    struct Reader {
        private var bytes: ByteReader

        init(bytes: UnsafeRawBufferPointer) {
            self.bytes = ByteReader(bytes)
        }

        mutating func readPortfolio() throws -> Portfolio {
            let version = try read(UInt8.self, .document, "version")
            guard PortfolioPayload.readableVersions.contains(version) else { throw BridgeError(PayloadProblem.unsupportedVersion(version)) }
            let count = Int(try read(UInt16.self, .document, "account count"))
            try PortfolioRules.check(.document, "account count", in: .payload) { try PortfolioRules.checkAccountCount(count) }
            var accounts: [Account] = []
            accounts.reserveCapacity(count)
            var set = PortfolioRules.AccountSet()
            for index in 0..<count {
                accounts.append(try readAccount(number: index + 1, version: version, set: &set))
            }
            // One encoding per portfolio: each version only where the one before cannot hold it.
            let needed = PortfolioPayload.version(of: accounts)
            guard version == needed else {
                throw BridgeError(PayloadProblem.invalid(.document, field: "version", .versionAboveContent(needed: needed)))
            }
            let analytics: Analytics?
            switch try read(UInt8.self, .document, "analytics flag") {
            case PortfolioPayload.analyticsAbsent:
                analytics = nil
            case PortfolioPayload.analyticsPresent:
                analytics = try readAnalytics()
            case let code:
                throw BridgeError(PayloadProblem.invalid(.document, field: "analytics flag", .unknownCode(code)))
            }
            guard bytes.remaining == 0 else { throw BridgeError(PayloadProblem.trailingBytes(count: bytes.remaining)) }
            return Portfolio(uncheckedAccounts: accounts, analytics: analytics)
        }

        private mutating func readAccount(
            number: Int, version: UInt8, set: inout PortfolioRules.AccountSet
        ) throws -> Account {
            var record = PortfolioRecord.account(number: number, id: nil)
            let idBytes = try string(record, "id", length: UInt8.self, limit: PortfolioRules.maximumIDLength)
            try PortfolioRules.check(record, "id", in: .payload) {
                try Identifier.check(utf8: idBytes, kind: .account)
            }
            let id = String(decoding: idBytes, as: UTF8.self)
            record = .account(number: number, id: id)
            try PortfolioRules.check(record, "id", in: .payload) { try set.register(id: id, number: number) }

            let name = try text(record, "name")
            let identifier = try self.identifier(record, version: version)
            let currency = try self.currency(record)
            let balance = Money(minorUnits: try read(Int64.self, record, "balance"), currency: currency)
            try PortfolioRules.check(record, "balance", in: .payload) {
                try PortfolioRules.checkAmount(balance, allowsNegative: true)
            }
            let type: AccountType
            switch try read(UInt8.self, record, "type") {
            case PortfolioPayload.mainCode: type = .main
            case PortfolioPayload.secondaryCode: type = .secondary
            case let code: throw BridgeError(PayloadProblem.invalid(record, field: "type", .unknownCode(code)))
            }
            try PortfolioRules.check(record, "type", in: .payload) { try set.register(type: type, number: number) }
            return Account(uncheckedID: id, name: name, balance: balance, identifier: identifier, type: type)
        }

        /// Version 1: an IBAN; from version 2, a kind code and then the number, if any.
        private mutating func identifier(_ record: PortfolioRecord, version: UInt8) throws -> AccountIdentifier? {
            var kind = AccountIdentifier.Kind.iban
            if version >= PortfolioPayload.numberKindVersion {
                switch try read(UInt8.self, record, "number kind") {
                case PortfolioPayload.ibanCode: kind = .iban
                case PortfolioPayload.accountNumberCode: kind = .accountNumber
                case PortfolioPayload.noNumberCode where version >= PortfolioPayload.formatVersion:
                    return nil
                case let code: throw BridgeError(PayloadProblem.invalid(record, field: "number kind", .unknownCode(code)))
                }
            }
            let limit = kind == .iban ? IBANRegistry.lengthRange.upperBound : AccountNumber.lengthRange.upperBound
            let bytes = try string(record, kind.field, length: UInt8.self, limit: limit)
            return try PortfolioRules.check(record, kind.field, in: .payload) {
                try AccountIdentifier(kind: kind, storedForm: bytes)
            }
        }

        private mutating func readAnalytics() throws -> Analytics {
            let periodBytes = try take(7, .analytics, "period")
            let period = String(decoding: periodBytes, as: UTF8.self)
            try PortfolioRules.check(.analytics, "period", in: .payload) { try PortfolioRules.checkPeriod(period) }
            let currency = try self.currency(.analytics)
            let spent = try entries("spent", currency: currency, record: PortfolioRecord.spent)
            let received = try entries("received", currency: currency, record: PortfolioRecord.received)
            return Analytics(uncheckedPeriod: period, currency: currency, spent: spent, received: received)
        }

        private mutating func entries(
            _ field: String, currency: Currency, record: (Int) -> PortfolioRecord
        ) throws -> [CategoryAmount] {
            let count = Int(try read(UInt8.self, .analytics, field))
            try PortfolioRules.check(.analytics, field, in: .payload) { try PortfolioRules.checkEntryCount(count) }
            var entries: [CategoryAmount] = []
            entries.reserveCapacity(count)
            var categories = PortfolioRules.CategorySet()
            for index in 0..<count {
                let entryRecord = record(index + 1)
                let category = try text(entryRecord, "category")
                try PortfolioRules.check(entryRecord, "category", in: .payload) {
                    try categories.register(category, number: index + 1)
                }
                let amount = Money(minorUnits: try read(Int64.self, entryRecord, "amount"), currency: currency)
                try PortfolioRules.check(entryRecord, "amount", in: .payload) {
                    try PortfolioRules.checkAmount(amount, allowsNegative: false)
                }
                entries.append(CategoryAmount(uncheckedCategory: category, amount: amount))
            }
            return entries
        }

        // MARK: Fields

        /// Three ASCII letters and minor-unit digits matching the ISO 4217 table exactly.
        private mutating func currency(_ record: PortfolioRecord) throws -> Currency {
            let code = try take(3, record, "currency")
            let digits = try read(UInt8.self, record, "currency")
            guard code.allSatisfy({ (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }),
                let currency = Currency.iso4217(String(decoding: code, as: UTF8.self)),
                currency.minorUnitDigits == Int(digits)
            else { throw BridgeError(PayloadProblem.invalid(record, field: "currency", .unknownCurrency)) }
            return currency
        }

        private mutating func text(_ record: PortfolioRecord, _ field: String) throws -> String {
            let bytes = try string(record, field, length: UInt16.self, limit: PortfolioRules.maximumTextBytes)
            guard UnicodeText.isValidUTF8(bytes) else { throw BridgeError(PayloadProblem.invalid(record, field: field, .invalidUTF8)) }
            let text = String(decoding: bytes, as: UTF8.self)
            try PortfolioRules.check(record, field, in: .payload) { try PortfolioRules.checkText(text, in: .payload) }
            return text
        }

        private mutating func string<Length: FixedWidthInteger & UnsignedInteger>(
            _ record: PortfolioRecord, _ field: String, length _: Length.Type, limit: Int
        ) throws -> UnsafeRawBufferPointer {
            let length = Int(try read(Length.self, record, field))
            guard length > 0 else { throw BridgeError(PayloadProblem.invalid(record, field: field, .empty)) }
            guard length <= limit else {
                throw BridgeError(PayloadProblem.invalid(record, field: field, .tooLong(limit: limit, unit: .bytes)))
            }
            return try take(length, record, field)
        }

        private mutating func take(_ count: Int, _ record: PortfolioRecord, _ field: String) throws -> UnsafeRawBufferPointer {
            try bytes.take(count, or: BridgeError(PayloadProblem.truncated(record, field: field)))
        }

        private mutating func read<T: FixedWidthInteger>(_: T.Type, _ record: PortfolioRecord, _ field: String) throws -> T {
            try bytes.read(T.self, or: BridgeError(PayloadProblem.truncated(record, field: field)))
        }
    }
}
