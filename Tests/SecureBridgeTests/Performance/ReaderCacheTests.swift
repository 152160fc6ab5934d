import Foundation
import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp
@testable import SecureBridgeTestSupport

/// A reader that keeps parsed keys decides what a fresh reader decides.
@Suite struct ReaderCacheTests {
    @Test func aCachingReaderNoticesARotatedKeyset() throws {
        let fixture = try BridgeFixture()
        try fixture.loginAndPublish()
        #expect(fixture.content() != nil)
        _ = try fixture.app.rotateKeys(now: fixture.start)
        #expect(fixture.content() != nil)
        #expect(WidgetReader(home: fixture.home).read(now: fixture.start).result == fixture.gate())
    }

    @Test func aCachingReaderNoticesAReplacedPinnedKey() throws {
        let fixture = try BridgeFixture()
        try fixture.loginAndPublish()
        #expect(fixture.content() != nil)
        let stranger = try Ed25519.PrivateKey().publicKey.pemRepresentation
        try fixture.overwrite(.keychain, "publisher.pub", with: Array(stranger.utf8))
        // The onboarding record names its signing key's id, which is no longer
        // the pinned key's: the first step of the gate says so.
        #expect(fixture.reason() == .unknownKey)
        #expect(WidgetReader(home: fixture.home).read(now: fixture.start).result == fixture.gate())
    }

    @Test func aCachingReaderNoticesADamagedKeyset() throws {
        let fixture = try BridgeFixture()
        try fixture.loginAndPublish()
        #expect(fixture.content() != nil)
        var keyset = try fixture.bytes(.keychain, "keyset")
        keyset[keyset.count - 1] ^= 0x01
        try fixture.overwrite(.keychain, "keyset", with: keyset)
        #expect(fixture.reason() == .tampered)
        #expect(WidgetReader(home: fixture.home).read(now: fixture.start).result == fixture.gate())
    }
}
