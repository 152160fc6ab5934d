/// The fixed strings that stand in for what an entry may not show.
public enum Redaction {
    /// What a masked entry shows instead of any amount: the same four bullets
    /// for every amount, so it gives away no digit and no length.
    public static let mask = "••••"

    /// The IBAN as every entry shows it: a mask and the last four characters,
    /// e.g. `•••• 3000`.
    public static func maskedIBAN(_ iban: IBAN) -> String {
        "\(mask) \(iban.lastFour)"
    }
}
