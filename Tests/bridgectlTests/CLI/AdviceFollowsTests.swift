import Foundation
import Testing
@testable import SecureBridgeTestSupport

/// Every piece of advice `bridgectl` prints, followed literally.
///
/// Each case puts a home into a state, runs the command whose error (or the
/// `doctor` line whose fix) gives the advice, then runs every command the
/// advice quotes between backticks, as written: `bridgectl …` against the
/// same home (`ID` is a user the advice cannot know, `FILE` a file of accounts, `HOME` the home;
/// a passcode typed when asked), anything else through `/bin/sh`. An advice
/// that leads to another (publish after a logout says to log in first) is
/// followed in turn. The home must then be healthy: the command that failed
/// succeeds, the finding is gone, and `bridgectl doctor` exits 0.
@Suite struct AdviceFollowsTests {
    /// Where the advice comes from.
    enum Source: Sendable, CustomStringConvertible {
        /// The error of a command (its arguments, without `--home`).
        case error([String])
        /// The fix of the `doctor` line holding this text.
        case doctor(String)

        var description: String {
            switch self {
            case let .error(arguments): "bridgectl \(arguments.joined(separator: " "))"
            case let .doctor(text): "doctor: \(text)"
            }
        }
    }

    struct Case: Sendable, CustomStringConvertible {
        let name: String
        /// Puts the home into the state.
        let setUp: @Sendable (EndToEndHome) async throws -> Void
        let source: Source
        /// A command the advice must quote.
        let quotes: String
        /// Only root can make the state (another owner's file).
        var needsRoot = false
        /// Whether the command succeeds when run again after the advice
        /// (not a logout the advice itself finished).
        var succeedsAgain = true
        /// Whether doctor must print this fix alone: the state's other findings
        /// follow from the cause and print none (their fixes would fail first).
        var fixIsTheOnlyOne = false

        var description: String { name }
    }

    /// The passcode every case logs in with.
    static let passcode = EndToEndHome.passcode

    static let cases: [Case] = [
        // Errors of app-side commands (`Advice`).
        Case(name: "publish before onboarding", setUp: { _ in }, source: .error(["publish", Examples.accounts]),
             quotes: "bridgectl login --user ID"),
        Case(name: "lock after a logout", setUp: { home in
            try await home.login()
            try await #require(try home.bridgectl("logout").succeeded)
        }, source: .error(["lock"]), quotes: "bridgectl login --user alice"),
        Case(name: "login while logged in", setUp: { home in try await home.login() },
             source: .error(["login", "--user", "bob", "--passcode-stdin"]), quotes: "bridgectl logout"),
        Case(name: "publish after the session expired", setUp: { home in
            try await home.login(sessionTTL: "1s")
            try await Task.sleep(for: .seconds(1.2))
        }, source: .error(["publish", Examples.accounts]), quotes: "bridgectl login --user alice"),
        Case(name: "publish with a damaged app state", setUp: { home in
            try await home.login()
            try Data("{ not json".utf8).write(to: URL(fileURLWithPath: home.path("app/state.json")))
        }, source: .error(["publish", Examples.accounts]), quotes: "bridgectl logout"),
        Case(name: "inspect with no snapshot", setUp: { home in try await home.login() },
             source: .error(["inspect"]), quotes: "bridgectl publish FILE"),
        Case(name: "inspect after a logout", setUp: published { home in
            try await #require(try home.bridgectl("logout").succeeded)
        }, source: .error(["inspect"]), quotes: "bridgectl publish FILE"),
        Case(name: "rotate while the container holds an older snapshot", setUp: published { home in
            let old = try Data(contentsOf: URL(fileURLWithPath: home.path("container/snapshot")))
            try await home.publish(Examples.spending)
            try old.write(to: URL(fileURLWithPath: home.path("container/snapshot")))
        }, source: .error(["keys", "rotate"]), quotes: "bridgectl publish"),

        Case(name: "logout with the app place open to others", setUp: published { home in
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: home.path("app"))
        }, source: .error(["logout"]), quotes: "chmod 700", succeedsAgain: false),

        // Fixes of `doctor` lines.
        Case(name: "a fresh home", setUp: { _ in }, source: .doctor("nothing is set up yet"),
             quotes: "bridgectl login --user ID"),
        Case(name: "a fresh home's widget", setUp: { _ in }, source: .doctor("(not-onboarded)"),
             quotes: "bridgectl login --user ID"),
        Case(name: "logged out", setUp: { home in
            try await home.login()
            try await #require(try home.bridgectl("logout").succeeded)
        }, source: .doctor("logged out: widgets show the login placeholder"), quotes: "bridgectl login --user alice"),
        Case(name: "session expired", setUp: { home in
            try await home.login(sessionTTL: "1s")
            try await Task.sleep(for: .seconds(1.2))
        }, source: .doctor("the session expired"), quotes: "bridgectl login --user alice"),
        Case(name: "nothing published", setUp: { home in try await home.login() },
             source: .doctor("no snapshot has been published"), quotes: "bridgectl publish FILE"),
        Case(name: "locked", setUp: published { home in
            try await #require(try home.bridgectl("lock").succeeded)
        }, source: .doctor("(locked)"), quotes: "bridgectl unlock"),
        Case(name: "balances hidden", setUp: published { home in
            try await #require(try home.bridgectl("prefs", "--hide-balances", "on").succeeded)
        }, source: .doctor("(hidden)"), quotes: "bridgectl prefs --hide-balances off"),
        Case(name: "a damaged app state", setUp: { home in
            try await home.login()
            try Data("{ not json".utf8).write(to: URL(fileURLWithPath: home.path("app/state.json")))
        }, source: .doctor("state.json"), quotes: "bridgectl logout"),
        Case(name: "a group-readable signing key", setUp: published { home in
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: home.path("app/signing-key.pem"))
        }, source: .doctor("signing-key.pem is readable by group or others"), quotes: "chmod 600"),
        Case(name: "an open keychain directory", setUp: published { home in
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: home.path("keychain"))
        }, source: .doctor("keychain"), quotes: "chmod 700"),
        Case(name: "a keyset with a second name", setUp: published { home in
            try FileManager.default.linkItem(atPath: home.path("keychain/keyset"), toPath: home.root.path + "/keyset-link")
        }, source: .doctor("keyset"), quotes: "cp -p"),
        Case(name: "the pinned key missing", setUp: published { home in
            try FileManager.default.removeItem(atPath: home.path("keychain/publisher.pub"))
        }, source: .doctor("pinned publisher key"), quotes: "openssl pkey"),
        Case(name: "the pinned key damaged", setUp: published { home in
            try Data("not a key\n".utf8).write(to: URL(fileURLWithPath: home.path("keychain/publisher.pub")))
        }, source: .doctor("is not an Ed25519 public key"), quotes: "openssl pkey"),
        Case(name: "the signing key missing", setUp: published { home in
            try FileManager.default.removeItem(atPath: home.path("app/signing-key.pem"))
        }, source: .doctor("signing key"), quotes: "mv"),
        Case(name: "the signing key damaged", setUp: published { home in
            try Data("-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n".utf8)
                .write(to: URL(fileURLWithPath: home.path("app/signing-key.pem")))
        }, source: .doctor("is not an Ed25519 private key"), quotes: "mv"),
        Case(name: "another key pinned", setUp: published { home in
            try await EndToEndHome.with { other in
                try await other.login()
                let pin = try Data(contentsOf: URL(fileURLWithPath: other.path("keychain/publisher.pub")))
                try pin.write(to: URL(fileURLWithPath: home.path("keychain/publisher.pub")))
            }
        }, source: .doctor("is not the app's signing key"), quotes: "mv"),
        Case(name: "a place missing", setUp: published { home in
            try FileManager.default.removeItem(atPath: home.path("container"))
        }, source: .doctor("is missing while the other places exist"), quotes: "bridgectl logout; bridgectl login --user alice"),
        Case(name: "a leftover temporary file in the app place", setUp: published { home in
            try #require(FileManager.default.createFile(atPath: home.path("app/.state.json.tmp-0123456789abcdef"), contents: Data("{}".utf8),
                                           attributes: [.posixPermissions: 0o600]))
        }, source: .doctor("leftover temporary file"), quotes: "rm -f"),
        Case(name: "a leftover temporary file in the container", setUp: published { home in
            try #require(FileManager.default.createFile(atPath: home.path("container/.snapshot.tmp-0123456789abcdef"), contents: Data(),
                                           attributes: [.posixPermissions: 0o600]))
        }, source: .doctor("leftover temporary file"), quotes: "bridgectl publish"),
        Case(name: "the snapshot a symbolic link", setUp: published { home in
            try FileManager.default.moveItem(atPath: home.path("container/snapshot"), toPath: home.root.path + "/elsewhere")
            try FileManager.default.createSymbolicLink(atPath: home.path("container/snapshot"), withDestinationPath: home.root.path + "/elsewhere")
        }, source: .doctor("is a symbolic link"), quotes: "rm"),
        Case(name: "the container a file", setUp: published { home in
            try FileManager.default.removeItem(atPath: home.path("container"))
            try #require(FileManager.default.createFile(atPath: home.path("container"), contents: Data(), attributes: [.posixPermissions: 0o600]))
        }, source: .doctor("is not a directory"), quotes: "mv"),
        Case(name: "a snapshot too large", setUp: published { home in
            try Data(repeating: 0, count: 8 << 20).write(to: URL(fileURLWithPath: home.path("container/snapshot")))
        }, source: .doctor("is larger than"), quotes: "rm"),
        Case(name: "the keyset a directory", setUp: published { home in
            try FileManager.default.removeItem(atPath: home.path("keychain/keyset"))
            try FileManager.default.createDirectory(atPath: home.path("keychain/keyset"), withIntermediateDirectories: false,
                                                    attributes: [.posixPermissions: 0o700])
        }, source: .doctor("is not a regular file"), quotes: "rm -r"),
        Case(name: "the home's parent writable by others", setUp: published { home in
            try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: home.root.path)
        }, source: .doctor("writable by group or others without the sticky bit"), quotes: "chmod go-w"),
        Case(name: "a key file of another owner", setUp: published { home in
            try FileManager.default.setAttributes([.ownerAccountID: 65_534], ofItemAtPath: home.path("app/signing-key.pem"))
        }, source: .doctor("is owned by uid 65534"), quotes: "chown", needsRoot: true),
        Case(name: "the marks damaged", setUp: published { home in
            try Data("garbage".utf8).write(to: URL(fileURLWithPath: home.path("keychain/marks")))
        }, source: .doctor("high-water marks"), quotes: "bridgectl publish FILE"),
        Case(name: "the marks damaged after a logout", setUp: published { home in
            try await #require(try home.bridgectl("logout").succeeded)
            try Data("garbage".utf8).write(to: URL(fileURLWithPath: home.path("keychain/marks")))
        }, source: .doctor("high-water marks"), quotes: "bridgectl login --user alice"),
        Case(name: "the keychain's choice of store damaged", setUp: published { home in
            try Data("keyring\n".utf8).write(to: URL(fileURLWithPath: home.path("keychain/store")))
        }, source: .doctor("choice of store"), quotes: "rm"),
        Case(name: "the keyset missing", setUp: published { home in
            try FileManager.default.removeItem(atPath: home.path("keychain/keyset"))
        }, source: .doctor("the data keyset"), quotes: "bridgectl logout; bridgectl login --user alice"),
        Case(name: "the keyset damaged", setUp: published { home in
            try Data("SBKS garbage".utf8).write(to: URL(fileURLWithPath: home.path("keychain/keyset")))
        }, source: .doctor("is not a valid data keyset"), quotes: "bridgectl logout; bridgectl login --user alice"),
        Case(name: "a keyset restored after a logout", setUp: published { home in
            let keyset = try Data(contentsOf: URL(fileURLWithPath: home.path("keychain/keyset")))
            try await #require(try home.bridgectl("logout").succeeded)
            try keyset.write(to: URL(fileURLWithPath: home.path("keychain/keyset")))
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: home.path("keychain/keyset"))
        }, source: .doctor("a data keyset is present although no session is live"), quotes: "rm"),
        Case(name: "the snapshot tampered", setUp: published { home in
            try flipLastByte(home.path("container/snapshot"))
        }, source: .doctor("(tampered)"), quotes: "bridgectl publish FILE"),
        Case(name: "the onboarding record tampered", setUp: published { home in
            try flipLastByte(home.path("container/onboarding"))
        }, source: .doctor("(tampered)"), quotes: "bridgectl logout"),
        Case(name: "the auth status tampered", setUp: published { home in
            try flipLastByte(home.path("container/auth-status"))
        }, source: .doctor("(tampered)"), quotes: "bridgectl logout"),
        Case(name: "an older snapshot put back", setUp: published { home in
            let old = try Data(contentsOf: URL(fileURLWithPath: home.path("container/snapshot")))
            try await home.publish(Examples.spending)
            try old.write(to: URL(fileURLWithPath: home.path("container/snapshot")))
        }, source: .doctor("(rollback)"), quotes: "bridgectl publish FILE"),
        // One cause, its consequences under it without a fix of their own.
        Case(name: "the container open to others", setUp: published { home in
            try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: home.path("container"))
        }, source: .doctor("container/ must be closed to them"), quotes: "chmod 700", fixIsTheOnlyOne: true),
        Case(name: "the auth status removed", setUp: published { home in
            try FileManager.default.removeItem(atPath: home.path("container/auth-status"))
        }, source: .doctor("auth-status is missing"), quotes: "bridgectl unlock", fixIsTheOnlyOne: true),
        Case(name: "stale data", setUp: { home in
            try await home.login()
            try await home.publish(Examples.accounts, options: ["--stale-after", "1s", "--ttl", "1h"])
            try await Task.sleep(for: .seconds(1.2))
        }, source: .doctor("(stale)"), quotes: "bridgectl publish FILE"),
        Case(name: "expired data", setUp: { home in
            try await home.login()
            try await home.publish(Examples.accounts, options: ["--stale-after", "1s", "--ttl", "1s"])
            try await Task.sleep(for: .seconds(1.2))
        }, source: .doctor("(expired)"), quotes: "bridgectl publish FILE"),
    ]

    /// A home logged in with `examples/accounts.json` published, then `damage`.
    static func published(_ damage: @escaping @Sendable (EndToEndHome) async throws -> Void) -> @Sendable (EndToEndHome) async throws -> Void {
        { home in
            try await home.login()
            try await home.publish(Examples.accounts)
            try await damage(home)
        }
    }

    static func flipLastByte(_ path: String) throws {
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        bytes[bytes.count - 1] ^= 0x01
        try bytes.write(to: URL(fileURLWithPath: path))
    }

    @Test(.sweep, arguments: cases)
    func followingTheAdviceLiterallyHeals(_ advice: Case) async throws {
        if advice.needsRoot, geteuid() != 0 {
            // Said, not skipped silently: CI runs as root, where this case runs.
            print("AdviceFollowsTests: \(advice) needs root to give a file another owner; not run as uid \(geteuid())")
            return
        }
        try await EndToEndHome.with { home in
            try await advice.setUp(home)
            if advice.fixIsTheOnlyOne {
                let fixes = try await home.bridgectl("doctor").stdout.split(separator: "\n").filter { $0.contains(" — fix: ") }
                #expect(fixes.count == 1, "\(advice): doctor prints \(fixes.count) fixes: \(fixes)")
            }
            let text = try await self.advice(from: advice.source, in: home)
            #expect(text.contains("`\(advice.quotes)") || text.contains("`\(advice.quotes) "), "\(advice): \(text)")
            try await follow(text, in: home)
            switch advice.source {
            case let .error(arguments) where advice.succeedsAgain:
                let again = try await run(arguments, in: home)
                #expect(again.succeeded, "\(advice): after following the advice, \(again)")
            case .error:
                break
            case let .doctor(line):
                let report = try await home.bridgectl("doctor")
                let still = report.stdout.split(separator: "\n").filter { $0.contains(line) && !$0.hasPrefix("ok ") }
                #expect(still.isEmpty, "\(advice): after following the advice, doctor still says \(still)")
            }
            let doctor = try await home.bridgectl("doctor")
            #expect(doctor.succeeded, "\(advice): the home is not healthy after following the advice:\n\(doctor.stdout)")
        }
    }

    @Test func theCasesCoverEveryAdviceOfTheCommandsThatCanFail() {
        // The session errors with advice, less the one no test can put a home
        // into without cutting a command short (`unfinished`, which the fault
        // tests follow).
        let covered = Set(Self.cases.compactMap { advice -> String? in
            if case .error = advice.source { return advice.quotes }
            return nil
        })
        #expect(covered.isSuperset(of: ["bridgectl login --user ID", "bridgectl login --user alice", "bridgectl logout", "bridgectl publish FILE", "bridgectl publish"]))
        #expect(Self.cases.count >= 47)
    }

    // MARK: The follower

    /// The advice the source prints now.
    private func advice(from source: Source, in home: EndToEndHome) async throws -> String {
        switch source {
        case let .error(arguments):
            let result = try await run(arguments, in: home)
            try #require(!result.succeeded, "\(source) succeeded: \(result)")
            return result.stderr
        case let .doctor(line):
            let report = try await home.bridgectl("doctor")
            let found = report.stdout.split(separator: "\n").first { $0.contains(line) && $0.contains(" — fix: ") }
            let finding = try #require(found, "doctor has no line with '\(line)' and a fix:\n\(report.stdout)")
            return String(finding[finding.range(of: " — fix: ")!.upperBound...])
        }
    }

    /// Follows `text`: its first alternative (the part before an ", or")
    /// that quotes a command, every command it quotes in order. A
    /// `bridgectl` command that fails with advice of its own has that advice
    /// followed first, then runs again.
    private func follow(_ text: String, in home: EndToEndHome, depth: Int = 0) async throws {
        try #require(depth < 3, "advice leads to advice more than three deep: \(text)")
        let alternatives = text.components(separatedBy: ", or ").flatMap { $0.components(separatedBy: "; else ") }
            .filter { $0.contains("`") }
        let commands = quotedCommands(alternatives.first ?? text).flatMap { snippet in
            snippet.components(separatedBy: ";").flatMap { $0.components(separatedBy: "&&") }
                .map { $0.trimmingCharacters(in: .whitespaces) }
        }
        for command in commands {
            if command.hasPrefix("bridgectl ") {
                let words = command.split(separator: " ").dropFirst().map { word -> String in
                    switch word {
                    case "ID": "alice"
                    case "FILE": Examples.accounts
                    default: String(word)
                    }
                }
                var result = try await run(words, in: home)
                if !result.succeeded, result.stderr.contains("`") {
                    try await follow(result.stderr, in: home, depth: depth + 1)
                    result = try await run(words, in: home)
                }
                #expect(result.succeeded, "`\(command)`, quoted by the advice, fails: \(result)")
            } else {
                let shell = Process()
                shell.executableURL = URL(fileURLWithPath: "/bin/sh")
                shell.arguments = ["-c", command]
                shell.currentDirectoryURL = home.root
                try shell.run()
                shell.waitUntilExit()
                #expect(shell.terminationStatus == 0, "`\(command)`, quoted by the advice, fails")
            }
        }
    }

    /// The commands `text` quotes between backticks, in order; a quoted
    /// path (`/home/…/app`) names a file, not a command.
    private func quotedCommands(_ text: String) -> [String] {
        text.split(separator: "`", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }.map { String($0.element) }
            .filter { !$0.hasPrefix("/") && !$0.hasPrefix("'/") }
    }

    /// `bridgectl arguments --home HOME`, with the passcode when the command asks for one,
    /// and a file of accounts on standard input for a `publish` without one.
    private func run(_ arguments: [String], in home: EndToEndHome) async throws -> Bridgectl.Output {
        var arguments = arguments
        var input = ""
        if ["login", "unlock"].contains(arguments.first) {
            if !arguments.contains("--passcode-stdin") { arguments.append("--passcode-stdin") }
            input = Self.passcode + "\n"
        }
        if arguments == ["publish"] {
            input = try String(contentsOfFile: Examples.accounts, encoding: .utf8)
        }
        return try await home.bridgectl(arguments, standardInput: input)
    }
}
