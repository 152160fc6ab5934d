public import SecureBridge

/// A widget's size in points, as WidgetKit lays it out on a phone
/// (`systemExtraLarge`: on an iPad).
public struct PreviewSize: Sendable, Hashable, CustomStringConvertible {
    /// The width in points.
    public let width: Int
    /// The height in points.
    public let height: Int

    /// A size of `width` by `height` points.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// `170×170`.
    public var description: String { "\(width)×\(height)" }
}

extension BridgeFamily {
    /// The family's size in points.
    ///
    /// | family | points |
    /// |---|---|
    /// | `systemSmall` | 170×170 |
    /// | `systemMedium` | 364×170 |
    /// | `systemLarge` | 364×382 |
    /// | `systemExtraLarge` | 768×382 |
    /// | `accessoryCircular` | 76×76 |
    /// | `accessoryRectangular` | 172×76 |
    /// | `accessoryInline` | one line: 234×22 |
    public var previewSize: PreviewSize {
        switch self {
        case .systemSmall: return PreviewSize(width: 170, height: 170)
        case .systemMedium: return PreviewSize(width: 364, height: 170)
        case .systemLarge: return PreviewSize(width: 364, height: 382)
        case .systemExtraLarge: return PreviewSize(width: 768, height: 382)
        case .accessoryCircular: return PreviewSize(width: 76, height: 76)
        case .accessoryRectangular: return PreviewSize(width: 172, height: 76)
        case .accessoryInline: return PreviewSize(width: 234, height: 22)
        }
    }

    /// The family's box in a terminal, in columns and rows including the
    /// border: one column stands for 8 points and one row for 16, so a cell
    /// is twice as tall as wide, as in most terminal fonts.
    var terminalSize: (columns: Int, rows: Int) {
        switch self {
        case .accessoryInline:
            return (columns: 32, rows: 3)
        default:
            let size = previewSize
            return (columns: max(10, Int((Double(size.width) / 8).rounded())),
                    rows: max(5, Int((Double(size.height) / 16).rounded())))
        }
    }
}
