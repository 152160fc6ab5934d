public import SecureBridge
#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
import Foundation
#endif

/// What `bridgectl preview` shows: the reader's gate run once, and the
/// timeline of every family built from its result, exactly as
/// `WidgetReader.timeline(for:now:whatIf:)` builds it for `read`.
///
/// Running the gate once (rather than once per family) means every family
/// is drawn from the same snapshot even if the app publishes meanwhile.
public struct WidgetPreview: Sendable {
    /// What the gate concluded, and the instant it judged by.
    public let reading: WidgetReader.Reading
    /// The widget's kind and configuration; its family is replaced per family.
    public let request: WidgetRequest

    /// Runs the reader's gate once.
    ///
    /// - Parameters:
    ///   - reader: The widget side of a home.
    ///   - request: Kind, configured account, privacy context, locale, scheme.
    ///   - now: The clock reading, or the `--now` instant.
    ///   - whatIf: `true` for a hypothetical instant: nothing is persisted
    ///     (as `read --now`).
    public init(reader: WidgetReader, request: WidgetRequest, now: Date, whatIf: Bool) {
        self.init(reading: reader.read(now: now, whatIf: whatIf), request: request)
    }

    /// A preview of a gate result that is already known.
    package init(reading: WidgetReader.Reading, request: WidgetRequest) {
        self.reading = reading
        self.request = request
    }

    /// The request for one family, otherwise the same.
    public func request(for family: BridgeFamily) -> WidgetRequest {
        WidgetRequest(request, family: family)
    }

    /// The timeline a widget of `family` renders: what `read --family` prints.
    public func timeline(for family: BridgeFamily) -> BridgeTimeline {
        WidgetTimeline.timeline(for: reading.result, request: request(for: family), now: reading.now)
    }

    /// The timelines of `families`, in that order.
    public func timelines(for families: [BridgeFamily]) -> [BridgeTimeline] {
        families.map(timeline(for:))
    }

    /// The families as terminal boxes.
    ///
    /// - Parameters:
    ///   - families: Which families, in order.
    ///   - color: Whether ANSI colour may be used (see `TerminalColor`).
    ///   - columns: The terminal's width, which no line exceeds (see
    ///     `TerminalPreview.render(_:color:localeIdentifier:columns:)`); `nil`
    ///     draws each family at its own proportions.
    public func text(families: [BridgeFamily], color: Bool, columns: Int? = nil) -> String {
        TerminalPreview.render(timelines(for: families), color: color, localeIdentifier: request.localeIdentifier, columns: columns)
    }

    /// The entry each family shows now, as SVG.
    ///
    /// One family in one appearance gives that widget alone, at its point
    /// size; otherwise the widgets stand side by side, one row per
    /// appearance, each labelled with its family, size and state.
    public func svg(families: [BridgeFamily], appearances: [PreviewAppearance]) -> String {
        let timelines = timelines(for: families)
        if timelines.count == 1, appearances.count == 1, let entry = timelines[0].entries.first {
            return WidgetSVG.document(entry, family: timelines[0].family, appearance: appearances[0],
                                      localeIdentifier: request.localeIdentifier)
        }
        return WidgetSheet.document(timelines, appearances: appearances, localeIdentifier: request.localeIdentifier)
    }

    /// The gallery page: every family in every state, in both appearances,
    /// and the timeline of `timelineFamily` entry by entry.
    public func galleryHTML(timelineFamily: BridgeFamily) -> String {
        WidgetGallery.html(for: self, timelineFamily: timelineFamily)
    }
}
