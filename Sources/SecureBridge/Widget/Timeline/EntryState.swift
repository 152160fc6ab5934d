/// How much of the content a timeline entry shows.
///
/// The order is meaningful: redaction may only move an entry down from
/// `full` to `masked` to `loginPrompt`, never up. The raw values are the
/// JSON contract's `state` strings.
public enum EntryState: String, Sendable, Hashable, CaseIterable {
    /// Names, balances and the masked IBANs.
    case full
    /// Names and masked IBANs, but no amount at all.
    case masked
    /// No account data at all: a prompt to open the app or log in, the login
    /// link and a reason (signed out, not set up, session over, or data that
    /// failed the gate). Not WidgetKit's placeholder, which is sample data:
    /// that is ``WidgetProvider/placeholder(for:)``.
    case loginPrompt = "placeholder"
}
