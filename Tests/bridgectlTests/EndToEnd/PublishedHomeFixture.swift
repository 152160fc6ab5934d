import Foundation
import Testing
@testable import SecureBridgeTestSupport

/// One home, logged in for 7 days and holding `examples/accounts.json`
/// (stale after 1 h, expired after 24 h), made once for a whole suite.
///
/// Tests that share it may only run commands that change nothing: `read`
/// with `--now` (a what-if read), `status` and `inspect`. Tests that change
/// state make their own `EndToEndHome`.
struct PublishedHome: Sendable {
    let home: EndToEndHome
    let issuedAt: Date
    let staleAt: Date
    let expiresAt: Date
    let sessionExpiresAt: Date
    let epoch: Int
    let sequence: Int

    /// A quiet moment: a minute after publishing, well before anything expires.
    var activeInstant: String { Instant.text(issuedAt.addingTimeInterval(60)) }

    /// The fixture of the suite that is running, set by `.publishedHome`.
    @TaskLocal static var current: PublishedHome?

    /// The fixture of the running suite; the test stops if the suite lacks the trait.
    static func shared(sourceLocation: SourceLocation = #_sourceLocation) throws -> PublishedHome {
        try #require(current, "this suite needs the .publishedHome trait", sourceLocation: sourceLocation)
    }

    static func make(in home: EndToEndHome) async throws -> PublishedHome {
        try await home.login(user: "alice", sessionTTL: "7d")
        try await home.publish(Examples.accounts, options: ["--stale-after", "1h", "--ttl", "24h"])
        let status = try await home.status()
        return PublishedHome(
            home: home,
            issuedAt: try Instant.date(try #require(status.issuedAt)),
            staleAt: try Instant.date(try #require(status.staleAt)),
            expiresAt: try Instant.date(try #require(status.expiresAt)),
            sessionExpiresAt: try Instant.date(try #require(status.sessionExpiresAt)),
            epoch: try #require(status.epoch),
            sequence: try #require(status.snapshotSequence))
    }
}

/// Makes one `PublishedHome` before a suite's tests run and removes it after.
struct PublishedHomeTrait: SuiteTrait, TestScoping {
    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        let home = try EndToEndHome()
        defer { home.remove() }
        let fixture = try await PublishedHome.make(in: home)
        try await PublishedHome.$current.withValue(fixture) {
            try await function()
        }
    }
}

extension Trait where Self == PublishedHomeTrait {
    /// Shares one published home (read-only) among the suite's tests.
    static var publishedHome: Self { Self() }
}
