/// How much of the content a timeline entry shows.
///
/// The order is meaningful: redaction may only move an entry down from
/// `full` to `masked` to `placeholder`, never up.
public enum EntryState: String, Sendable, Hashable, CaseIterable {
    /// Names, balances and the masked IBANs.
    case full
    /// Names and masked IBANs, but no amount at all.
    case masked
    /// No account data: a prompt (usually to log in) and a reason.
    case placeholder
}
