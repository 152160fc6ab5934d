import Foundation
import PlatformStandIns
import SecureBridge
import Testing

/// The provider as a current WidgetKit extension calls it: `async`, in the
/// user's `Locale`, with every WidgetKit family, and with titles and times as
/// values beside their text.
@Suite struct WidgetKitShapeTests {
    typealias Fixture = ProviderEndToEndTests

    /// A home where alice logged in and published accounts with a month of spending.
    static func spendingHome() throws -> ProviderEndToEndTests.Home {
        let fixture = try ProviderEndToEndTests.Home()
        try logInAtTestingCost(home: fixture.home, user: "alice", passcode: Fixture.passcode)
        let bankResponse = try Data(contentsOf: DocumentedSamplesTests.root.appendingPathComponent("examples/spending.json"))
        #expect(try publish(home: fixture.home, bankResponse: bankResponse))
        return fixture
    }

    /// A provider of a published home whose clock stands `minutes` after now.
    static func provider(
        _ home: BridgeHome, locale: Locale = Locale(identifier: "en_US"), minutesLater minutes: Double = 0
    ) -> WidgetProvider {
        let now = Date().addingTimeInterval(minutes * 60)
        return WidgetProvider(home: home, locale: locale, clock: { now })
    }

    /// The synchronous answers, called where the `async` overloads are not chosen.
    static func synchronous(_ provider: WidgetProvider, _ request: WidgetRequest) -> (BridgeEntry, BridgeTimeline) {
        (provider.snapshot(for: request), provider.timeline(for: request))
    }

    // MARK: async

    @Test(arguments: [BridgeFamily.systemSmall, .systemLarge, .accessoryInline], [WidgetKind.balance, .spending])
    func theAsyncCallsGiveTheSameEntriesAsTheSynchronousOnes(family: BridgeFamily, kind: WidgetKind) async throws {
        let fixture = try Self.spendingHome()
        let provider = Self.provider(fixture.home, locale: Locale(identifier: "de_DE"))
        let request = WidgetRequest(kind: kind, family: family)
        let (snapshot, timeline) = Self.synchronous(provider, request)
        let asyncSnapshot: BridgeEntry = await provider.snapshot(for: request)
        let asyncTimeline: BridgeTimeline = await provider.timeline(for: request)
        #expect(asyncSnapshot == snapshot)
        #expect(asyncTimeline == timeline)
        #expect(asyncSnapshot.state != .loginPrompt, "the gate passed: the equality is of real entries")
    }

    @Test func theGlueForConfigurableWidgetsAwaitsTheConfiguredAccount() async throws {
        let fixture = try Fixture.publishedHome()
        let provider = AccountProvider(widgets: Self.provider(fixture.home))
        let context = TimelineProviderContext(family: .systemSmall, isPreview: false)
        let sterling = SelectAccountIntent(account: .init(id: "acc-gbp"))
        let snapshot = await provider.snapshot(for: sterling, in: context)
        #expect(snapshot.model.headline == .account(name: "Sterling Current"))
        let timeline = await provider.timeline(for: sterling, in: context)
        #expect(timeline.entries.first?.model.accounts.map(\.id) == ["acc-gbp"])
        #expect(timeline.policy.date != nil)
        let unknown = await provider.snapshot(for: SelectAccountIntent(account: .init(id: "acc-gone")), in: context)
        #expect(unknown.model.state == .loginPrompt && unknown.model.reason == .noData)
    }

    // MARK: Locale

    @Test func aGermanProviderSpeaksAmountsInGerman() throws {
        let fixture = try Fixture.publishedHome()
        let german = Self.provider(fixture.home, locale: Locale(identifier: "de_DE"))
        let entry = german.snapshot(for: WidgetRequest(kind: .balance, family: .systemExtraLarge))
        #expect(entry.title == "Konten")
        let labels = entry.accounts.map(\.balance.accessibilityLabel)
        #expect(labels.count == 5)
        #expect(labels.first == "4.675,00 Euro")
        let debt = try #require(entry.accounts.first { $0.balance.sign == .minus }?.balance.accessibilityLabel)
        #expect(debt == "minus 230,15 Britische Pfund")
        #expect(labels.contains("58.000 Japanische Yen"))
        let english = ["euros", "dollars", "pounds", "francs", "amount", "hidden"]
        for label in labels {
            let words = label.lowercased().split(separator: " ").map(String.init)
            #expect(words.allSatisfy { !english.contains($0) }, "no English word in \(label)")
        }
    }

    @Test(arguments: [
        ("de_DE", "Betrag ausgeblendet"), ("fr_FR", "montant masqué"), ("es_ES", "importe oculto"),
        ("ja_JP", "金額は非表示"), ("ar_EG", "المبلغ مخفي"), ("en_US", "amount hidden"),
    ])
    func aMaskedAmountIsSaidToBeHiddenInTheProvidersLanguage(locale: String, hidden: String) throws {
        let fixture = try Fixture.publishedHome()
        let provider = Self.provider(fixture.home, locale: Locale(identifier: locale))
        let masked = provider.snapshot(for: WidgetRequest(kind: .balance, family: .systemMedium, isPrivacyContext: true))
        #expect(masked.state == .masked)
        for amount in masked.accounts.map(\.balance) {
            #expect(amount.accessibilityLabel == hidden)
            #expect(amount.accessibilityLabel.allSatisfy { !$0.isNumber }, "no digit of a masked balance")
        }
        #expect(masked.accounts.count == 3)
    }

    @Test func aLanguageWithoutTranslationsHasEnglishWordsAndTheLocalesNumbers() throws {
        let fixture = try Fixture.publishedHome()
        let portuguese = Self.provider(fixture.home, locale: Locale(identifier: "pt_BR"))
        let entry = portuguese.snapshot(for: WidgetRequest(kind: .balance, family: .systemMedium))
        #expect(entry.title == "Accounts")
        #expect(entry.accounts.first?.balance.text.contains("4.675,00") == true, "Brazilian grouping and decimals")
        #expect(portuguese.timeline(for: WidgetRequest(kind: .balance, family: .systemMedium)).locale.identifier == "pt_BR")
    }

    @Test(arguments: [
        ("de_DE@currency=EUR", "de_DE"), ("en_GB@rg=dezzzz", "en_GB"), ("de_DE.UTF-8", "de_DE"), ("sr-Latn-RS", "sr-Latn-RS"),
        ("en_US_POSIX", "en_US"), ("", "en_US"), ("../../etc/passwd", "en_US"),
    ])
    func aRequestKeepsTheWellFormedPartOfItsLocale(given: String, kept: String) {
        let request = WidgetRequest(kind: .balance, family: .systemSmall).localized(Locale(identifier: given))
        #expect(request.locale.identifier == kept)
    }

    // MARK: Families

    @Test func everyWidgetKitFamilyMapsToTheFamilyOfItsName() {
        for family in WidgetFamily.allCases {
            let name = "\(family)"
            #expect(BridgeFamily(widgetFamilyName: name).rawValue == name)
            #expect(BridgeFamily(family) == BridgeFamily(widgetFamilyName: name), "the glue's switch agrees with the name")
        }
        #expect(Set(WidgetFamily.allCases.map { BridgeFamily(widgetFamilyName: "\($0)") }) == Set(BridgeFamily.allCases))
    }

    @Test(arguments: [
        ("accessoryCorner", BridgeFamily.accessoryCircular),
        ("systemJumbo", .systemSmall),
        ("accessoryBanner", .accessoryRectangular),
        ("", .accessoryRectangular),
        ("SystemSmall", .accessoryRectangular),
    ])
    func aFamilyWithoutALayoutOfItsOwnIsDrawnAsTheSmallestOfItsKind(name: String, drawnAs: BridgeFamily) {
        let family = BridgeFamily(widgetFamilyName: name)
        #expect(family == drawnAs)
        #expect(family.accountLimit == 1, "never more than the smallest family lists")
        #expect(family.mayShowAmounts == name.hasPrefix("system"), "only a home-screen family may show an amount")
    }

    // MARK: Values beside text

    @Test func titlesComeAsValues() throws {
        let fixture = try Self.spendingHome()
        let provider = Self.provider(fixture.home, locale: Locale(identifier: "fr_FR"))
        let small = provider.timeline(for: WidgetRequest(kind: .balance, family: .systemSmall))
        #expect(small.entries.first?.headline == .account(name: "Everyday Account"))
        #expect(small.entries.first?.title == "Everyday Account")
        #expect(small.entries.last?.headline == .prompt(.sessionExpired))
        #expect(small.entries.last?.title == "Votre session a pris fin\u{202F}: reconnectez-vous")
        let medium = provider.snapshot(for: WidgetRequest(kind: .balance, family: .systemMedium))
        #expect(medium.headline == .accounts && medium.title == "Comptes")
        let spending = provider.snapshot(for: WidgetRequest(kind: .spending, family: .systemMedium))
        guard case let .spending(month?) = spending.headline else {
            Issue.record("a spending entry's headline names its month: \(spending.headline)")
            return
        }
        let period = try #require(spending.spending?.period)
        #expect(String(format: "%04d-%02d", month.year ?? 0, month.month ?? 0) == period)
        #expect(spending.title.hasPrefix("Dépenses "))
    }

    @Test(arguments: [("en_US", "5 min ago"), ("de_DE", "vor 5 Min."), ("ja_JP", "5分前")])
    func theLastUpdateComesAsAnInstantAndAnAgeBesideItsText(locale: String, relative: String) throws {
        let fixture = try Fixture.publishedHome()
        let provider = Self.provider(fixture.home, locale: Locale(identifier: locale), minutesLater: 5.5)
        let timeline = provider.timeline(for: WidgetRequest(kind: .balance, family: .systemSmall))
        let first = try #require(timeline.entries.first)
        let updated = try #require(first.lastUpdated)
        #expect(updated.relative == relative)
        let seconds = first.date.timeIntervalSince(updated.date)
        #expect(updated.age == .seconds(Int64(seconds.rounded(.towardZero))))
        #expect(updated.age >= .seconds(330) && updated.age < .seconds(360))
        for entry in timeline.entries.dropFirst() {
            guard let later = entry.lastUpdated else { continue }
            #expect(later.date == updated.date, "the same publication")
            #expect(later.age == .seconds(Int64(entry.date.timeIntervalSince(later.date).rounded(.towardZero))))
            #expect(later.age > updated.age)
        }
    }

    @Test func aPublicationAfterTheEntryHasANegativeAge() throws {
        let fixture = try Fixture.publishedHome()
        // A widget clock ten minutes behind the app's.
        let provider = Self.provider(fixture.home, minutesLater: -10)
        let entry = provider.snapshot(for: WidgetRequest(kind: .balance, family: .systemSmall))
        let updated = try #require(entry.lastUpdated)
        #expect(updated.age > .seconds(-601) && updated.age < .seconds(-540))
        #expect(updated.relative == "in 9 min")
    }
}
