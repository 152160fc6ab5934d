import Foundation
import Testing
@testable import SecureBridge
@testable import SecureBridgePreview

@Suite struct PreviewSVGTests {
    @Test func everyFamilyStateAndAppearanceIsWellFormedXML() throws {
        for kind in WidgetKind.allCases {
            let preview = PreviewFixtures.preview(PreviewFixtures.content, kind: kind)
            for state in GalleryState.allCases {
                for family in BridgeFamily.allCases {
                    let tile = GalleryStates.tile(state, family: family, preview: preview)
                    for appearance in PreviewAppearance.allCases {
                        let svg = WidgetSVG.document(tile.entry, family: family, appearance: appearance)
                        let parsed = ParsedXML(svg)
                        #expect(parsed.isWellFormed, "\(kind) \(family) \(state) \(appearance): \(String(describing: parsed.error))")
                        #expect(parsed.elements.first?.name == "svg")
                    }
                }
            }
        }
    }

    @Test func eachWidgetHasItsFamilysPointSize() {
        let expected: [BridgeFamily: (Int, Int)] = [
            .systemSmall: (170, 170), .systemMedium: (364, 170), .systemLarge: (364, 382), .systemExtraLarge: (768, 382),
            .accessoryCircular: (76, 76), .accessoryRectangular: (172, 76),
        ]
        for family in BridgeFamily.allCases {
            let entry = PreviewFixtures.entry(accounts: TimelineFixtures.accounts, family: family)
            let root = ParsedXML(WidgetSVG.document(entry, family: family, appearance: .light)).elements.first
            let size = family.previewSize
            #expect(root?.attributes["width"] == "\(size.width)")
            #expect(root?.attributes["height"] == "\(size.height)")
            #expect(root?.attributes["viewBox"] == "0 0 \(size.width) \(size.height)")
            if let (width, height) = expected[family] {
                #expect(size == PreviewSize(width: width, height: height))
            } else {
                #expect(size.height < 30, "accessoryInline is one line")
            }
        }
    }

    @Test func theAmountIsTheLargestText() throws {
        for family in [BridgeFamily.systemSmall, .systemMedium, .systemLarge, .systemExtraLarge] {
            let entry = PreviewFixtures.entry(accounts: TimelineFixtures.accounts, family: family)
            let texts = ParsedXML(WidgetSVG.document(entry, family: family, appearance: .dark)).elements.filter { $0.name == "text" }
            let largest = try #require(texts.max { Double($0.attributes["font-size"]!)! < Double($1.attributes["font-size"]!)! })
            #expect(largest.attributes["class"] == "amount")
            #expect(largest.text == entry.accounts[0].balance.text, "\(family)")
        }
    }

    @Test func hostileNamesAreEscapedAndReadBackIntact() throws {
        let names = [
            "<script>alert('x')</script>", "Tom & Jerry \"Fund\"", "]]><!--", "حساب التوفير", "a\u{202E}evil", "tab\there",
        ]
        for (index, name) in names.enumerated() {
            let account = PreviewFixtures.account(name, id: "acc-\(index)")
            for family in BridgeFamily.allCases {
                let entry = PreviewFixtures.entry(accounts: [account], family: family)
                let svg = WidgetSVG.document(entry, family: family, appearance: .light)
                #expect(!svg.contains("<script"))
                #expect(!svg.contains("<!--"))
                #expect(!svg.unicodeScalars.contains("\u{202E}"))
                let parsed = ParsedXML(svg)
                #expect(parsed.isWellFormed, "\(family) \(name)")
                if family == .systemLarge {
                    let shown = try #require(parsed.texts(ofClass: "name").first)
                    let safe = name.replacingOccurrences(of: "\u{202E}", with: "\u{FFFD}").replacingOccurrences(of: "\t", with: "\u{FFFD}")
                    #expect(shown == safe)
                }
            }
        }
    }

    @Test func rightToLeftNamesAreLaidOutRightToLeft() throws {
        let entry = PreviewFixtures.entry(accounts: [PreviewFixtures.account("חשבון עובר ושב")], family: .systemLarge)
        let name = try #require(ParsedXML(WidgetSVG.document(entry, family: .systemLarge, appearance: .light))
            .elements.first { $0.attributes["class"] == "name" })
        #expect(name.attributes["direction"] == "rtl")
        #expect(name.attributes["text-anchor"] == "end", "the end of right-to-left text is its left edge")
        #expect(TextDirection.isRightToLeft("حساب") && !TextDirection.isRightToLeft("€ 12") && !TextDirection.isRightToLeft("Main"))
    }

    @Test func longNamesEndInAnEllipsisAndAmountsAreNeverCut() throws {
        let long = String(repeating: "Household Reserve ", count: 3) + "Account"
        let account = PreviewFixtures.account(long, minorUnits: 922_337_203_685_477_580)
        for family in [BridgeFamily.systemSmall, .systemMedium, .systemLarge, .systemExtraLarge, .accessoryRectangular] {
            let entry = PreviewFixtures.entry(accounts: [account], family: family)
            let parsed = ParsedXML(WidgetSVG.document(entry, family: family, appearance: .light))
            let name = try #require(parsed.texts(ofClass: "name").first)
            #expect(name.hasSuffix("…"), "\(family): \(name)")
            #expect(name.count < long.count)
            if family.mayShowAmounts {
                #expect(parsed.texts(ofClass: "amount").first == entry.accounts[0].balance.text, "\(family)")
            }
        }
    }

    @Test func maskedAndPlaceholderWidgetsCarryNoDigitOfAnyBalance() {
        let leaks = TimelineFixtures.accounts.flatMap { TimelineFixtures.leakForms(of: $0.balance) }
            + TimelineFixtures.analytics.spent.flatMap { TimelineFixtures.leakForms(of: $0.amount) }
        for kind in WidgetKind.allCases {
            let preview = PreviewFixtures.preview(PreviewFixtures.content, kind: kind)
            for state in [GalleryState.masked, .placeholder] {
                for family in BridgeFamily.allCases {
                    let entry = GalleryStates.tile(state, family: family, preview: preview).entry
                    for appearance in PreviewAppearance.allCases {
                        let parsed = ParsedXML(WidgetSVG.document(entry, family: family, appearance: appearance))
                        // Every text but the IBAN's last four, which every state may show.
                        let shown = parsed.elements.filter { $0.attributes["class"] != "iban" }.map(\.text).joined(separator: "\n")
                        for leak in leaks { #expect(!shown.contains(leak), "\(kind) \(family) \(state) shows \(leak)") }
                        let amounts = parsed.texts(ofClass: "amount")
                        #expect(amounts.allSatisfy { !TimelineFixtures.hasDigit($0) }, "\(kind) \(family) \(state)")
                        if state == .masked { #expect(amounts.allSatisfy { $0 == Redaction.mask }) }
                    }
                }
            }
        }
    }

    @Test func fullWidgetsShowTheBalances() {
        let entry = PreviewFixtures.entry(accounts: TimelineFixtures.accounts, family: .systemLarge)
        let svg = WidgetSVG.document(entry, family: .systemLarge, appearance: .light)
        for account in entry.accounts { #expect(svg.contains(Markup.escaped(account.balance.text))) }
    }

    @Test func staleIsFlaggedAndMaskedSaysWhy() {
        let preview = PreviewFixtures.preview(PreviewFixtures.content)
        let stale = ParsedXML(WidgetSVG.document(
            GalleryStates.tile(.stale, family: .systemSmall, preview: preview).entry, family: .systemSmall, appearance: .light))
        #expect(stale.texts(ofClass: "flag") == ["Stale"])
        let fresh = ParsedXML(WidgetSVG.document(
            GalleryStates.tile(.full, family: .systemSmall, preview: preview).entry, family: .systemSmall, appearance: .light))
        #expect(fresh.texts(ofClass: "flag").isEmpty)
        let masked = ParsedXML(WidgetSVG.document(
            GalleryStates.tile(.masked, family: .systemMedium, preview: preview).entry, family: .systemMedium, appearance: .dark))
        #expect(masked.texts(ofClass: "flag") == ["Locked"])
    }

    @Test func placeholdersShowThePromptAndTheLoginButton() {
        let preview = PreviewFixtures.preview(.refused(.loggedOut))
        for family in BridgeFamily.allCases {
            let entry = GalleryStates.tile(.placeholder, family: family, preview: preview).entry
            let parsed = ParsedXML(WidgetSVG.document(entry, family: family, appearance: .light))
            #expect(parsed.texts(ofClass: "amount").isEmpty)
            #expect(parsed.texts(ofClass: "name").isEmpty)
            if family != .accessoryInline { #expect(parsed.texts(ofClass: "action") == ["Log in"], "\(family)") }
            #expect(!parsed.texts(ofClass: "prompt").isEmpty || family == .accessoryCircular)
        }
    }

    @Test func allFamiliesSideBySideMakeOneWellFormedSheet() {
        let preview = PreviewFixtures.preview(PreviewFixtures.content)
        let sheet = ParsedXML(preview.svg(families: BridgeFamily.allCases, appearances: PreviewAppearance.allCases))
        #expect(sheet.isWellFormed)
        #expect(sheet.elements.filter { $0.name == "svg" }.count == 1 + 2 * BridgeFamily.allCases.count)
        let single = ParsedXML(preview.svg(families: [.systemSmall], appearances: [.dark]))
        #expect(single.elements.filter { $0.name == "svg" }.count == 1)
        #expect(single.elements.first?.attributes["width"] == "170")
    }
}
