import Foundation
import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp
@testable import SecureBridgeTestSupport

/// Issue 11, item 12: an invalid option value of `read`, `preview` or `open`
/// is a usage error (exit 64) with one sentence, on the quick path and the
/// argument parser's alike, and `--locale` takes only locale identifiers.
@Suite struct InvalidOptionValueTests {
    static let schemeRule = "Error: --scheme must be a URL scheme of 1–32 characters: a letter, then letters, digits, '+', '-' or '.'."
    static func nowRule(_ value: String) -> String {
        "Error: --now must be an RFC 3339 time like 2026-11-21T16:00:00Z or 2026-11-21T17:00:00+01:00, not \(value)."
    }
    static let localeRule = "Error: --locale must be a locale identifier like en_US, de-DE, sr-Latn-RS or zh_Hant_TW: a language of 2 or 3 letters, then optionally a script of 4 letters, a region of 2 letters or 3 digits and variants, joined by '_' or '-'."

    @Test(arguments: [
        (["read", "--scheme", "not a scheme"], schemeRule),
        (["read", "--scheme", "not a scheme", "--format", "json", "--format", "json"], schemeRule),
        (["read", "--scheme", "1bank"], schemeRule),
        (["preview", "--scheme", "a/b"], schemeRule),
        (["open", "securebridge://login", "--scheme", "not a scheme"], schemeRule),
        (["read", "--locale", "../../../etc/passwd"], localeRule),
        (["read", "--locale", "/tmp/icu"], localeRule),
        (["read", "--locale", "en_US@calendar=../x"], localeRule),
        (["read", "--locale", "e"], localeRule),
        (["read", "--locale", "english"], localeRule),
        (["read", "--locale", "en_USA_"], localeRule),
        (["read", "--locale", "de__DE"], localeRule),
        (["read", "--locale", "é"], localeRule),
        (["read", "--locale", "en_US", "--locale", "x y"], localeRule),
        (["preview", "--locale", "../de"], localeRule),
        (["read", "--now", "2026-11-21"], nowRule("2026-11-21")),
        (["read", "--now", "20261121T160000Z"], nowRule("20261121T160000Z")),
        (["read", "--now", "2026-11-21T16:00:00", "--format", "json"], nowRule("2026-11-21T16:00:00")),
        (["publish", "--ttl", "400d", "-"], "Error: --ttl: The duration 400d is longer than the limit of 366 days."),
    ])
    func invalidValuesAreUsageErrors(arguments: [String], message: String) async throws {
        let output = try await Bridgectl.run(arguments + ["--home", "/nonexistent/securebridge-home"])
        #expect(output.status == 64, "\(output)")
        #expect(output.stdout.isEmpty)
        #expect(output.stderrLines.first.map(String.init) == message, "\(output)")
    }

    @Test(arguments: ["en_US", "de-DE", "sr-Latn-RS", "zh_Hant_TW", "es-419", "fr", "ast", "en_US_POSIX", "de-CH-1996", "EN_us"])
    func wellFormedLocalesAreAccepted(locale: String) async throws {
        let output = try await Bridgectl.run(["read", "--locale", locale, "--home", "/nonexistent/securebridge-home"])
        #expect(output.status == 0, "\(output)")
    }
}
