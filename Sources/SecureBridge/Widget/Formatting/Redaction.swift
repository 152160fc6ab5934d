/// The fixed strings that stand in for what an entry may not show.
public enum Redaction {
    /// What a masked entry shows instead of any amount: the same four bullets
    /// for every amount, so it gives away no digit and no length.
    public static let mask = "••••"

    /// An account's IBAN or account number as every entry shows it, in
    /// every state: the mask and the last four characters, e.g. `•••• 3000`.
    /// No other character of the number is shown anywhere.
    public static func maskedNumber(_ identifier: AccountIdentifier) -> String {
        "\(mask) \(identifier.lastFour)"
    }
}
