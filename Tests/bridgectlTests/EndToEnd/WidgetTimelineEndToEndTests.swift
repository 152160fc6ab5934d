import Foundation
import Testing
@testable import SecureBridgeTestSupport

/// What a widget shows for one published home, read at different instants
/// and in different families. Every read here is a what-if read (`--now`),
/// so the shared home never changes.
@Suite(.publishedHome)
struct WidgetTimelineEndToEndTests {
    static let allAccountIDs = ["acc-main", "acc-usd", "acc-gbp", "acc-chf", "acc-jpy"]

    @Test func activeSessionShowsFormattedBalancesAndOnlyTheLastFourOfEachIBAN() async throws {
        let fixture = try PublishedHome.shared()
        let output = try await fixture.home.read("--family", "systemMedium", "--now", fixture.activeInstant)

        #expect(output.kind == "balance")
        #expect(output.family == "systemMedium")
        let entry = output.current
        #expect(entry.state == "full")
        #expect(entry.reason == nil)
        #expect(entry.date == fixture.activeInstant)
        #expect(!(entry.title ?? "").isEmpty)
        let main = try #require(entry.accounts.first)
        #expect(main.id == "acc-main")
        #expect(main.name == "Everyday Account")
        #expect(main.balance == "€4,675.00")
        #expect(main.type == "main")
        #expect(main.iban == "•••• 3000")
        #expect(entry.accounts.map(\.balance).contains("$12,850.40"))
        for account in entry.accounts {
            #expect(account.url == "securebridge://account/\(account.id)")
        }
        for iban in ExampleSecrets.numbers.values {
            #expect(!output.raw.contains(ExampleSecrets.normalized(iban)))
        }
    }

    @Test func activeSessionReloadsAfterTheRefreshInterval() async throws {
        let fixture = try PublishedHome.shared()
        let now = fixture.issuedAt.addingTimeInterval(60)
        let output = try await fixture.home.read("--now", Instant.text(now))

        #expect(output.policyKind == "after")
        // The next transition (stale, 59 minutes away) is later than the 30-minute refresh.
        #expect(output.policyDate == Instant.text(now.addingTimeInterval(30 * 60)))
    }

    @Test func reloadComesAtTheNextTransitionWhenThatIsSooner() async throws {
        let fixture = try PublishedHome.shared()
        let output = try await fixture.home.read("--now", Instant.text(fixture.staleAt.addingTimeInterval(-10 * 60)))

        #expect(output.current.reason == nil)
        #expect(output.policyKind == "after")
        #expect(output.policyDate == Instant.text(fixture.staleAt))
    }

    @Test func timelinePreSchedulesTheStaleAndExpiredEntries() async throws {
        let fixture = try PublishedHome.shared()
        let output = try await fixture.home.read("--now", fixture.activeInstant)

        #expect(output.entries.map(\.date) == [
            fixture.activeInstant, Instant.text(fixture.staleAt), Instant.text(fixture.expiresAt),
        ])
        #expect(output.entries.map(\.state) == ["full", "full", "masked"])
        #expect(output.entries.map(\.reason) == [nil, "stale", "expired"])
    }

    @Test func whatIfReadAtEachScheduledInstantShowsWhatTheTimelineScheduled() async throws {
        let fixture = try PublishedHome.shared()
        let timeline = try await fixture.home.read("--now", fixture.activeInstant)

        for entry in timeline.entries {
            let later = try await fixture.home.read("--now", entry.date).current
            #expect(later.state == entry.state, "at \(entry.date)")
            #expect(later.reason == entry.reason, "at \(entry.date)")
            #expect(later.accounts.map(\.balance) == entry.accounts.map(\.balance), "at \(entry.date)")
        }
    }

    @Test(arguments: [("systemSmall", 1), ("systemMedium", 3), ("systemLarge", 5)])
    func systemFamilyShowsItsNumberOfAccountsMainFirst(family: String, count: Int) async throws {
        let fixture = try PublishedHome.shared()
        let output = try await fixture.home.read("--family", family, "--now", fixture.activeInstant)

        #expect(output.family == family)
        #expect(output.current.state == "full")
        #expect(output.current.reason == nil)
        let ids = output.current.accounts.map(\.id)
        #expect(ids.count == count)
        #expect(ids.first == "acc-main")
        #expect(Set(ids).count == ids.count)
        #expect(Set(ids).isSubset(of: Self.allAccountIDs))
    }

    @Test(arguments: ["accessoryCircular", "accessoryRectangular", "accessoryInline"])
    func lockScreenFamilyNeverShowsAmounts(family: String) async throws {
        let fixture = try PublishedHome.shared()
        let output = try await fixture.home.read("--family", family, "--now", fixture.activeInstant)

        #expect(output.family == family)
        #expect(output.current.state == "masked")
        #expect(output.current.reason == "privacy")
        #expect(!output.entries.contains { $0.state == "full" })
    }

    @Test func configuredAccountIsTheOneTheSmallWidgetShows() async throws {
        let fixture = try PublishedHome.shared()
        let output = try await fixture.home.read(
            "--family", "systemSmall", "--account", "acc-usd", "--now", fixture.activeInstant)

        #expect(output.current.state == "full")
        #expect(output.current.accounts.map(\.id) == ["acc-usd"])
        #expect(output.current.accounts.first?.balance == "$12,850.40")
        #expect(output.current.accounts.first?.url == "securebridge://account/acc-usd")
    }

    @Test func unknownConfiguredAccountShowsTheNoDataPlaceholder() async throws {
        let fixture = try PublishedHome.shared()
        let output = try await fixture.home.read(
            "--family", "systemSmall", "--account", "acc-closed", "--now", fixture.activeInstant)

        #expect(output.current.state == "placeholder")
        #expect(output.current.reason == "no-data")
    }

    @Test func privacyContextMasksEveryAmount() async throws {
        let fixture = try PublishedHome.shared()
        let output = try await fixture.home.read("--privacy", "--now", fixture.activeInstant)

        #expect(output.current.state == "masked")
        #expect(output.current.reason == "privacy")
        #expect(output.current.accounts.first?.id == "acc-main")
        #expect(!output.entries.contains { $0.state == "full" })
    }

    @Test func afterTheSoftTTLBalancesShowFlaggedStale() async throws {
        let fixture = try PublishedHome.shared()
        let output = try await fixture.home.read("--now", Instant.text(fixture.issuedAt.addingTimeInterval(2 * 3600)))

        #expect(output.current.state == "full")
        #expect(output.current.reason == "stale")
        #expect(output.current.accounts.first?.balance == "€4,675.00")
    }

    @Test func afterTheHardTTLAmountsAreMaskedAsExpired() async throws {
        let fixture = try PublishedHome.shared()
        let output = try await fixture.home.read("--now", Instant.text(fixture.issuedAt.addingTimeInterval(25 * 3600)))

        #expect(output.current.state == "masked")
        #expect(output.current.reason == "expired")
        #expect(!output.entries.contains { $0.state == "full" })
    }

    @Test func afterTheSessionEndsTheWidgetShowsTheSessionExpiredPlaceholder() async throws {
        let fixture = try PublishedHome.shared()
        for instant in [fixture.sessionExpiresAt, fixture.sessionExpiresAt.addingTimeInterval(3600)] {
            let output = try await fixture.home.read("--now", Instant.text(instant))

            #expect(output.current.state == "placeholder", "at \(Instant.text(instant))")
            #expect(output.current.reason == "session-expired", "at \(Instant.text(instant))")
            #expect(output.current.url == "securebridge://login")
            #expect(output.policyKind == "never")
        }
    }

    @Test func statusReportsTheActiveSessionAsJSON() async throws {
        let fixture = try PublishedHome.shared()
        let status = try await fixture.home.status()

        #expect(status.state == "active")
        #expect(status.epoch == fixture.epoch)
        #expect(status.snapshotEpoch == fixture.epoch)
        #expect(status.snapshotSequence == fixture.sequence)
        let text = try await fixture.home.bridgectl("status")
        #expect(text.succeeded)
        expectNoAmounts(in: text.stdout + (try await fixture.home.bridgectl("status", "--format", "json").stdout), "status")
    }

    @Test func inspectPrintsTheClearHeaderButNoAccountData() async throws {
        let fixture = try PublishedHome.shared()
        let result = try await fixture.home.bridgectl("inspect")

        try #require(result.succeeded, "\(result)")
        let lines = result.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines.contains("sequence: \(fixture.sequence)"))
        #expect(lines.contains("epoch: \(fixture.epoch)"))
        expectNoAmounts(in: result.stdout, "inspect")
        for name in ["Everyday Account", "Dollar Account", "Sterling Current", "Zürich Savings", "Yen Travel Wallet"] {
            #expect(!result.stdout.contains(name))
        }
        for iban in ExampleSecrets.numbers.values {
            #expect(!result.stdout.contains(ExampleSecrets.normalized(iban)))
            #expect(!result.stdout.contains(iban))
        }
    }
}
