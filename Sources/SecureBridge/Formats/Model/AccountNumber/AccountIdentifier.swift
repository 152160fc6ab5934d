/// The number a bank identifies an account by: its IBAN, or, for an account
/// without one, the bank's own account number. A widget shows only its last
/// four characters, behind the mask (`Redaction.maskedNumber(_:)`).
public enum AccountIdentifier: Sendable, Hashable {
    /// An IBAN (ISO 13616), checksum verified.
    case iban(IBAN)
    /// The bank's own account number: routing and account number, sort code
    /// and account number, BSB and account number, a card account's number.
    case accountNumber(AccountNumber)

    /// Which of the two numbers an account has.
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        /// An IBAN; the raw value is its field in publish input, `"IBAN"`.
        case iban = "IBAN"
        /// The bank's own account number; the raw value is its field in
        /// publish input, `"accountNumber"`.
        case accountNumber

        /// The field that holds this number in publish input and in errors.
        public var field: String { rawValue }
    }

    /// Which number this is.
    public var kind: Kind {
        switch self {
        case .iban: return .iban
        case .accountNumber: return .accountNumber
        }
    }

    /// The number as a snapshot stores it: upper-case letters and digits,
    /// without spaces or hyphens.
    var storedForm: String {
        switch self {
        case let .iban(iban): return iban.electronicFormat
        case let .accountNumber(number): return number.compactForm
        }
    }

    /// The last four characters, the only part a widget may show: the one
    /// place that decides how much of a number is shown.
    public var lastFour: String { String(storedForm.suffix(4)) }
}

/// A bank's own account number, for an account that has no IBAN: 4 to 34
/// letters and digits, at least one of them a digit, stored without
/// separators and with letters in upper case (`AccountNumber(_:)` has the rule).
public struct AccountNumber: Sendable, Hashable {
    /// The number without spaces or hyphens, letters in upper case, e.g.
    /// `02100002112345678` for routing number `021000021` and account `12345678`.
    public let compactForm: String

    /// A number whose compact form the caller has already checked
    /// (`AccountIdentifier(kind:storedForm:)`): the payload decoder, and
    /// built-in sample data.
    package init(checkedCompactForm compactForm: String) {
        self.compactForm = compactForm
    }

    /// The last four characters, the only part a widget may show.
    public var lastFour: String { AccountIdentifier.accountNumber(self).lastFour }
}

extension AccountNumber: CustomStringConvertible {
    /// Nothing of the number.
    public var description: String { "AccountNumber(redacted)" }
}
