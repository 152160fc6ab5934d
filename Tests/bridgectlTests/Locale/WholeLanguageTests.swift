import Foundation
import Testing
@testable import SecureBridgeTestSupport

/// A copied `bridgectl` speaks its language whole (the translations are in
/// the binary), `demo` follows the locale as `read` does, and `open` says
/// when the snapshot does not list the account a link names.
@Suite struct WholeLanguageTests {
    /// `bridgectl` copied alone into an empty directory, as a user copies a static executable.
    private static func copiedAlone(into directory: URL) throws -> String {
        let copy = directory.appendingPathComponent("bridgectl").path
        try FileManager.default.copyItem(atPath: Bridgectl.binary.get(), toPath: copy)
        return copy
    }

    /// Runs the copy. A child another test spawns while the copy was being
    /// written may briefly hold it open (ETXTBSY): that start is tried again.
    private static func run(_ executable: String, _ arguments: [String], setting: [String: String] = [:]) async throws -> Bridgectl.Output {
        var attempt = 0
        while true {
            attempt += 1
            do {
                return try await Bridgectl.slots.holding {
                    try await Bridgectl.Child(executable: executable, arguments: arguments, setting: setting).finish()
                }
            } catch let failure as Bridgectl.Failure where failure.description.hasSuffix("Text file busy.") && attempt < 50 {
                try await Task.sleep(for: .milliseconds(20))
            }
        }
    }

    @Test func aCopiedBinaryAloneReadsAWholeGermanLine() async throws {
        try await EndToEndHome.with { home in
            try await home.login()
            try await home.publish(Examples.accounts)
            let published = try #require(try await home.status().issuedAt)
            let copy = try Self.copiedAlone(into: home.root)
            let minuteLater = Instant.text(try Instant.date(published).addingTimeInterval(60))

            let output = try await Self.run(
                copy, ["read", "--home", home.home, "--format", "text", "--now", minuteLater], setting: ["LANG": "de_DE.UTF-8"])

            try #require(output.succeeded, "\(output)")
            #expect(output.stderr.isEmpty, "\(output)")
            let lines = output.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            #expect(lines[1].hasSuffix("  full  Konten"), "\(lines[1])")
            #expect(lines.contains("  aktualisiert \(published) (vor 1 Min.)"), "\(output.stdout)")
            for english in ["ago", "updated", "just now", "Accounts", "spent"] {
                #expect(!output.stdout.contains(english), "a copied binary still writes \(english): \(output.stdout)")
            }
        }
    }

    @Test func theDemoFollowsTheLocaleAndExplainsTheMaskedSpendingEntry() async throws {
        let output = try await Bridgectl.run(["demo"], setting: ["LANG": "de_DE.UTF-8"])

        try #require(output.succeeded, "\(output)")
        #expect(output.stdout.contains("  full  Konten\n"), "the demo's widgets are German")
        #expect(output.stdout.contains("  full  Ausgaben November 2026\n"), "\(output.stdout)")
        #expect(output.stdout.contains("  Rent  1.200,00\u{A0}€  56,2\u{A0}%\n"), "\(output.stdout)")
        #expect(!output.stdout.contains("Accounts"), "no English widget title")
        #expect(output.stdout.contains("""
            == The spending widget: the largest categories with their shares; its masked entry lists other \
            categories, the first by name, because an order by amount would give the amounts away\n
            """))
    }

    @Test func openSaysTheAccountIsNotInTheSnapshot() async throws {
        try await EndToEndHome.with { home in
            try await home.login()
            try await home.publish(Examples.accounts)

            let known = try await home.bridgectl("open", "securebridge://account/acc-main")
            #expect(known.succeeded, "\(known)")
            #expect(known.stdout == "Open account acc-main.\n")

            let unknown = try await home.bridgectl("open", "securebridge://account/nope")
            #expect(unknown.status == 1, "\(unknown)")
            #expect(unknown.stdout.isEmpty, "\(unknown)")
            #expect(unknown.stderrLines.count == 1, "\(unknown)")
            #expect(unknown.stderr.contains("Account nope is not in the snapshot, so the link opens no account"), "\(unknown)")
        }
    }
}
