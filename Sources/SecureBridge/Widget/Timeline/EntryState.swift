/// How much of the content a timeline entry shows; redaction only moves an entry down from `full` to
/// `masked` to `loginPrompt`. The raw values are the JSON contract's `state` strings.
public enum EntryState: String, Sendable, Hashable, CaseIterable {
    /// Names, balances and the masked IBANs.
    case full
    /// Names and masked IBANs, but no amount at all.
    case masked
    /// No account data: a prompt, the login link and a reason; not WidgetKit's placeholder (sample data).
    case loginPrompt = "placeholder"
}
