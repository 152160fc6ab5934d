import Foundation
import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp
@testable import SecureBridgeTestSupport

/// The redaction policy: which state and reason an entry gets, and in which precedence.
@Suite struct TimelineStateTests {
    typealias F = TimelineFixtures

    @Test func freshContentGivesAFullEntryWithoutReason() {
        let entry = F.entry(F.content())
        #expect(entry.state == .full)
        #expect(entry.reason == nil)
        #expect(entry.accounts.map(\.balance.text).contains("€4,675.00"))
    }

    @Test func contentPastSoftExpiryIsFullButStale() {
        let entry = F.entry(F.content(staleAt: F.now - 1))
        #expect(entry.state == .full)
        #expect(entry.reason == .stale)
    }

    @Test func softExpiryAtExactlyNowIsAlreadyStale() {
        #expect(F.entry(F.content(staleAt: F.now)).reason == .stale)
    }

    @Test func contentPastHardExpiryIsMaskedExpired() {
        let entry = F.entry(F.content(staleAt: F.now - 20, expiresAt: F.now - 10))
        #expect(entry.state == .masked)
        #expect(entry.reason == .expired)
    }

    @Test func lockedWinsOverEveryOtherMaskReason() {
        let content = F.content(staleAt: F.now - 20, expiresAt: F.now - 10, isLocked: true, hidesBalances: true)
        let entry = F.entry(content, F.request(.balance, .accessoryInline, privacy: true))
        #expect(entry.state == .masked)
        #expect(entry.reason == .locked)
    }

    @Test func expiredWinsOverHiddenAndPrivacy() {
        let content = F.content(staleAt: F.now - 20, expiresAt: F.now - 10, hidesBalances: true)
        #expect(F.entry(content, F.request(privacy: true)).reason == .expired)
    }

    @Test func hiddenWinsOverPrivacy() {
        let entry = F.entry(F.content(hidesBalances: true), F.request(.balance, .accessoryCircular, privacy: true))
        #expect(entry.state == .masked)
        #expect(entry.reason == .hidden)
    }

    @Test func privacyContextMasksEntries() {
        let entry = F.entry(F.content(), F.request(privacy: true))
        #expect(entry.state == .masked)
        #expect(entry.reason == .privacy)
    }

    @Test(arguments: [BridgeFamily.accessoryCircular, .accessoryRectangular, .accessoryInline])
    func accessoryFamiliesNeverShowAmounts(family: BridgeFamily) {
        for kind in WidgetKind.allCases {
            let entry = F.entry(F.content(), F.request(kind, family))
            #expect(entry.state == .masked)
            #expect(entry.reason == .privacy)
        }
    }

    @Test(arguments: [BridgeFamily.systemSmall, .systemMedium, .systemLarge, .systemExtraLarge])
    func systemFamiliesShowAmounts(family: BridgeFamily) {
        #expect(F.entry(F.content(), F.request(.balance, family)).state == .full)
    }

    @Test func maskingWinsOverStaleness() {
        let entry = F.entry(F.content(staleAt: F.now - 1, hidesBalances: true))
        #expect(entry.state == .masked)
        #expect(entry.reason == .hidden)
    }

    @Test func sessionEndedBeforeNowGivesASessionExpiredPlaceholderForever() {
        let result = GateResult.content(F.content(sessionExpiresAt: F.now - 1))
        let timeline = WidgetTimeline.timeline(for: result, request: F.request(), now: F.now)
        #expect(timeline.entries.count == 1)
        #expect(timeline.entries[0].state == .loginPrompt)
        #expect(timeline.entries[0].reason == .sessionExpired)
        #expect(timeline.entries[0].accounts.isEmpty)
        #expect(timeline.policy == .never)
    }

    @Test func sessionEndingExactlyNowHasEnded() {
        let result = GateResult.content(F.content(sessionExpiresAt: F.now))
        let timeline = WidgetTimeline.timeline(for: result, request: F.request(), now: F.now)
        #expect(timeline.entries.map(\.reason) == [.sessionExpired])
        #expect(timeline.policy == .never)
    }

    @Test func sessionExpiryWinsOverLockAndNoData() {
        let content = F.content(portfolio: Portfolio(uncheckedAccounts: []), sessionExpiresAt: F.now - 1, isLocked: true)
        #expect(F.entry(content).reason == .sessionExpired)
    }

    @Test(arguments: Reason.allCases)
    func gatePlaceholderGivesOneLoginPlaceholder(reason: Reason) {
        let timeline = WidgetTimeline.timeline(for: .refused(reason), request: F.request(), now: F.now)
        #expect(timeline.entries.count == 1)
        let entry = timeline.entries[0]
        #expect(entry.date == F.now)
        #expect(entry.state == .loginPrompt)
        #expect(entry.reason == reason)
        #expect(entry.accounts.isEmpty)
        #expect(entry.spending == nil)
        #expect(entry.lastUpdated == nil)
        #expect(entry.url?.absoluteString == "securebridge://login")
        let waitsForLogin: Set<Reason> = [.notOnboarded, .loggedOut, .sessionExpired]
        let expected: ReloadPolicy = waitsForLogin.contains(reason) ? .never
            // Unreadable storage, or a locked or unreachable keyring, is retried within a minute.
            : .after(F.now + ([.unavailable, .keychainUnavailable].contains(reason) ? 60 : 30 * 60))
        #expect(timeline.policy == expected)
    }

    @Test func placeholderUsesTheRequestedScheme() throws {
        let request = try WidgetRequest(kind: .balance, family: .systemSmall, localeIdentifier: "en_US", deepLinkScheme: "MyBank")
        let timeline = WidgetTimeline.timeline(for: .refused(.loggedOut), request: request, now: F.now)
        #expect(timeline.entries[0].url?.absoluteString == "mybank://login")
    }

    @Test func samplePlaceholderIsInstantFullAndClearlySample() {
        for kind in WidgetKind.allCases {
            let entry = WidgetTimeline.placeholder(for: F.request(kind, .systemLarge, account: "not-in-sample"), at: F.now)
            #expect(entry.isSample)
            #expect(entry.state == .full)
            #expect(entry.date == F.now)
            let names = entry.accounts.map(\.name) + (entry.spending?.categories.map(\.name) ?? [])
            #expect(!names.isEmpty)
            #expect(names.allSatisfy { $0.hasPrefix("Sample") })
        }
    }

    @Test func samplePlaceholderIsRedactedLikeRealData() {
        let entry = WidgetTimeline.placeholder(for: F.request(.balance, .accessoryRectangular), at: F.now)
        #expect(entry.state == .masked)
        #expect(entry.reason == .privacy)
        #expect(entry.accounts.allSatisfy { $0.balance.text == Redaction.mask })
    }

    @Test func realEntriesAreNotMarkedSample() {
        #expect(!F.entry(F.content()).isSample)
    }

    @Test func requestRejectsABadSchemeOrInterval() {
        #expect(throws: TimelineError.invalidDeepLinkScheme) {
            try WidgetRequest(kind: .balance, family: .systemSmall, localeIdentifier: "en_US", deepLinkScheme: "bad scheme")
        }
        #expect(throws: TimelineError.invalidRefreshInterval(minimum: 60, maximum: 604_800)) {
            try WidgetRequest(kind: .balance, family: .systemSmall, localeIdentifier: "en_US", refreshInterval: .seconds(59))
        }
        #expect(throws: TimelineError.invalidRefreshInterval(minimum: 60, maximum: 604_800)) {
            try WidgetRequest(kind: .balance, family: .systemSmall, localeIdentifier: "en_US", refreshInterval: .seconds(7 * 24 * 3600) + .milliseconds(1))
        }
    }

    @Test func requestDefaultsMatchTheContract() throws {
        let request = WidgetRequest(kind: .spending, family: .systemLarge)
        #expect(request.localeIdentifier == "en_US")
        #expect(request.deepLinkScheme == "securebridge")
        #expect(request.refreshInterval == .seconds(1800))
        #expect(request.configuredAccountID == nil)
        #expect(!request.isPrivacyContext)
    }

    @Test func familyRawValuesAreTheWidgetKitNames() {
        #expect(BridgeFamily.allCases.map(\.rawValue) == [
            "systemSmall", "systemMedium", "systemLarge", "systemExtraLarge",
            "accessoryCircular", "accessoryRectangular", "accessoryInline",
        ])
    }
}
