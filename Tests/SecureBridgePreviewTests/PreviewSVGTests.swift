import Foundation
import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp
@testable import SecureBridgePreview
@testable import SecureBridgeTestSupport

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
        for account in entry.accounts { #expect(svg.contains(Markup.escaped(WidgetFace.withMinusSign(account.balance)))) }
    }

    @Test(arguments: PreviewAppearance.allCases)
    func aNegativeBalanceHasARealMinusSignAndItsOwnColour(appearance: PreviewAppearance) throws {
        let overdrawn = PreviewFixtures.account("Current", minorUnits: -23_015)
        let entry = PreviewFixtures.entry(accounts: [overdrawn], family: .systemMedium)
        let parsed = ParsedXML(WidgetSVG.document(entry, family: .systemMedium, appearance: appearance))
        let amount = try #require(parsed.elements.first { $0.attributes["class"] == "amount" })
        #expect(amount.text == "\u{2212}€230.15")
        #expect(!amount.text.contains("-"), "no hyphen-minus")
        #expect(amount.attributes["fill"] == appearance.palette.negative)
        #expect(appearance.palette.negative != appearance.palette.primaryText)
        #expect(Self.contrast(appearance.palette.negative, appearance.palette.background) >= 4.5, "WCAG AA")
        // A positive balance keeps the usual colour; a lock-screen family stays monochrome.
        let positive = ParsedXML(WidgetSVG.document(
            PreviewFixtures.entry(accounts: [PreviewFixtures.account("Current")], family: .systemMedium),
            family: .systemMedium, appearance: appearance))
        #expect(positive.elements.first { $0.attributes["class"] == "amount" }?.attributes["fill"] == appearance.palette.primaryText)
        let rectangular = ParsedXML(WidgetSVG.document(
            PreviewFixtures.entry(accounts: [overdrawn], family: .accessoryRectangular), family: .accessoryRectangular,
            appearance: appearance))
        #expect(rectangular.elements.filter { $0.name == "text" }.allSatisfy { $0.attributes["fill"] == appearance.palette.accessoryText })
    }

    /// The WCAG contrast ratio of two `#RRGGBB` colours.
    static func contrast(_ first: String, _ second: String) -> Double {
        func luminance(_ hex: String) -> Double {
            let value = Int(hex.dropFirst(), radix: 16) ?? 0
            let channels = [value >> 16, value >> 8 & 0xFF, value & 0xFF].map { channel -> Double in
                let c = Double(channel) / 255
                return c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
            }
            return 0.2126 * channels[0] + 0.7152 * channels[1] + 0.0722 * channels[2]
        }
        let (a, b) = (luminance(first), luminance(second))
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    @Test func eachFlagHasItsOwnIcon() {
        let reasons: [(EntryState, Reason)] = [(.full, .stale), (.masked, .locked), (.masked, .expired), (.masked, .hidden), (.masked, .privacy)]
        let icons = reasons.compactMap { WidgetFace.flag(state: $0.0, reason: $0.1)?.icon }
        #expect(icons.count == reasons.count)
        #expect(Set(icons.map { "\($0)" }).count == reasons.count, "\(icons)")
    }

    @Test func aNameThatFitsWhenALittleSmallerIsNotCut() {
        // "Everyday Account" is wider than the small widget at 14 pt bold by this estimate, but fits at 85 %.
        let name = "Everyday Account"
        let width = 138.0
        #expect(TextFitting.width(of: name, fontSize: 14, bold: true) > width)
        let (text, size) = TextFitting.fitted(name, toWidth: width, fontSize: 14, bold: true)
        #expect(text == name)
        #expect(size < 14 && size >= 14 * TextFitting.smallestScale)
        let (cut, smallest) = TextFitting.fitted(name + " with a much longer name", toWidth: width, fontSize: 14, bold: true)
        #expect(cut.hasSuffix("…") && smallest == 14 * TextFitting.smallestScale)
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
