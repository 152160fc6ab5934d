import Foundation
import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp
@testable import SecureBridgeFollow
@testable import SecureBridgeTestSupport

/// Issue 27, item 7: a masked bar entry says why. The app locked, the balances
/// hidden, a privacy context, the desktop locked and an expired snapshot each
/// give their own waybar `class`, `alt`, tooltip sentence and line ending,
/// translated, and still no digit of a balance.
@Suite struct MaskedBarEntryTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let reason: Reason
        let timeline: @Sendable (String) -> BridgeTimeline
        let line: String
        let tooltip: String
        var testDescription: String { reason.rawValue }
    }

    static func timeline(
        _ content: VerifiedContent, privacy: Bool = false, desktopLocked: Bool = false, at date: Date = TimelineFixtures.now
    ) -> @Sendable (String) -> BridgeTimeline {
        { locale in
            let request = TimelineFixtures.request(.balance, .systemSmall, privacy: privacy, locale: locale).desktopLocked(desktopLocked)
            return WidgetTimeline.timeline(for: .content(content), request: request, now: date)
        }
    }

    static let cases = [
        Case(reason: .locked, timeline: timeline(TimelineFixtures.content(isLocked: true)),
             line: "locked", tooltip: "Amounts hidden while the app is locked"),
        Case(reason: .hidden, timeline: timeline(TimelineFixtures.content(hidesBalances: true)),
             line: "hidden", tooltip: "Amounts hidden: you chose to hide balances"),
        Case(reason: .privacy, timeline: timeline(TimelineFixtures.content(), privacy: true),
             line: "private", tooltip: "Amounts hidden in a private context"),
        Case(reason: .desktopLocked, timeline: timeline(TimelineFixtures.content(), desktopLocked: true),
             line: "screen locked", tooltip: "Amounts hidden while the screen is locked"),
        Case(reason: .expired, timeline: timeline(TimelineFixtures.content(), at: TimelineFixtures.now + 13 * 3600),
             line: "expired", tooltip: "Amounts hidden: the data has expired"),
    ]

    static func waybar(_ timeline: BridgeTimeline) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(StatusBarText.waybar(timeline).utf8)) as? [String: Any])
    }

    @Test(arguments: cases) func eachReasonHasItsClassAltTooltipAndLine(_ masked: Case) throws {
        let timeline = masked.timeline("en_US")
        #expect(timeline.entries.first?.state == .masked)
        #expect(timeline.entries.first?.reason == masked.reason)
        let module = try Self.waybar(timeline)
        #expect(module["class"] as? [String] == ["masked", masked.reason.rawValue])
        #expect(module["alt"] as? String == "masked-\(masked.reason.rawValue)")
        let tooltip = try #require(module["tooltip"] as? String)
        #expect(tooltip.split(separator: "\n").last.map(String.init) == masked.tooltip, "\(tooltip)")
        let line = StatusBarText.line(timeline)
        #expect(line.hasSuffix("•••• · \(masked.line)"), "\(line)")
        #expect(module["text"] as? String == line)
        #expect(!TimelineFixtures.hasDigit(line), "no digit in a masked line: \(line)")
        for account in TimelineFixtures.accounts {
            for leak in TimelineFixtures.leakForms(of: account.balance) { #expect(!tooltip.contains(leak), "\(leak)") }
        }
    }

    /// Every reason reads differently from every other, in every language, in the line and in the tooltip.
    @Test(arguments: WidgetLanguage.allCases) func theReasonsAreTranslatedAndTellApart(_ language: WidgetLanguage) throws {
        let locale = language.rawValue
        let lines = Self.cases.map { StatusBarText.line($0.timeline(locale)) }
        let tooltips = try Self.cases.map { try #require(Self.waybar($0.timeline(locale))["tooltip"] as? String) }
        #expect(Set(lines).count == Self.cases.count, "\(lines)")
        #expect(Set(tooltips).count == Self.cases.count, "\(tooltips)")
        guard language != .english else { return }
        for (masked, tooltip) in zip(Self.cases, tooltips) {
            #expect(!tooltip.contains(masked.tooltip), "\(language): \(tooltip)")
            #expect(tooltip.hasSuffix(language.text(masked.tooltip)), "\(language): \(tooltip)")
        }
        for (masked, line) in zip(Self.cases, lines) {
            #expect(line.hasSuffix(" · " + language.text(masked.line)) && language.text(masked.line) != masked.line,
                    "\(language): \(line)")
        }
    }

    /// Full and stale entries keep one class, the state, as before.
    @Test func otherEntriesKeepOneClass() throws {
        let full = Self.timeline(TimelineFixtures.content())("en_US")
        let stale = Self.timeline(TimelineFixtures.content(), at: TimelineFixtures.now + 5 * 3600)("en_US")
        for (timeline, state) in [(full, "full"), (stale, "stale")] {
            let module = try Self.waybar(timeline)
            #expect(module["class"] as? String == state)
            #expect(module["alt"] as? String == state)
        }
        #expect(!StatusBarText.line(full).contains(" · "))
    }
}
