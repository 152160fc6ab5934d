import Foundation
import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp
@testable import SecureBridgeFollow
@testable import SecureBridgePreview
@testable import SecureBridgeTestSupport

/// Widget text in the six languages: the translations are found and used,
/// amounts, percentages, months and durations follow the locale, and an
/// Arabic widget is laid out right to left.
@Suite struct LocalizationTests {
    private let now = TimelineFixtures.now

    private func entry(_ locale: String, _ kind: WidgetKind = .balance, _ result: GateResult? = nil) -> BridgeEntry {
        let request = TimelineFixtures.request(kind, .systemMedium, locale: locale)
        return WidgetTimeline.timeline(for: result ?? .content(TimelineFixtures.content()), request: request, now: now).entries[0]
    }

    private func amount(_ minorUnits: Int64, _ currency: Currency, _ locale: String) -> String {
        MoneyFormatter.string(for: Money(minorUnits: minorUnits, currency: currency), localeIdentifier: locale)
    }

    @Test func theArgumentTakesTheFirstPlaceholderOnly() {
        let english = WidgetLanguage.english
        #expect(english.text("%@ ago", "5 min") == "5 min ago")
        #expect(english.text("updated %@", "just now") == "updated just now")
        #expect(english.text("a %@ b %@", "x") == "a x b %@")
        #expect(english.text("100% sure", "x") == "100% sure")
        #expect(english.text("ends with %", "x") == "ends with %")
        #expect(english.text("%@", "é%@") == "é%@")
        #expect(WidgetLanguage.german.text("%@ ago", "5 Min.") == "vor 5 Min.")
    }

    @Test func everyLanguageHasATranslationOfEveryKey() throws {
        let keys = Set(try table(at: "en"))
        #expect(keys.count >= 30)
        for language in WidgetLanguage.allCases where language != .english {
            let table = LocalizedStrings.shared.table(for: language)
            #expect(Set(table.keys) == keys, "\(language.rawValue) translates exactly the English keys")
            for (key, value) in table {
                #expect(value != key || ["in %@", "minus %@"].contains(key), "\(language.rawValue): \(key) is not translated")
                #expect(value.components(separatedBy: "%@").count == key.components(separatedBy: "%@").count,
                        "\(language.rawValue): \(key) keeps its placeholder")
            }
        }
    }

    /// The table of `language` as the source tree holds it, to list the keys.
    private func table(at language: String) throws -> [String] {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../Sources")
        let path = sources.appendingPathComponent("SecureBridge/Resources/Localizations/\(language).lproj/Localizable.strings")
        return Array(try PropertyListDecoder().decode([String: String].self, from: Data(contentsOf: path)).keys)
    }

    @Test(arguments: [
        ("en_US", "Accounts", "Log in to see your accounts"),
        ("de_DE", "Konten", "Melden Sie sich an, um Ihre Konten zu sehen"),
        ("fr_FR", "Comptes", "Connectez-vous pour voir vos comptes"),
        ("es_ES", "Cuentas", "Inicia sesión para ver tus cuentas"),
        ("ja_JP", "口座", "ログインして口座を表示してください"),
        ("ar_EG", "الحسابات", "سجّل الدخول لعرض حساباتك"),
    ])
    func titlesAndPlaceholdersAreInTheLocalesLanguage(locale: String, title: String, placeholder: String) {
        #expect(entry(locale).title == title)
        #expect(entry(locale, .balance, .refused(.loggedOut)).title == placeholder)
    }

    @Test(arguments: [
        ("en_US", "Spending November 2026"),
        ("de_DE", "Ausgaben November 2026"),
        ("fr_FR", "Dépenses novembre 2026"),
        ("es_ES", "Gastos noviembre de 2026"),
        ("ja_JP", "2026年11月の支出"),
        ("ar_EG", "الإنفاق نوفمبر ٢٠٢٦"),
    ])
    func theSpendingMonthIsWrittenAsTheLocaleWritesIt(locale: String, title: String) {
        #expect(entry(locale, .spending).title == title)
    }

    @Test(arguments: [
        ("en_US", 300.0 as TimeInterval, "5 min ago"), ("de_DE", 300.0, "vor 5 Min."), ("fr_FR", 10_800.0, "il y a 3\u{202F}h"),
        ("es_ES", 172_800.0, "hace 2 d"), ("ja_JP", 300.0, "5分前"), ("ar_EG", 300.0, "قبل ٥ د"),
        ("de_DE", -300.0, "in 5 Min."), ("fr_FR", 10.0, "à l’instant"), ("ja_JP", 10.0, "たった今"),
    ])
    func relativeTimesAreInTheLocalesLanguage(locale: String, elapsed: TimeInterval, text: String) {
        #expect(RelativeTime.describe(now - elapsed, seenAt: now, localeIdentifier: locale) == text)
    }

    @Test func amountsFollowTheLocale() {
        let eur = TimelineFixtures.eur
        #expect(amount(467_500, eur, "de_DE") == "4.675,00\u{A0}€")
        #expect(amount(467_500, eur, "fr_FR") == "4\u{202F}675,00\u{A0}€", "French groups with a narrow no-break space")
        #expect(amount(50_000, TimelineFixtures.jpy, "ja_JP") == "￥50,000" || amount(50_000, TimelineFixtures.jpy, "ja_JP") == "¥50,000")
        #expect(!amount(500, TimelineFixtures.jpy, "ja_JP").contains("."), "yen has no decimals")
        #expect(amount(467_500, eur, "es_ES") == "4675,00\u{A0}€")
        #expect(amount(467_500, eur, "ar_EG") == "٤٬٦٧٥٫٠٠\u{A0}€", "Arabic-Indic digits, without bidirectional marks")
        #expect(PercentFormatter.string(tenthsOfPercent: 425, localeIdentifier: "de_DE") == "42,5\u{A0}%")
        #expect(PercentFormatter.string(tenthsOfPercent: 425, localeIdentifier: "ar_EG") == "٤٢٫٥٪")
    }

    @Test func noFormattedTextCarriesABidirectionalControl() {
        for locale in ["ar_EG", "ar", "ar_SA", "ar_AE"] {
            let texts = [
                amount(-467_500, TimelineFixtures.eur, locale),
                PercentFormatter.string(tenthsOfPercent: -425, localeIdentifier: locale),
                RelativeTime.describe(now - 7_200, seenAt: now, localeIdentifier: locale),
                entry(locale, .spending).title,
            ]
            for text in texts {
                #expect(!text.unicodeScalars.contains { UnicodeText.isDisallowed($0) }, "\(locale): \(text)")
            }
        }
    }

    @Test func anUnknownLanguageFallsBackToEnglish() {
        #expect(WidgetLanguage(localeIdentifier: "pt_BR") == .english)
        #expect(WidgetLanguage(localeIdentifier: "de-AT") == .german)
        #expect(WidgetLanguage(localeIdentifier: "AR") == .arabic)
        #expect(entry("pt_BR").title == "Accounts")
    }

    @Test func theEnvironmentsLocaleIsReadInPOSIXOrder() {
        func resolve(_ environment: [String: String]) -> String? {
            EnvironmentLocale.identifier { environment[$0] }
        }
        #expect(resolve([:]) == nil)
        #expect(resolve(["LANG": "de_DE.UTF-8"]) == "de_DE")
        #expect(resolve(["LANG": "de_DE.UTF-8", "LC_MESSAGES": "fr_FR@euro"]) == "fr_FR")
        #expect(resolve(["LANG": "de_DE", "LC_MESSAGES": "fr_FR", "LC_ALL": "ja_JP.eucJP"]) == "ja_JP")
        #expect(resolve(["LANG": "de_DE", "LC_ALL": ""]) == "de_DE", "an empty variable is skipped")
        #expect(resolve(["LANG": "de_DE", "LC_ALL": "C"]) == nil, "C is the default locale")
        #expect(resolve(["LANG": "POSIX"]) == nil)
        #expect(resolve(["LANG": "../../etc/passwd"]) == nil, "a malformed value gives the default")
    }

    @Test func timesInTheTextFormatFollowTheTimeZone() throws {
        let timeline = WidgetTimeline.timeline(
            for: .content(TimelineFixtures.content()), request: TimelineFixtures.request(locale: "de_DE"), now: now)
        let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
        let tokyo = try #require(TimeZone(identifier: "Asia/Tokyo"))
        #expect(TimelineText.render(timeline).contains("aktualisiert 2026-11-21T15:55:00Z (vor 5 Min.)"))
        #expect(TimelineText.render(timeline, timeZone: berlin).contains("aktualisiert 2026-11-21T16:55:00+01:00 (vor 5 Min.)"))
        #expect(TimelineText.render(timeline, timeZone: tokyo).contains("2026-11-22T00:55:00+09:00"))
    }

    @Test func anArabicWidgetIsDrawnRightToLeft() throws {
        let arabic = WidgetSVG.document(entry("ar_EG"), family: .systemMedium, appearance: .light, localeIdentifier: "ar_EG")
        let english = WidgetSVG.document(entry("en_US"), family: .systemMedium, appearance: .light)
        let width = Double(BridgeFamily.systemMedium.previewSize.width)
        func texts(_ svg: String, _ role: String) -> [ParsedXML.Element] {
            ParsedXML(svg).elements.filter { $0.name == "text" && $0.attributes["class"] == role }
        }
        let arabicTitle = try #require(ParsedXML(arabic).elements.first { $0.name == "text" && $0.text == "الحسابات" })
        #expect(arabicTitle.attributes["direction"] == "rtl")
        let arabicX = try #require(arabicTitle.attributes["x"].flatMap(Double.init))
        #expect(arabicX > width / 2, "the title stands at the right")
        // The same account name, mirrored across the widget.
        let name = try #require(texts(english, "name").first)
        let mirroredName = try #require(texts(arabic, "name").first { $0.text == name.text })
        let x = try #require(name.attributes["x"].flatMap(Double.init))
        let mirroredX = try #require(mirroredName.attributes["x"].flatMap(Double.init))
        #expect(abs(mirroredX - (width - x)) < 0.11)
        #expect(mirroredName.attributes["text-anchor"] == "end", "a left-to-right name ends at its mirrored place")

        let box = TerminalPreview.render(
            WidgetTimeline.timeline(for: .content(TimelineFixtures.content()), request: TimelineFixtures.request(locale: "ar_EG"), now: now),
            color: false, localeIdentifier: "ar_EG")
        let titleLine = try #require(box.split(separator: "\n").first { $0.contains("الحسابات") })
        #expect(titleLine.hasSuffix("الحسابات │"), "the terminal box puts the title at the right edge")
    }

    @Test func aGermanStatusBarSaysStaleInGerman() {
        let content = TimelineFixtures.content(staleAt: now - 60)
        let timeline = WidgetTimeline.timeline(for: .content(content), request: TimelineFixtures.request(locale: "de_DE"), now: now)
        #expect(StatusBarText.line(timeline) == "Main Account 4.675,00\u{A0}€ · veraltet")
        #expect(StatusBarText.waybar(timeline).contains("aktualisiert vor 5 Min."))
    }
}
