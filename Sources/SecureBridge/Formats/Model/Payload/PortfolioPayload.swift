/// The snapshot payload: a portfolio as compact, versioned, big-endian bytes.
/// This is the plaintext the envelope encrypts. `docs/PAYLOAD.md` gives the
/// layout byte for byte.
enum PortfolioPayload {
    /// The newest format version this build writes and reads (the first
    /// byte): version 3 allows an account with no number (kind `0x00`).
    static let formatVersion: UInt8 = 3
    /// The version that stores each account's number with its kind (IBAN or
    /// account number): every account has one.
    static let numberKindVersion: UInt8 = 2
    /// The version of a portfolio whose accounts all have an IBAN: its
    /// payload is written as version 1, byte for byte as before version 2,
    /// so a reader that knows only version 1 reads every portfolio it could
    /// have read before.
    static let ibanOnlyVersion: UInt8 = 1
    /// The versions this build reads.
    static let readableVersions: ClosedRange<UInt8> = ibanOnlyVersion...formatVersion

    /// The one version a portfolio is written in: the lowest that holds it,
    /// so a reader of an older version reads every portfolio it could before.
    static func version(of accounts: [Account]) -> UInt8 {
        if accounts.contains(where: { $0.identifier == nil }) { return formatVersion }
        return accounts.contains { $0.identifier?.kind != .iban } ? numberKindVersion : ibanOnlyVersion
    }

    /// The largest payload the format can hold: 1,000 accounts and two lists
    /// of 50 entries with every string at its limit (version 2, whose account
    /// record is one byte longer). A reader may refuse anything longer before
    /// decrypting or decoding it.
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

    /// The number kind code (version 2) of an account's number, or of none.
    static func numberKindCode(of identifier: AccountIdentifier?) -> UInt8 {
        switch identifier?.kind {
        case .iban?: return ibanCode
        case .accountNumber?: return accountNumberCode
        case nil: return noNumberCode
        }
    }

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
    /// (`check(as:)`; a portfolio from `PublishInput.decode`, `init(payload:)`
    /// or the validating initialisers always passes), so every payload written
    /// can be read back.
    /// - Returns: The payload bytes, at most `PortfolioPayload.maximumByteCount`.
    /// - Throws: `BridgeError(.unencodable)` naming the record and field that
    ///   break a rule.
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
    /// A payload's currency: three ASCII letters, then the minor-unit digits.
    fileprivate mutating func append(_ currency: Currency) {
        append(currency.code.utf8)
        append(UInt8(currency.minorUnitDigits))
    }
}
