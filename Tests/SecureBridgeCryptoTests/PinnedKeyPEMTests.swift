import Foundation
import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp

extension CryptoTests {
    /// The pinned publisher key is read in its canonical layout only, on both
    /// backends alike (docs/SPEC.md 5.1): a widget on OpenSSL refuses what a
    /// widget on CryptoKit refuses.
    @Suite struct PinnedKeyPEMTests {
        static let key = Ed25519PEMTests.publicKey
        static let canonical = Ed25519PEMTests.pem("PUBLIC KEY", Ed25519PEMTests.ed25519SPKIHeader + key)

        @Test func theCanonicalLayoutReadsWithOrWithoutItsFinalNewline() throws {
            #expect(try Ed25519.PublicKey(pinnedKeyPEM: Array(Self.canonical.utf8)).rawRepresentation == Self.key)
            #expect(try Ed25519.PublicKey(pinnedKeyPEM: Array(Self.canonical.dropLast().utf8)).rawRepresentation == Self.key)
        }

        @Test(arguments: [
            ("CRLF line ends", canonical.replacingOccurrences(of: "\n", with: "\r\n")),
            ("a blank line at the end", canonical + "\n"),
            ("a blank line after the armour", canonical.replacingOccurrences(of: "-----\n", with: "-----\n\n")),
            ("the base64 wrapped", canonical.replacingOccurrences(of: "-----\nMCow", with: "-----\nMC\now")),
            ("text before the armour", "key\n" + canonical),
        ])
        func everyOtherLayoutIsRefused(layout: String, pem: String) {
            #expect(throws: BridgeError(.invalidKeyEncoding(.notCanonicalPEM(.publicKey))), "\(layout)") {
                try Ed25519.PublicKey(pinnedKeyPEM: Array(pem.utf8))
            }
        }
    }
}
