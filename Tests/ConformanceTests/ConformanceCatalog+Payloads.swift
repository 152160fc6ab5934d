import Foundation
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp

/// The reader vectors of payload versions 1, 2 and 3 (docs/SPEC.md 4.3): an
/// account identified by the bank's own account number or by none, and
/// payloads the reader must refuse.
extension ConformanceCatalog {
    /// The base accounts and one without an IBAN: a payload of version 2.
    static let accountsWithAccountNumber = #"""
        [{"id":"acc-main","name":"Everyday Account","balance":"4675.00","currency":"EUR","IBAN":"DE89 3704 0044 0532 0130 00","type":"main"},
         {"id":"acc-us","name":"US Checking","balance":"1520.75","currency":"USD","accountNumber":"021000021 7654321098","type":"secondary"},
         {"id":"acc-uk","name":"UK Current","balance":"-12.30","currency":"GBP","accountNumber":"12-34-56 12345678","type":"secondary"}]
        """#

    /// The base account and two without any number: a payload of version 3 (number kind 0).
    static let accountsWithoutNumber = #"""
        [{"id":"acc-main","name":"Everyday Account","balance":"4675.00","currency":"EUR","IBAN":"DE89 3704 0044 0532 0130 00","type":"main"},
         {"id":"assets.cash.EUR","name":"cash","balance":"80.50","currency":"EUR","accountNumber":"none","type":"secondary"},
         {"id":"assets.broker.USD","name":"broker","balance":"-12.30","currency":"USD","accountNumber":"none","type":"secondary"}]
        """#

    func payloads() throws {
        let section = "4.3 (payload versions)"
        let numbers = try base(accounts: Self.accountsWithAccountNumber)
        try writer.reader("account-number-full", "Accounts with the bank's own account number (payload v2) show every balance.", section: section, from: numbers, at: published, intent: .full)
        try writer.reader("account-number-stale", "A payload v2 past staleAt: full, flagged stale.", section: section, from: numbers, at: staleAt, intent: .stale)
        try writer.reader("account-number-masked", "Accounts with an account number in a privacy context: every balance masked.", section: section, from: numbers, at: published, privacy: true, intent: .masked(.privacy))
        // Accounts without a number (payload v3, number kind 0): read like any other.
        let none = try base(accounts: Self.accountsWithoutNumber)
        try writer.reader("no-number-full", "Accounts without a number (payload v3, number kind 0) show every balance.", section: section, from: none, at: published, intent: .full)
        try writer.reader("no-number-masked", "Accounts without a number in a privacy context: every balance masked.", section: section, from: none, at: published, privacy: true, intent: .masked(.privacy))
        let locked = try numbers.copy()
        try locked.app.lock(now: ConformanceHome.date(later))
        try writer.reader("account-number-locked", "Accounts with an account number, the app locked: masked.", section: section, from: locked, at: later, intent: .masked(.locked))

        // Payloads sealed and signed with the home's own keys, so only the payload is wrong.
        let base = try base()
        let portfolio = try Portfolio(bankJSON: Array(Self.accounts.utf8)).payloadBytes()
        let numbered = try Portfolio(bankJSON: Array(Self.accountsWithAccountNumber.utf8)).payloadBytes()
        let unnumbered = try Portfolio(bankJSON: Array(Self.accountsWithoutNumber.utf8)).payloadBytes()
        let cases: [(String, String, [UInt8])] = [
            ("payload-v2-kind-none", "A payload v3 with accounts without a number whose version byte says 2: tampered (kind 0 is version 3's).", [2] + unnumbered.dropFirst()),
            ("payload-v3-all-numbered", "A payload v2 (every account has a number) whose version byte says 3: tampered (a second encoding of a v2 payload).", [3] + numbered.dropFirst()),
            ("payload-v2-only-ibans", "A payload v2 whose accounts all have an IBAN (a second encoding of a v1 payload): tampered.", try Self.version2(portfolio)),
            ("payload-v2-kind-3", "A payload v2 with number kind 3: tampered.", try Self.version2(portfolio, kind: 3)),
            ("payload-version-3", "A payload v1 whose version byte says 3 (no number kinds where v3 has them): tampered.", [3] + portfolio.dropFirst()),
            ("payload-version-4", "A payload of version 4: tampered.", [4] + numbered.dropFirst()),
            ("payload-v1-as-v2-byte", "A payload v1 whose version byte says 2: tampered.", [2] + portfolio.dropFirst()),
        ]
        for (id, description, payload) in cases {
            let sealed = try Self.resealed(payload, in: base)
            try writer.reader(id, description, section: section, from: base, at: published, intent: .placeholder(.tampered)) { home in
                try home.write("container/snapshot", sealed)
            }
        }
        let control = try Self.resealed(portfolio, in: base)
        try writer.reader("payload-v1-resealed", "The same payload v1 sealed again under the same keys, sequence and instants: full (the control of the payload-* vectors).", section: section, from: base, at: published, intent: .full) { home in
            try home.write("container/snapshot", control)
        }
    }

    /// The mask's look-alikes a name may not hold (PAYLOAD.md), each a vector of its own.
    static let maskLookalikes: [UInt32] = [
        0x2022, 0x2024, 0x2027, 0x2043, 0x2219, 0x22C5, 0x25CF, 0x25E6, 0x26AB, 0x2981, 0x2B24, 0x30FB, 0xFF65,
    ]

    /// Reader vectors of the characters a name or category may hold
    /// (docs/tables/name-characters.csv): the base payload with the first
    /// account's name, or a category, changed and sealed again with the
    /// home's own keys, so only that text decides.
    func names() throws {
        let section = "8 (publish input), PAYLOAD.md (names)"
        let base = try base()
        let portfolio = try Portfolio(bankJSON: Array(Self.accounts.utf8)).payloadBytes()
        func vector(_ id: String, _ description: String, name: String, intent: Conformance.Intent) throws {
            let sealed = try Self.resealed(try Self.replacing("Everyday Account", with: name, in: portfolio), in: base)
            try writer.reader(id, description, section: section, from: base, at: published, intent: intent) { home in
                try home.write("container/snapshot", sealed)
            }
        }
        let refused: [(String, String, UInt32)] = [
            ("soft-hyphen", "the soft hyphen (format, Cf)", 0xAD),
            ("word-joiner", "the word joiner (Cf, default-ignorable)", 0x2060),
            ("variation-selector", "variation selector 1 (default-ignorable, not Cf)", 0xFE00),
            ("language-tag", "the language tag (Cf, plane 14)", 0xE0001),
            ("unassigned-ignorable", "unassigned but default-ignorable by Unicode's derivation", 0x2065),
            ("private-use", "a private-use character (Co)", 0xE000),
            ("braille-blank", "the blank Braille pattern", 0x2800),
            ("hangul-filler", "the Hangul filler (default-ignorable, a letter)", 0x3164),
            ("zero-width-space", "the zero-width space (Cf)", 0x200B),
            ("bidi-override", "the right-to-left override (bidirectional formatting)", 0x202E),
            ("control", "the bell (C0 control)", 0x07),
        ] + Self.maskLookalikes.map { ("mask-\(String($0, radix: 16))", "a look-alike of the mask's bullet", $0) }
        for (id, what, value) in refused {
            let name = "Every" + String(Unicode.Scalar(value)!) + "day"
            try vector("name-\(id)", "The first account's name holds \(UnicodeText.codePoint(value)), \(what): tampered.", name: name, intent: .placeholder(.tampered))
        }
        let allowed: [(String, String, String)] = [
            ("zero-width-joiner", "U+200D between two emoji (allowed: it joins them)", "👩\u{200D}💻 Work"),
            ("zero-width-non-joiner", "U+200C (allowed: Persian and Indic scripts need it)", "می\u{200C}خواهم"),
            ("emoji-presentation", "U+FE0F after a symbol (allowed)", "☎\u{FE0F} Phone"),
            ("text-presentation", "U+FE0E after a symbol (allowed)", "☎\u{FE0E} Phone"),
            ("middle-dot", "U+00B7 (allowed: Catalan)", "Col·lecció"),
            ("noncharacter", "U+FDD0, a noncharacter (publish input refuses it since 1.1; a payload keeps 1.0's rule)", "Every" + String(Unicode.Scalar(0xFDD0)!) + "day"),
            ("blank", "only U+3000 (publish input refuses it since 1.1; a payload keeps 1.0's rule)", "\u{3000}"),
        ]
        for (id, what, name) in allowed {
            try vector("name-\(id)", "The first account's name holds \(what): full.", name: name, intent: .full)
        }
        // A category obeys the same rules.
        let withAnalytics = try Portfolio(bankJSON: Array(Self.accountsWithAnalytics.utf8)).payloadBytes()
        for (id, value) in [("soft-hyphen", UInt32(0xAD)), ("mask-2022", 0x2022)] {
            let category = "Gro" + String(Unicode.Scalar(value)!) + "ceries"
            let sealed = try Self.resealed(try Self.replacing("Groceries", with: category, in: withAnalytics), in: base)
            try writer.reader("category-\(id)", "A spending category holds \(UnicodeText.codePoint(value)): tampered, as in a name.", section: section, from: base, at: published, intent: .placeholder(.tampered)) { home in
                try home.write("container/snapshot", sealed)
            }
        }
    }

    // MARK: The rules a payload shares with publish input (kit 1.2)

    /// Reader vectors of the rules SPEC 8 states for publish input and a
    /// reader of a payload applies as well: each payload sealed again with
    /// the home's own keys, so only the rule decides.
    func payloadRules() throws {
        let section = "8 (the same rules in a payload)"
        let base = try base()
        func vector(_ id: String, _ description: String, payload: [UInt8], intent: Conformance.Intent) throws {
            let sealed = try Self.resealed(payload, in: base)
            try writer.reader(id, description, section: section, from: base, at: published, intent: intent) { home in
                try home.write("container/snapshot", sealed)
            }
        }
        // Categories are the same when canonically equivalent, never by case.
        let caseOnly = try Portfolio(bankJSON: Array(Self.accounts(spentIn: ["Rent", "rent"]).utf8)).payloadBytes()
        try vector("category-case-differs", "Two spending categories that differ only in case (Rent, rent): full (categories are compared without case folding).", payload: caseOnly, intent: .full)
        let twoCategories = try Portfolio(bankJSON: Array(Self.accounts(spentIn: ["Groceries", "Transport"]).utf8)).payloadBytes()
        let equivalent = try Self.replacing("Transport", with: "Cafe\u{301}", in: Self.replacing("Groceries", with: "Caf\u{E9}", in: twoCategories))
        try vector("category-canonically-equivalent", "Two spending categories canonically equivalent (Café with U+00E9, Cafe with U+0301): tampered (a duplicate category).", payload: equivalent, intent: .placeholder(.tampered))

        // An IBAN's check digits are two digits from 02 to 98, and the number leaves remainder 1.
        let portfolio = try Portfolio(bankJSON: Array(Self.accounts.utf8)).payloadBytes()
        let iban = Array("DE89370400440532013000".utf8)
        for (id, replacement, what) in [
            ("iban-check-digits-letters", "DECZ370400440532013000", "letters (CZ) that MOD 97-10 turns into remainder 1"),
            ("iban-check-digits-00", "DE00370400440532013050", "00, with remainder 1"),
            ("iban-check-digits-01", "DE01370400440532013032", "01, with remainder 1"),
            ("iban-check-digits-99", "DE99370400440532013014", "99, with remainder 1"),
        ] {
            let payload = try Self.splicing([22] + iban, with: [22] + Array(replacement.utf8), in: portfolio)
            try vector(id, "An IBAN in a payload v1 whose check digits are \(what): tampered.", payload: payload, intent: .placeholder(.tampered))
        }

        // A balance is at most 10^15 major units and 10^18 minor units (CLF has four minor digits).
        let unidad = try Portfolio(bankJSON: Array(Self.unidadDeFomento.utf8)).payloadBytes()
        func clf(_ minorUnits: Int64) -> [UInt8] { Array("CLF".utf8) + [4] + withUnsafeBytes(of: minorUnits.bigEndian, Array.init) }
        try vector("balance-clf-at-limit", "A CLF balance of 10^14 major units (10^18 minor units, the most a balance holds): full.", payload: try Self.splicing(clf(10_000), with: clf(1_000_000_000_000_000_000), in: unidad), intent: .full)
        try vector("balance-clf-above-limit", "A CLF balance of 10^14 major units and one minor unit: tampered.", payload: try Self.splicing(clf(10_000), with: clf(1_000_000_000_000_000_001), in: unidad), intent: .placeholder(.tampered))
    }

    /// The base accounts with analytics spending 1.00 EUR in each of `categories`.
    static func accounts(spentIn categories: [String]) -> String {
        let spent = categories.map { #"{"category": "\#($0)", "amount": "1.00"}"# }.joined(separator: ", ")
        return #"{"accounts": "# + accounts + #", "analytics": {"period": "2026-11", "currency": "EUR", "spent": [\#(spent)], "received": []}}"#
    }

    /// One account in CLF, four minor-unit digits, holding 1.0000.
    static let unidadDeFomento = #"""
        [{"id":"acc-clf","name":"Unidad de Fomento","balance":"1.0000","currency":"CLF","IBAN":"DE89 3704 0044 0532 0130 00","type":"main"}]
        """#

    /// The base accounts with analytics whose first spending category is `Groceries`.
    static let accountsWithAnalytics = #"{"accounts": "# + accounts
        + #", "analytics": {"period": "2026-11", "currency": "EUR", "spent": [{"category": "Groceries", "amount": "120.00"}], "received": []}}"#

    /// `payload` with the text `old` (its two-byte length before it) replaced by `new`.
    static func replacing(_ old: String, with new: String, in payload: [UInt8]) throws -> [UInt8] {
        func stored(_ text: String) -> [UInt8] { [UInt8(text.utf8.count >> 8), UInt8(text.utf8.count & 0xFF)] + Array(text.utf8) }
        return try splicing(stored(old), with: stored(new), in: payload)
    }

    /// `payload` with the first run of bytes equal to `old` replaced by `new`.
    static func splicing(_ old: [UInt8], with new: [UInt8], in payload: [UInt8]) throws -> [UInt8] {
        guard let start = (0 ... payload.count - old.count).first(where: { payload[$0 ..< $0 + old.count].elementsEqual(old) }) else {
            throw ConformanceKitTests.Failure(description: "\(old) is not in the payload")
        }
        return Array(payload[..<start]) + new + Array(payload[(start + old.count)...])
    }

    /// `payload` (version 1) as version 2: each account's number preceded by
    /// `kind` (1, an IBAN, unless given).
    static func version2(_ payload: [UInt8], kind: UInt8 = 1) throws -> [UInt8] {
        precondition(payload[0] == 1, "a version 1 payload")
        var output: [UInt8] = [2, payload[1], payload[2]]
        var index = 3
        func take(_ count: Int) { output += payload[index ..< index + count]; index += count }
        for _ in 0 ..< (Int(payload[1]) << 8 | Int(payload[2])) {
            take(1 + Int(payload[index]))  // id
            take(2 + (Int(payload[index]) << 8 | Int(payload[index + 1])))  // name
            output.append(kind)
            take(1 + Int(payload[index]))  // the IBAN
            take(3 + 1 + 8 + 1)  // currency, digits, balance, type
        }
        output += payload[index...]
        return output
    }

    /// `payload` sealed as `home`'s live snapshot is: its keys, epoch,
    /// sequence and instants.
    static func resealed(_ payload: [UInt8], in home: ConformanceHome) throws -> [UInt8] {
        let live = try home.bytes("container/snapshot")
        func field(_ offset: Int) -> UInt64 { live[offset ..< offset + 8].reduce(0) { $0 << 8 | UInt64($1) } }
        let places = try Places.prepare(home.home)
        return try SnapshotEnvelope.seal(
            payload: payload, epoch: field(22), sequence: field(30), issuedAt: Int64(bitPattern: field(38)),
            staleAt: Int64(bitPattern: field(46)), expiresAt: Int64(bitPattern: field(54)),
            signingKey: try home.app.loadSigningKey(places), dataKey: try home.app.loadKeyset(places).primary
        ).bytes
    }
}
