/// The WidgetKit size classes, each with its own content limits; the accessory families never show an
/// amount (their entries are masked with reason `privacy` at best).
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

    /// The most categories a `spending` entry of this family lists: at most five.
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
    /// The family rendered for a WidgetKit family's case name (`"\(context.family)"`); total, an unknown name
    /// giving a family that shows too little rather than too much.
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
