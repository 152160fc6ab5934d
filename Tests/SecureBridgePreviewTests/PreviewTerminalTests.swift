import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp
@testable import SecureBridgePreview
@testable import SecureBridgeTestSupport

@Suite struct PreviewTerminalTests {
    @Test func withoutColourThereIsNoEscapeByte() {
        for kind in WidgetKind.allCases {
            for result in [PreviewFixtures.content, .refused(.loggedOut), .content(TimelineFixtures.content(isLocked: true))] {
                let preview = PreviewFixtures.preview(result, kind: kind)
                let plain = preview.text(families: BridgeFamily.allCases, color: false)
                #expect(!plain.utf8.contains(0x1B), "\(kind)")
                #expect(preview.text(families: BridgeFamily.allCases, color: true).utf8.contains(0x1B))
            }
        }
    }

    @Test func eachFamilyIsABoxAtItsProportions() throws {
        let preview = PreviewFixtures.preview(PreviewFixtures.content)
        for family in BridgeFamily.allCases {
            let lines = preview.text(families: [family], color: false).split(separator: "\n").map(String.init)
            let top = try #require(lines.firstIndex { $0.hasPrefix("╭") })
            let bottom = try #require(lines.firstIndex { $0.hasPrefix("╰") })
            let box = lines[top...bottom]
            let size = family.terminalSize
            #expect(box.count == size.rows, "\(family)")
            #expect(box.allSatisfy { TerminalWidth.of($0) == size.columns }, "\(family): \(box.map { TerminalWidth.of($0) })")
            #expect(lines[0].hasPrefix("\(family.rawValue) · \(family.previewSize) pt"))
        }
        let small = PreviewFixtures.preview(PreviewFixtures.content).text(families: [.systemSmall], color: false)
        #expect(small.contains("€4,675.00") && small.contains("Last updated"))
    }

    /// Every amount the fixture shows, as the boxes print it.
    static let fixtureAmounts = ["€4,675.00"]

    @Test(arguments: [80, 40, 30, 24])
    func theTextPreviewFitsTheTerminalsWidth(columns: Int) {
        let text = PreviewFixtures.preview(PreviewFixtures.content).text(families: BridgeFamily.allCases, color: false, columns: columns)
        let lines = text.split(separator: "\n").map(String.init)
        let wider = lines.filter { TerminalWidth.of($0) > columns }
        #expect(wider.isEmpty, "\(columns) columns: \(wider)")
        #expect(lines.contains { $0.hasPrefix("╭") }, "still boxes at \(columns) columns")
        for amount in Self.fixtureAmounts { #expect(text.contains(amount), "\(amount) is whole at \(columns) columns") }
    }

    @Test func belowTheNarrowestBoxTheLinesGoUnboxedAndAmountsStayWhole() {
        let columns = 10
        let wide: [BridgeFamily] = [.systemSmall, .systemMedium, .systemLarge]
        let text = PreviewFixtures.preview(PreviewFixtures.content).text(families: wide, color: false, columns: columns)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(!text.contains("╭") && !text.contains("│"), "no box fits in \(columns) columns")
        for amount in Self.fixtureAmounts { #expect(text.contains(amount)) }
        // Only a line that holds an amount may be wider: an amount is never cut.
        let wider = lines.filter { TerminalWidth.of($0) > columns }
        #expect(wider.allSatisfy { line in line.contains { $0.isNumber } }, "\(wider.map { "\($0) (\(TerminalWidth.of($0)))" })")
    }

    @Test func namesCannotDriveTheTerminal() {
        let account = PreviewFixtures.account("evil\u{1B}[2J\u{202E}name")
        let result = GateResult.content(TimelineFixtures.content(portfolio: Portfolio(uncheckedAccounts: [account])))
        let text = PreviewFixtures.preview(result).text(families: BridgeFamily.allCases, color: false)
        #expect(!text.utf8.contains(0x1B))
        #expect(!text.unicodeScalars.contains("\u{202E}"))
        #expect(text.contains("evil\u{FFFD}[2J"))
    }

    @Test func maskedBoxesShowNoAmount() {
        let locked = PreviewFixtures.preview(.content(TimelineFixtures.content(isLocked: true)))
        let text = locked.text(families: BridgeFamily.allCases, color: false)
        for account in TimelineFixtures.accounts {
            for leak in TimelineFixtures.leakForms(of: account.balance) where leak.count > 3 {
                #expect(!text.contains(leak), "shows \(leak)")
            }
        }
        #expect(text.contains(Redaction.mask) && text.contains("LOCKED"))
    }

    @Test func laterEntriesAndThePolicyFollowTheBox() {
        let text = PreviewFixtures.preview(PreviewFixtures.content).text(families: [.systemMedium], color: false)
        #expect(text.contains("then from 2026-11-21T20:00:00Z  full (stale)"))
        #expect(text.contains("then from 2026-11-22T04:00:00Z  masked (expired)"))
        #expect(text.contains("reload: after 2026-11-21T16:30:00Z"))
    }
}
