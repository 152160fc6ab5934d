/// The snapshot payload, the plaintext the envelope encrypts: layout in `docs/PAYLOAD.md`.
enum PortfolioPayload {
    /// The newest version written and read; version 3 allows an account with no number.
    static let formatVersion: UInt8 = 3
    /// From this version each account's number carries its kind.
    static let numberKindVersion: UInt8 = 2
    /// An all-IBAN portfolio is version 1, byte for byte as before version 2, so old readers read it.
    static let ibanOnlyVersion: UInt8 = 1
    static let readableVersions: ClosedRange<UInt8> = ibanOnlyVersion...formatVersion

    /// The lowest version that holds the portfolio: its one encoding.
    static func version(of accounts: [Account]) -> UInt8 {
        if accounts.contains(where: { $0.identifier == nil }) { return formatVersion }
        return accounts.contains { $0.identifier?.kind != .iban } ? numberKindVersion : ibanOnlyVersion
    }

    /// The largest payload the format can hold; a reader may refuse anything longer before decrypting it.
    package static let maximumByteCount: Int = {
        let text = 2 + PortfolioRules.maximumTextBytes
        let number = 1 + 1 + max(IBANRegistry.lengthRange.upperBound, AccountNumber.lengthRange.upperBound)
        let account = 1 + PortfolioRules.maximumIDLength + text + number + 3 + 1 + 8 + 1
        let entry = text + 8
        let analytics = 7 + 3 + 1 + 2 * (1 + PortfolioRules.maximumEntries * entry)
        return 1 + 2 + PortfolioRules.maximumAccounts * account + 1 + analytics
    }()

    /// Number kind codes (version 2; `noNumberCode` from version 3).
    static let ibanCode: UInt8 = 0x01
    static let accountNumberCode: UInt8 = 0x02
    /// No number: neither a length nor bytes follow.
    static let noNumberCode: UInt8 = 0x00

    static func numberKindCode(of identifier: AccountIdentifier?) -> UInt8 {
        switch identifier?.kind {
        case .iban?: return ibanCode
        case .accountNumber?: return accountNumberCode
        case nil: return noNumberCode
        }
    }

    static let mainCode: UInt8 = 0x01
    static let secondaryCode: UInt8 = 0x02
    static let analyticsAbsent: UInt8 = 0x00
    static let analyticsPresent: UInt8 = 0x01
}

extension Portfolio {
    /// Encodes the portfolio after checking publish input's rules, so every payload written reads back.
    /// - Throws: `BridgeError(.unencodable)` naming the record and field that break a rule.
    package func payloadBytes() throws -> [UInt8] {
        try check(as: .encoding)
        var writer = ByteWriter(capacity: 64 + accounts.count * 96)
        let version = PortfolioPayload.version(of: accounts)
        writer.append(version)
        writer.append(UInt16(accounts.count))
        for account in accounts {
            writer.append(account.id.utf8, lengthPrefix: UInt8.self)
            writer.append(account.name.utf8, lengthPrefix: UInt16.self)
            if version >= PortfolioPayload.numberKindVersion {
                writer.append(PortfolioPayload.numberKindCode(of: account.identifier))
            }
            if let identifier = account.identifier {
                writer.append(identifier.storedForm.utf8, lengthPrefix: UInt8.self)
            }
            writer.append(account.balance.currency)
            writer.append(account.balance.minorUnits)
            writer.append(account.type == .main ? PortfolioPayload.mainCode : PortfolioPayload.secondaryCode)
        }
        guard let analytics else {
            writer.append(PortfolioPayload.analyticsAbsent)
            return writer.bytes
        }
        writer.append(PortfolioPayload.analyticsPresent)
        writer.append(analytics.period.utf8)
        writer.append(analytics.currency)
        for entries in [analytics.spent, analytics.received] {
            writer.append(UInt8(entries.count))
            for entry in entries {
                writer.append(entry.category.utf8, lengthPrefix: UInt16.self)
                writer.append(entry.amount.minorUnits)
            }
        }
        return writer.bytes
    }
}

extension ByteWriter {
    fileprivate mutating func append(_ currency: Currency) {
        append(currency.code.utf8)
        append(UInt8(currency.minorUnitDigits))
    }
}
