import Foundation
import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp
@testable import SecureBridgePreview
@testable import SecureBridgeTestSupport

@Suite struct PreviewGalleryTests {
    @Test func galleryIsOneWellFormedPageWithEveryFamilyStateAndAppearance() throws {
        for kind in WidgetKind.allCases {
            let html = PreviewFixtures.preview(PreviewFixtures.content, kind: kind).galleryHTML(timelineFamily: .systemMedium)
            let parsed = ParsedXML(html)
            #expect(parsed.isWellFormed, "\(kind): \(String(describing: parsed.error))")
            #expect(parsed.elements.first?.name == "html")
            let widgets = parsed.elements.filter { $0.name == "svg" }
            #expect(widgets.count >= BridgeFamily.allCases.count * GalleryState.allCases.count * PreviewAppearance.allCases.count)
            for state in GalleryState.allCases {
                #expect(parsed.elements.contains { $0.attributes["id"] == state.rawValue }, "\(kind) has a \(state) section")
            }
            let labels = Set(widgets.compactMap { $0.attributes["aria-label"] })
            for family in BridgeFamily.allCases {
                for state in EntryState.allCases where !(family.isAccessory && state == .full) {
                    #expect(labels.contains { $0.hasPrefix("\(family.rawValue) widget, \(state.rawValue)") }, "\(kind) \(family) \(state)")
                }
            }
        }
    }

    @Test func galleryIsSelfContained() {
        let html = PreviewFixtures.preview(PreviewFixtures.content).galleryHTML(timelineFamily: .systemSmall)
        for forbidden in ["<script", "<link", "<img", "<iframe", "src=", "url(", "@import", "javascript:"] {
            #expect(!html.lowercased().contains(forbidden), "the page holds \(forbidden)")
        }
        let addresses = html.components(separatedBy: "http").dropFirst().map { String($0.prefix(24)) }
        #expect(addresses.allSatisfy { $0.hasPrefix("://www.w3.org/") }, "only XML namespaces: \(addresses)")
    }

    @Test func hostileNamesInTheGalleryCannotAddMarkup() {
        let hostile = PreviewFixtures.account("<script>alert(1)</script>&\"'", id: "acc-main")
        let result = GateResult.content(TimelineFixtures.content(portfolio: Portfolio(uncheckedAccounts: [hostile])))
        let html = PreviewFixtures.preview(result).galleryHTML(timelineFamily: .systemLarge)
        #expect(!html.contains("<script"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;&amp;&quot;&#39;"))
        #expect(ParsedXML(html).isWellFormed)
    }

    @Test func statesComeFromTheSnapshotWhereItMayBeShownThatWay() {
        let preview = PreviewFixtures.preview(PreviewFixtures.content)
        for state in [GalleryState.full, .stale, .masked] {
            let tile = GalleryStates.tile(state, family: .systemMedium, preview: preview)
            #expect(tile.fromSnapshot && !tile.entry.isSample, "\(state)")
            #expect(tile.entry.accounts.map(\.id) == ["8ab78900f99013a", "savings-1", "travel.2"])
        }
        let entry = { (state: GalleryState) in GalleryStates.tile(state, family: .systemSmall, preview: preview).entry }
        #expect(entry(.full).state == .full && entry(.full).reason == nil)
        #expect(entry(.stale).state == .full && entry(.stale).reason == .stale)
        #expect(entry(.masked).state == .masked && entry(.masked).reason == .locked)
        #expect(entry(.placeholder).state == .loginPrompt && entry(.placeholder).reason == .loggedOut)
    }

    @Test func aLockedSnapshotNeverSuppliesAmounts() {
        let locked = PreviewFixtures.preview(.content(TimelineFixtures.content(isLocked: true)))
        for state in [GalleryState.full, .stale] {
            let tile = GalleryStates.tile(state, family: .systemSmall, preview: locked)
            #expect(!tile.fromSnapshot && tile.entry.isSample, "\(state) comes from sample data")
            #expect(tile.entry.accounts.allSatisfy { $0.name.hasPrefix("Sample") })
        }
        let masked = GalleryStates.tile(.masked, family: .systemSmall, preview: locked)
        #expect(masked.fromSnapshot && masked.entry.reason == .locked)
        let hidden = PreviewFixtures.preview(.content(TimelineFixtures.content(hidesBalances: true)))
        #expect(GalleryStates.tile(.masked, family: .systemSmall, preview: hidden).entry.reason == .hidden)
    }

    @Test func privacyAndAccessoryFamiliesMaskEveryState() {
        let private_ = PreviewFixtures.preview(PreviewFixtures.content, privacy: true)
        let open = PreviewFixtures.preview(PreviewFixtures.content)
        for state in [GalleryState.full, .stale] {
            #expect(GalleryStates.tile(state, family: .systemLarge, preview: private_).entry.state == .masked)
            #expect(GalleryStates.tile(state, family: .accessoryCircular, preview: open).entry.reason == .privacy)
        }
    }

    @Test func anEmptyHomeShowsItsOwnReasonAndSampleData() {
        let preview = PreviewFixtures.preview(.refused(.notOnboarded))
        let placeholder = GalleryStates.tile(.placeholder, family: .systemSmall, preview: preview).entry
        #expect(placeholder.reason == .notOnboarded)
        #expect(WidgetFace(placeholder, family: .systemSmall).content == .prompt(text: placeholder.title, action: "Set up"))
        let full = GalleryStates.tile(.full, family: .systemSmall, preview: preview)
        #expect(full.entry.isSample && full.entry.state == .full)
        #expect(ParsedXML(preview.galleryHTML(timelineFamily: .systemSmall)).isWellFormed)
    }

    @Test func timelineEntriesAppearInOrderWithTheirDates() throws {
        let preview = PreviewFixtures.preview(PreviewFixtures.content)
        let timeline = preview.timeline(for: .systemMedium)
        #expect(timeline.entries.count == 4, "now, stale, expired, session-expired")
        let html = preview.galleryHTML(timelineFamily: .systemMedium)
        let section = try #require(html.range(of: "<section id=\"timeline\"")).upperBound
        var cursor = section
        for entry in timeline.entries {
            let date = UTCTimestamp.string(from: entry.date)
            let found = try #require(html.range(of: date, range: cursor..<html.endIndex), "\(date) after the previous one")
            cursor = found.upperBound
        }
    }

    @Test func previewTimelinesAreWhatTheReaderBuilds() throws {
        let fixture = try BridgeFixture()
        try fixture.loginAndPublish()
        let request = TimelineFixtures.request(.balance, .systemMedium)
        let preview = WidgetPreview(reader: fixture.widget, request: request, now: fixture.start + 60, whatIf: true)
        for family in BridgeFamily.allCases {
            let expected = fixture.widget.timeline(
                for: WidgetRequest(kind: .balance, family: family), now: fixture.start + 60, whatIf: true)
            #expect(preview.timeline(for: family) == expected, "\(family)")
        }
    }
}
