/// Which widget is being rendered.
public enum WidgetKind: String, Sendable, Hashable, CaseIterable {
    /// Account balances: the configured or main account, then more as the family allows.
    case balance
    /// The month's spending analytics: totals and the top spent categories.
    case spending
}
