import Foundation
import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp
@testable import SecureBridgeFollow
@testable import SecureBridgeTestSupport

/// `read --format line` and `--format waybar`: the current entry in one line
/// or as waybar's custom-module JSON, with the state as the bar's class, and
/// nothing a masked or placeholder entry would not show.
@Suite struct StatusBarTextTests {
    static func timeline(_ result: GateResult, _ family: BridgeFamily = .systemMedium, at date: Date = TimelineFixtures.now) -> BridgeTimeline {
        WidgetTimeline.timeline(for: result, request: TimelineFixtures.request(.balance, family), now: date)
    }

    static func waybar(_ timeline: BridgeTimeline) throws -> [String: String] {
        let object = try JSONSerialization.jsonObject(with: Data(StatusBarText.waybar(timeline).utf8))
        return try #require(object as? [String: String])
    }

    @Test func fullContentShowsTheMainAccountAndEveryAccountInTheTooltip() throws {
        let timeline = Self.timeline(.content(TimelineFixtures.content()))
        #expect(StatusBarText.line(timeline) == "Main Account €4,675.00")
        let module = try Self.waybar(timeline)
        #expect(Set(module.keys) == ["text", "tooltip", "class", "alt"])
        #expect(module["text"] == "Main Account €4,675.00")
        #expect(module["class"] == "full" && module["alt"] == "full")
        #expect(module["tooltip"]?.contains("Savings  €12,000.50") == true, "\(module)")
        #expect(!StatusBarText.waybar(timeline).contains("\n"), "one JSON object per line")
    }

    @Test func staleContentSaysSo() throws {
        let timeline = Self.timeline(.content(TimelineFixtures.content()), at: TimelineFixtures.now + 5 * 3600)
        #expect(StatusBarText.line(timeline).hasSuffix(" · stale"))
        #expect(try Self.waybar(timeline)["class"] == "stale")
    }

    @Test(arguments: [
        TimelineFixtures.content(isLocked: true), TimelineFixtures.content(hidesBalances: true),
    ])
    func maskedContentHoldsNoDigitOfABalance(_ content: VerifiedContent) throws {
        let timeline = Self.timeline(.content(content))
        let output = StatusBarText.line(timeline) + StatusBarText.waybar(timeline)
        #expect((try MaskedBarEntryTests.waybar(timeline)["class"] as? [String])?.first == "masked")
        #expect(!TimelineFixtures.hasDigit(StatusBarText.line(timeline)))
        for account in TimelineFixtures.accounts {
            for leak in TimelineFixtures.leakForms(of: account.balance) { #expect(!output.contains(leak), "\(leak)") }
        }
    }

    @Test(arguments: [Reason.loggedOut, .tampered, .notOnboarded])
    func aPlaceholderGivesItsTitleAndReason(_ reason: Reason) throws {
        let timeline = Self.timeline(.refused(reason))
        let module = try MaskedBarEntryTests.waybar(timeline)
        // The reason as a class too, so a first run is styled apart from a tampered file.
        #expect(module["class"] as? [String] == ["placeholder", reason.rawValue])
        #expect(module["alt"] as? String == "placeholder-\(reason.rawValue)")
        // A desktop has no app to open: where logging in is the way on, the bar names the command.
        let text = reason == .tampered ? timeline.entries.first?.title : "Log in to see your accounts · bridgectl login"
        #expect(module["text"] as? String == text)
        #expect(StatusBarText.line(timeline) == text)
        #expect((module["tooltip"] as? String)?.hasSuffix("(\(reason.rawValue))") == true)
    }

    @Test func anEndedSessionNamesTheCommandToo() {
        #expect(StatusBarText.line(Self.timeline(.refused(.sessionExpired))) == "Your session has ended: log in again · bridgectl login")
    }

    @Test func theFamilysLimitsHold() {
        // The lock-screen line never shows an amount.
        let line = StatusBarText.line(Self.timeline(.content(TimelineFixtures.content()), .accessoryInline))
        #expect(!TimelineFixtures.hasDigit(line), "\(line)")
    }
}
