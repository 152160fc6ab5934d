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
/// ``init(widgetFamilyName:)`` maps every WidgetKit family to one of these.
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

extension BridgeFamily {
    /// The family this library renders for a WidgetKit family, by the name
    /// of its `WidgetFamily` case (`"\(context.family)"`): total, so a
    /// widget never ends up without a family.
    ///
    /// | WidgetKit family | rendered as |
    /// |---|---|
    /// | `systemSmall` … `accessoryInline` | the family of the same name |
    /// | `accessoryCorner` (watchOS) | `accessoryCircular`: a small round slot, never an amount |
    /// | another `system…` name (a family newer than this library) | `systemSmall`: one account, the fewest that can show |
    /// | any other name | `accessoryRectangular`: one account, never an amount |
    ///
    /// A name this library does not know is rendered as a small family and
    /// never shows more than the smallest family of its kind would, so a new
    /// family shows too little rather than too much.
    ///
    /// - Parameter widgetFamilyName: The name of a `WidgetFamily` case, e.g. `systemMedium`.
    public init(widgetFamilyName: String) {
        if let family = BridgeFamily(rawValue: widgetFamilyName) {
            self = family
        } else if widgetFamilyName == "accessoryCorner" {
            self = .accessoryCircular
        } else if widgetFamilyName.hasPrefix("system") {
            self = .systemSmall
        } else {
            self = .accessoryRectangular
        }
    }
}
