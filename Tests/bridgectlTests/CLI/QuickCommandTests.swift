import ArgumentParser
@testable import bridgectl
import Foundation
import Testing
@testable import SecureBridgeTestSupport

/// `QuickRead` and `QuickPublish` parse plain `bridgectl read` and `publish`
/// invocations without the argument parser; they must make exactly the plan
/// the argument parser makes, and leave everything else to it.
@Suite struct QuickCommandTests {
    /// What the argument parser makes of `bridgectl read ARGUMENTS`, or `nil` when it refuses them.
    static func parserPlan(_ arguments: [String]) -> BridgeCtl.ReadPlan? {
        guard let read = (try? BridgeCtl.parseAsRoot(["read"] + arguments)) as? BridgeCtl.Read else { return nil }
        return try? BridgeCtl.ReadPlan(read)
    }

    @Test(arguments: [
        ["--home", "/h"],
        ["--home=/h", "--format", "json"],
        ["--home", "/h", "--kind", "spending", "--family", "systemSmall", "--privacy"],
        ["--verbose", "--home", "/h", "--account", "acc-main", "--locale", "de_DE", "--scheme", "MyBank"],
        ["--home", "/h", "--now", "2026-11-21T16:00:00Z", "--format=text"],
        ["--home", "/h", "--now=2026-11-21T17:00:00.5+01:00", "--family=accessoryInline", "--kind=balance"],
        ["--app-dir", "/a", "--keychain-dir", "/k", "--container-dir", "/c", "--home", "/h"],
        ["--app-dir=/a", "--keychain-dir=/k", "--container-dir=/c"],
        ["--home", "/h", "--family", "systemMedium", "--locale", "fr_FR", "--privacy", "--verbose"],
    ])
    func plainReadsMakeTheArgumentParsersPlan(arguments: [String]) throws {
        let expected = try #require(Self.parserPlan(arguments))
        #expect(QuickRead.plan(for: ["read"] + arguments) == expected)
    }

    @Test(arguments: [
        ["--help"], ["-h"], ["--follow"], ["--follow", "--poll"], ["--poll"],
        ["--home", "/h", "--home", "/other"], ["--privacy", "--privacy"], ["--privacy=true"],
        ["--format", "yaml"], ["--kind", "savings"], ["--family", "huge"], ["--now", "tomorrow"],
        ["--home"], ["--home", "--format", "json"], ["--account", "-x"], ["--homes", "/h"], ["extra"], ["--"],
        ["--home", "/h", "--scheme", "not a scheme"],
        ["--home="], ["--home", "/h", "--container-dir="], ["--home", "/h", "--account="], ["--home", "/h", "--locale="],
    ])
    func everythingElseIsLeftToTheArgumentParser(arguments: [String]) {
        #expect(QuickRead.plan(for: ["read"] + arguments) == nil)
    }

    @Test(arguments: [[], ["status"], ["publish", "--home", "/h"], ["preview", "--home", "/h"], ["--home", "/h", "read"]])
    func onlyReadIsTaken(arguments: [String]) {
        #expect(QuickRead.plan(for: arguments) == nil)
    }

    /// Random argument lists from read's option names, values that are
    /// valid, invalid, empty or dashed, `=` forms and repeats: whatever
    /// `QuickRead` takes, the argument parser takes the same way.
    @Test func whateverQuickReadTakesTheArgumentParserTakesAlike() {
        let names = QuickRead.valueOptions + QuickRead.flags + ["--follow", "--help", "--homes", "-v", "read"]
        let values = [
            "/h", "", "-x", "balance", "spending", "systemSmall", "accessoryInline", "json", "text", "yaml",
            "de_DE", "MyBank", "acc-main", "2026-11-21T16:00:00Z", "soon", "a=b", "é",
        ]
        // Mostly with a home, so that the argument parser can make a plan at all.
        let (taken, differing) = Self.compare(
            seed: 5, names: names, values: values, home: ["--home", "/h"], positionals: false,
            quick: { QuickRead.plan(for: ["read"] + $0) }, parser: Self.parserPlan)
        #expect(differing.isEmpty, "\(differing.count) differ, first: read \(differing.first ?? [])")
        #expect(taken > Self.cases / 10)
    }

    /// Random argument lists from `names` and `values` (a name alone, `name
    /// value`, `name=value`, or a value alone when `positionals`), shuffled,
    /// three in four starting with `home`: how many the quick parser took,
    /// and those where its plan differs from the argument parser's.
    static let cases = Sweeps.cases(plain: 40, swept: 600)

    static func compare<Plan: Equatable>(
        seed: UInt64, names: [String], values: [String], home: [String], positionals: Bool,
        quick: ([String]) -> Plan?, parser: ([String]) -> Plan?
    ) -> (taken: Int, differing: [[String]]) {
        var generator = SeededGenerator(seed: seed)
        var taken = 0
        var differing: [[String]] = []
        for _ in 0..<cases {
            var arguments = Int.random(in: 0..<4, using: &generator) == 0 ? [] : home
            for _ in 0..<Int.random(in: 0...4, using: &generator) {
                let name = names.randomElement(using: &generator)!
                let value = values.randomElement(using: &generator)!
                switch Int.random(in: 0..<(positionals ? 4 : 3), using: &generator) {
                case 0: arguments.append(name)
                case 1: arguments += [name, value]
                case 2: arguments.append("\(name)=\(value)")
                default: arguments.append(value)
                }
            }
            arguments.shuffle(using: &generator)
            guard let plan = quick(arguments) else { continue }
            taken += 1
            if plan != parser(arguments) { differing.append(arguments) }
        }
        return (taken, differing)
    }

    /// A new `read` option must be taught to `QuickRead` too (or declined there on purpose).
    @Test func quickReadKnowsEveryOptionOfRead() throws {
        let help = BridgeCtl.helpMessage(for: BridgeCtl.Read.self, columns: 1000)
        let regex = try NSRegularExpression(pattern: "--[a-z][a-z-]*")
        let names = Set(regex.matches(in: help, range: NSRange(help.startIndex..., in: help)).map {
            String(help[Range($0.range, in: help)!])
        })
        let declined: Set = ["--help", "--version", "--follow", "--poll", "--ignore-desktop-lock"]
        #expect(names == declined.union(QuickRead.valueOptions).union(QuickRead.flags))
    }

    // MARK: publish

    /// What the argument parser makes of `bridgectl publish ARGUMENTS`, or `nil` when it refuses them.
    static func parserPublishPlan(_ arguments: [String]) -> BridgeCtl.PublishPlan? {
        guard let publish = (try? BridgeCtl.parseAsRoot(["publish"] + arguments)) as? BridgeCtl.Publish else { return nil }
        return BridgeCtl.PublishPlan(
            home: publish.options.home, appDirectory: publish.options.appDirectory,
            keychainDirectory: publish.options.keychainDirectory, containerDirectory: publish.options.containerDirectory,
            file: publish.file, ttl: publish.ttl, staleAfter: publish.staleAfter)
    }

    @Test(arguments: [
        [], ["accounts.json"], ["-"], ["--home", "/h", "accounts.json"], ["accounts.json", "--home=/h", "--ttl", "12h"],
        ["--stale-after", "30m", "--ttl=2d", "-", "--verbose"],
        ["--app-dir", "/a", "--keychain-dir=/k", "--container-dir", "/c", "in.json"],
    ])
    func plainPublishesMakeTheArgumentParsersPlan(arguments: [String]) throws {
        let expected = try #require(Self.parserPublishPlan(arguments))
        #expect(QuickPublish.plan(for: ["publish"] + arguments) == expected)
    }

    @Test(arguments: [
        ["--help"], ["a.json", "b.json"], ["--ttl"], ["--ttl", "-1h"], ["--ttl="], ["--home", "/h", "--home", "/g"],
        ["--verbose=yes"], ["--", "a.json"], ["--dry-run"], ["-v"],
        // Durations it cannot take: the argument parser's usage error names them.
        ["--ttl", "400d", "x"], ["--ttl", "soon"], ["--ttl", "30m", "--stale-after", "2h"],
    ])
    func everyOtherPublishIsLeftToTheArgumentParser(arguments: [String]) {
        #expect(QuickPublish.plan(for: ["publish"] + arguments) == nil)
    }

    /// Random argument lists from publish's option names, files and values:
    /// whatever `QuickPublish` takes, the argument parser takes the same way.
    @Test func whateverQuickPublishTakesTheArgumentParserTakesAlike() {
        let names = QuickPublish.valueOptions + QuickPublish.flags + ["--help", "--homes", "-v", "publish", "--"]
        let values = ["/h", "", "-x", "-", "12h", "1h", "soon", "a.json", "a=b", "é"]
        let (taken, differing) = Self.compare(
            seed: 7, names: names, values: values, home: ["--home", "/h"], positionals: true,
            quick: { QuickPublish.plan(for: ["publish"] + $0) }, parser: Self.parserPublishPlan)
        #expect(differing.isEmpty, "\(differing.count) differ, first: publish \(differing.first ?? [])")
        #expect(taken > Self.cases / 10)
    }

    /// A new `publish` option must be taught to `QuickPublish` too.
    @Test func quickPublishKnowsEveryOptionOfPublish() throws {
        let help = BridgeCtl.helpMessage(for: BridgeCtl.Publish.self, columns: 1000)
        let regex = try NSRegularExpression(pattern: "--[a-z][a-z-]*")
        let names = Set(regex.matches(in: help, range: NSRange(help.startIndex..., in: help)).map {
            String(help[Range($0.range, in: help)!])
        })
        #expect(names == Set(["--help", "--version"]).union(QuickPublish.valueOptions).union(QuickPublish.flags)
            .union(QuickPublish.journalOptions))
    }
}
