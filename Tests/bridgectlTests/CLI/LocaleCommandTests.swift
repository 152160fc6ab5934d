import Foundation
import Testing
@testable import SecureBridgeTestSupport

/// `bridgectl read` in the user's language: `--locale`, else `LC_ALL`,
/// `LC_MESSAGES` or `LANG` in POSIX order, through the real binary.
@Suite struct LocaleCommandTests {
    /// The placeholder of the tests' decoy home (`insecure-storage`) in each language.
    private static let setUp = [
        "en": "Open SecureBridge to refresh your accounts",
        "de": "Öffnen Sie SecureBridge, um Ihre Konten zu aktualisieren",
        "fr": "Ouvrez SecureBridge pour actualiser vos comptes",
        "ja": "SecureBridge を開いて口座を更新してください",
        "ar": "افتح SecureBridge لتحديث حساباتك",
    ]

    private func title(_ arguments: [String] = [], _ environment: [String: String] = [:]) async throws -> String {
        let output = try await Bridgectl.run(["read", "--format", "json"] + arguments, setting: environment)
        try #require(output.succeeded, "\(output)")
        let entries = try #require(output.json?["entries"] as? [[String: Any]])
        return try #require(entries.first?["title"] as? String)
    }

    @Test func theEnvironmentChoosesTheLanguageInPOSIXOrder() async throws {
        #expect(try await title() == Self.setUp["en"])
        #expect(try await title([], ["LANG": "de_DE.UTF-8"]) == Self.setUp["de"])
        #expect(try await title([], ["LANG": "de_DE.UTF-8", "LC_MESSAGES": "fr_FR.UTF-8"]) == Self.setUp["fr"])
        #expect(try await title([], ["LANG": "de_DE.UTF-8", "LC_MESSAGES": "fr_FR", "LC_ALL": "ja_JP.UTF-8"]) == Self.setUp["ja"])
        #expect(try await title([], ["LANG": "de_DE.UTF-8", "LC_ALL": "C.UTF-8"]) == Self.setUp["en"], "C is the default locale")
        #expect(try await title([], ["LANG": "not a locale"]) == Self.setUp["en"])
    }

    @Test func theLocaleOptionWinsOverTheEnvironment() async throws {
        #expect(try await title(["--locale", "ar_EG"], ["LC_ALL": "de_DE.UTF-8"]) == Self.setUp["ar"])
        // The argument parser's path (a flag the quick path leaves to it) decides alike.
        #expect(try await title(["--locale", "ar_EG", "--family", "systemSmall"], ["LANG": "fr_FR"]) == Self.setUp["ar"])
    }

    @Test(arguments: ["de DE", "de_DE.UTF-8", "", "../de", "d"])
    func aMalformedLocaleArgumentIsAUsageError(locale: String) async throws {
        let output = try await Bridgectl.run(["read", "--locale", locale])
        #expect(output.status == 64, "\(output)")
        #expect(output.stderr.contains("--locale must be a locale identifier"), "\(output)")
        #expect(output.stdout.isEmpty)
    }
}
