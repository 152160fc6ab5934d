import Foundation
import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp
@testable import bridgectl
@testable import SecureBridgeTestSupport

/// The library states facts; `bridgectl` gives the advice.
@Suite struct AdviceTests {
    /// Every line of code (not comments) of the core that holds a string literal.
    static var coreCodeLines: [(file: String, line: String)] {
        get throws {
            // The core's modules (Package.swift), the umbrella aside: it holds no code.
            let sources = Bridgectl.packageRoot.appendingPathComponent("Sources/SecureBridge")
            let files = ["Platform", "Linux", "Formats", "Widget", "App"].flatMap { module in
                (FileManager.default.enumerator(atPath: sources.appendingPathComponent(module).path)?.compactMap { $0 as? String }
                    .filter { $0.hasSuffix(".swift") } ?? []).map { "\(module)/\($0)" }
            }
            #expect(files.count > 50)
            return try files.flatMap { file in
                try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
                    .split(separator: "\n")
                    .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") && $0.contains("\"") }
                    .map { (file, String($0)) }
            }
        }
    }

    @Test func noMessageOfTheCoreNamesACommandOrAFlag() throws {
        let offending = try Self.coreCodeLines.filter { $0.line.contains("bridgectl") || $0.line.contains("`--") }
        #expect(offending.isEmpty, "\(offending.map { "\($0.file): \($0.line)" })")
    }

    static let commandErrors: [(SessionError.Cause, String)] = [
        (.notOnboarded, "`bridgectl login --user ID`"),
        (.notLoggedIn, "`bridgectl login --user ID`"),
        (.alreadyLoggedIn(user: "alice"), "`bridgectl logout`"),
        (.sessionExpired, "`bridgectl login --user ID`"),
        (.staleAfterExceedsTTL, "(--stale-after)"),
        (.notNewestSnapshot(found: .snapshot(sequence: 3, epoch: 1), published: 4), "`bridgectl publish`"),
        (.unfinished(applied: .snapshotLive(sequence: 7), failure: .other(description: "No space left on device."), command: .publish), "`bridgectl publish`"),
        (.unfinished(applied: .sessionShown(.locked), failure: .other(description: "I/O error."), command: .lock), "`bridgectl lock`"),
        (.unfinished(applied: .snapshotLive(sequence: 1), failure: .other(description: "y."), command: .setHidesBalances(true)), "`bridgectl prefs --hide-balances on`"),
        (.unfinished(applied: .snapshotLive(sequence: 1), failure: .other(description: "y."), command: .rotateKeys), "`bridgectl keys rotate`"),
        (.damagedState, "`bridgectl logout`"),
        (.noSnapshot, "`bridgectl publish FILE`"),
        (.loggedOutInPart(destroyed: .init([.dataKeys]), kept: nil, failure: StorageError(.notDirectory(path: "/h/app"))), "`bridgectl logout`"),
    ]

    /// `inspect` after a logout says the container holds no snapshot, and how
    /// to get one, not another command's words.
    @Test func inspectAfterALogoutSaysThereIsNoSnapshot() async throws {
        try await EndToEndHome.with { home in
            try await home.login()
            try await home.publish(Examples.accounts)
            await #expect(try home.bridgectl("logout").succeeded)
            let result = try await home.bridgectl("inspect")
            #expect(result.status == 1, "\(result)")
            #expect(result.stderr.contains("The container holds no snapshot") && result.stderr.contains("`bridgectl publish FILE`"), "\(result)")
            #expect(!result.stderr.contains("re-seal"), "\(result)")
        }
    }

    @Test(arguments: commandErrors)
    func theCommandLineNamesTheCommandThatHelps(cause: SessionError.Cause, command: String) {
        let error = SessionError(cause)
        let advised = "\(Advice.error(for: error))"
        #expect(advised.contains(command), "\(advised)")
        #expect(!error.description.contains("bridgectl") && !error.description.contains("--"), "\(error.description)")
        #expect(advised.hasPrefix(String(error.description.prefix(12))), "the advice keeps the library's fact first")
    }

    @Test func errorsWithoutACommandPassThroughUnchanged() {
        #expect("\(Advice.error(for: SessionError(.wrongPasscode(attemptsLeft: 3))))" == SessionError(.wrongPasscode(attemptsLeft: 3)).description)
        #expect(Advice.error(for: StorageError(.homeUnknown)) is StorageError)
    }
}
