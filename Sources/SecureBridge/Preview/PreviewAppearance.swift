import SecureBridge

/// Light or dark: the two appearances every preview is drawn in.
public enum PreviewAppearance: String, Sendable, Hashable, CaseIterable {
    /// Dark text on a light background.
    case light
    /// Light text on a dark background.
    case dark

    /// The colours of this appearance.
    var palette: PreviewPalette {
        switch self {
        case .light: return .light
        case .dark: return .dark
        }
    }
}

/// The colours a widget is drawn with, as CSS hex strings.
///
/// Text colours keep at least 4.5:1 contrast on their background (WCAG AA);
/// the status colours are used on their own tinted pill.
struct PreviewPalette: Sendable, Equatable {
    /// The widget's background.
    let background: String
    /// Names and amounts.
    let primaryText: String
    /// Captions: IBANs, "Last updated".
    let secondaryText: String
    /// Hairlines between rows.
    let separator: String
    /// The main account's badge and the bars of the spending widget.
    let accent: String
    /// Text on the accent colour.
    let onAccent: String
    /// A secondary account's badge background.
    let badgeBackground: String
    /// The stale flag: text and its pill.
    let warning: String
    let warningBackground: String
    /// The masked flag: text and its pill.
    let muted: String
    let mutedBackground: String
    /// The background of lock-screen accessory families, and their outline
    /// (they sit on a wallpaper, not on a widget background). The lock
    /// screen draws them monochrome, white on a dark translucent material,
    /// whatever the appearance: both palettes draw them alike.
    let accessoryBackground: String
    let accessoryOutline: String
    /// Text on accessory families.
    let accessoryText: String
    /// A negative balance (a red that keeps 4.5:1 on `background`); the
    /// accessory families stay monochrome, as the lock screen draws them.
    let negative: String

    static let light = PreviewPalette(
        background: "#FFFFFF", primaryText: "#1C1C1E", secondaryText: "#5E5E63", separator: "#E3E3E8",
        accent: "#0A63C9", onAccent: "#FFFFFF", badgeBackground: "#E6EEF9",
        warning: "#9A4A00", warningBackground: "#FFEBD2",
        muted: "#4A4A4F", mutedBackground: "#E9E9EE",
        accessoryBackground: "#3A3A3C", accessoryOutline: "#545458", accessoryText: "#FFFFFF",
        negative: "#B3261E")

    static let dark = PreviewPalette(
        background: "#1C1C1E", primaryText: "#F2F2F7", secondaryText: "#AEAEB4", separator: "#3A3A3C",
        accent: "#3D9BFF", onAccent: "#0B1420", badgeBackground: "#1F3450",
        warning: "#FFB340", warningBackground: "#43300F",
        muted: "#D1D1D6", mutedBackground: "#3A3A3C",
        accessoryBackground: "#3A3A3C", accessoryOutline: "#545458", accessoryText: "#FFFFFF",
        negative: "#FF7B72")
}
