import Foundation
import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp

/// Building deep links and the app side's strict parser.
@Suite struct DeepLinkTests {
    @Test func linksHaveTheContractForms() throws {
        #expect(try DeepLink.login.url(scheme: "securebridge").absoluteString == "securebridge://login")
        #expect(try DeepLink.account(id: "8ab78900f99013a").url(scheme: "securebridge").absoluteString
            == "securebridge://account/8ab78900f99013a")
    }

    @Test func buildingRefusesBadIdsAndSchemes() {
        #expect(throws: BridgeError(.invalidAccountID)) { try DeepLink.account(id: "a/b").url(scheme: "securebridge") }
        #expect(throws: BridgeError(.invalidAccountID)) { try DeepLink.account(id: "").url(scheme: "securebridge") }
        #expect(throws: BridgeError(.invalidScheme)) { try DeepLink.login.url(scheme: "1bank") }
    }

    @Test(arguments: [
        ("securebridge://login", DeepLink.login),
        ("securebridge://account/8ab78900f99013a", .account(id: "8ab78900f99013a")),
        ("securebridge://account/A.b_c-9", .account(id: "A.b_c-9")),
        ("SecureBridge://login", .login),
        ("securebridge://account/" + String(repeating: "x", count: 64), .account(id: String(repeating: "x", count: 64))),
    ])
    func parserAcceptsTheTwoForms(text: String, link: DeepLink) throws {
        #expect(try DeepLink(parsing: text, scheme: "securebridge") == link)
    }

    @Test func builtLinksParseBack() throws {
        for link in [DeepLink.login, .account(id: "savings-1")] {
            #expect(try DeepLink(parsing: link.url(scheme: "mybank").absoluteString, scheme: "mybank") == link)
        }
    }

    @Test(arguments: [
        ("otherapp://login", DeepLinkProblem.wrongScheme(expected: "securebridge")),
        ("securebridge:login", .wrongScheme(expected: "securebridge")),
        ("https://login", .wrongScheme(expected: "securebridge")),
        ("", .wrongScheme(expected: "securebridge")),
        ("securebridge://logout", .unknownDestination),
        ("securebridge://LOGIN", .unknownDestination),
        ("securebridge:///login", .unknownDestination),
        ("securebridge://login/", .invalidPath),
        ("securebridge://login/extra", .invalidPath),
        ("securebridge://account", .invalidPath),
        ("securebridge://account/abc/def", .invalidPath),
        ("securebridge://account/", .invalidAccountID),
        ("securebridge://account/" + String(repeating: "x", count: 65), .invalidAccountID),
        ("securebridge://account/a*b", .invalidAccountID),
        ("securebridge://account/.", .invalidAccountID),
        ("securebridge://account/..", .invalidAccountID),
        ("securebridge://account/a?b=1", .forbiddenComponent(.query)),
        ("securebridge://login?next=x", .forbiddenComponent(.query)),
        ("securebridge://login#top", .forbiddenComponent(.fragment)),
        ("securebridge://user@login", .forbiddenComponent(.userInfo)),
        ("securebridge://login:8080", .forbiddenComponent(.port)),
        ("securebridge://account/a%2Fb", .forbiddenComponent(.percentEscape)),
        ("securebridge://account/%61", .forbiddenComponent(.percentEscape)),
        ("securebridge://account/a b", .invalidCharacter),
        (" securebridge://login", .invalidCharacter),
        ("securebridge://login\n", .invalidCharacter),
        ("securebridge://account/caf\u{E9}", .invalidCharacter),
        ("securebridge://account/a\u{0}", .invalidCharacter),
        ("securebridge://account/" + String(repeating: "x", count: 300), .tooLong(limit: 256)),
    ])
    func parserRejectsEverythingElse(text: String, cause: DeepLinkProblem) {
        #expect(throws: BridgeError(cause)) { try DeepLink(parsing: text, scheme: "securebridge") }
    }

    @Test func parserRefusesAnInvalidExpectedScheme() {
        #expect(throws: BridgeError(.invalidScheme)) { try DeepLink(parsing: "x://login", scheme: "") }
    }

    @Test func errorsAreOneSentenceWithoutTheInput() {
        let secretish = "securebridge://account/DE89370400440532013000?x"
        do {
            _ = try DeepLink(parsing: secretish, scheme: "securebridge")
            Issue.record("A query must be rejected.")
        } catch {
            let text = "\(error)"
            #expect(text.hasSuffix("."))
            #expect(!text.contains("DE89"))
        }
    }
}
