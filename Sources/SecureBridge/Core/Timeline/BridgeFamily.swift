/// The WidgetKit size classes, each with its own content limits.
///
/// | family | accounts | spending categories | amounts |
/// |---|---|---|---|
/// | `systemSmall` | 1 | 1 | yes |
/// | `systemMedium` | 3 | 3 | yes |
/// | `systemLarge` | 5 | 5 | yes |
/// | `systemExtraLarge` | 10 | 5 | yes |
/// | `accessoryCircular`, `accessoryRectangular`, `accessoryInline` | 1 | 1 | never |
///
/// The first account is always the configured one, else the `main` one,
/// else the first one the bank listed; the rest follow in the bank's order.
/// The lock-screen accessory families never show an amount: their entries
/// are masked with reason `privacy` at best.
public enum BridgeFamily: String, Sendable, Hashable, CaseIterable {
    /// The small home-screen widget: one account.
    case systemSmall
    /// The medium home-screen widget: three accounts.
    case systemMedium
    /// The large home-screen widget: five accounts.
    case systemLarge
    /// The extra-large widget (iPad): ten accounts.
    case systemExtraLarge
    /// The round lock-screen widget: never an amount.
    case accessoryCircular
    /// The rectangular lock-screen widget: never an amount.
    case accessoryRectangular
    /// The one-line lock-screen widget: never an amount.
    case accessoryInline

    /// The most accounts a `balance` entry of this family lists.
    public var accountLimit: Int {
        switch self {
        case .systemSmall: return 1
        case .systemMedium: return 3
        case .systemLarge: return 5
        case .systemExtraLarge: return 10
        case .accessoryCircular, .accessoryRectangular, .accessoryInline: return 1
        }
    }

    /// The most categories a `spending` entry of this family lists: the top
    /// five at most, fewer where the family has less room.
    public var categoryLimit: Int { min(5, accountLimit) }

    /// Whether this is a lock-screen accessory family.
    public var isAccessory: Bool {
        switch self {
        case .accessoryCircular, .accessoryRectangular, .accessoryInline: return true
        case .systemSmall, .systemMedium, .systemLarge, .systemExtraLarge: return false
        }
    }

    /// Whether this family may ever show an amount (accessory families never do).
    public var mayShowAmounts: Bool { !isAccessory }
}
