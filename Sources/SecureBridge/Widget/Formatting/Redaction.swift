/// The fixed strings that stand in for what an entry may not show.
public enum Redaction {
    /// What a masked entry shows instead of any amount: the same four bullets, giving away no digit or length.
    public static let mask = "••••"

    /// An IBAN or account number as every entry shows it: the mask and the last four characters (`•••• 3000`).
    public static func maskedNumber(_ identifier: AccountIdentifier) -> String {
        "\(mask) \(identifier.lastFour)"
    }
}
