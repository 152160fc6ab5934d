/// The number a bank identifies an account by: its IBAN or its own number; a widget shows only the last four.
public enum AccountIdentifier: Sendable, Hashable {
    /// An IBAN (ISO 13616), checksum verified.
    case iban(IBAN)
    /// The bank's own account number (routing, sort code or BSB and account, a card's number).
    case accountNumber(AccountNumber)

    /// Which of the two numbers an account has; the raw value is its publish-input field.
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        /// An IBAN.
        case iban = "IBAN"
        /// The bank's own account number.
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

    /// Upper-case letters and digits without separators, as a snapshot stores it.
    var storedForm: String {
        switch self {
        case let .iban(iban): return iban.electronicFormat
        case let .accountNumber(number): return number.compactForm
        }
    }

    /// The last four characters, the only part a widget may show; the one place that decides it.
    public var lastFour: String { String(storedForm.suffix(4)) }
}

/// A bank's own account number, for an account without an IBAN (`AccountNumber(_:)` has the rule).
public struct AccountNumber: Sendable, Hashable {
    /// Without spaces or hyphens, letters upper case, e.g. `02100002112345678`.
    public let compactForm: String

    /// A number the caller has already checked (`AccountIdentifier(kind:storedForm:)`).
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
