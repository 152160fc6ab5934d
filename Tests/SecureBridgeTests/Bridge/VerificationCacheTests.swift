import Foundation
import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp
@testable import SecureBridgeTestSupport

/// A long-lived reader verifies each signed file once while its bytes stay
/// the same; anything else is verified, and refused, as a fresh reader would.
@Suite struct VerificationCacheTests {
    private let key = try! Ed25519.PrivateKey()
    private let context = Ed25519.Context("SecureBridge test v1")

    private func frame(_ body: [UInt8]) throws -> [UInt8] {
        try SignedFrame.sign(body, with: key, context: context)
    }

    private func verify(_ stored: [UInt8], with publicKey: Ed25519.PublicKey? = nil, in cache: VerificationCache) throws {
        try SignedFrame.verify(
            stored, bodyLength: stored.count - Ed25519.signatureByteCount, publicKey: publicKey ?? key.publicKey,
            context: context, cache: cache)
    }

    @Test func theSameBytesUnderTheSameKeyAreVerifiedOnce() throws {
        let cache = VerificationCache()
        let stored = try frame(Array("balance".utf8))
        try verify(stored, in: cache)
        try verify(stored, in: cache)
        #expect(cache.counts == (hits: 1, misses: 1))
    }

    @Test func anotherMessageKeyOrSignatureIsVerifiedAfresh() throws {
        let cache = VerificationCache()
        let stored = try frame(Array("balance".utf8))
        try verify(stored, in: cache)
        try verify(try frame(Array("balancf".utf8)), in: cache)
        let other = try Ed25519.PrivateKey()
        let otherStored = try SignedFrame.sign(Array("balance".utf8), with: other, context: context)
        try verify(otherStored, with: other.publicKey, in: cache)
        // The right bytes under the wrong key: verified, and refused.
        #expect(throws: BridgeError(EnvelopeProblem.signatureMismatch)) { try verify(stored, with: other.publicKey, in: cache) }
        #expect(cache.counts.hits == 0)
    }

    @Test func aChangedBodyUnderTheSameSignatureIsVerifiedAfresh() throws {
        let cache = VerificationCache()
        let stored = try frame(Array("balance".utf8))
        try verify(stored, in: cache)
        var forged = stored
        forged[0] ^= 1  // the body changes, the signature stays
        #expect(throws: BridgeError(EnvelopeProblem.signatureMismatch)) { try verify(forged, in: cache) }
        #expect(cache.counts == (hits: 0, misses: 2))
    }

    @Test func theSameBytesUnderAnotherContextAreVerifiedAfresh() throws {
        let cache = VerificationCache()
        let stored = try frame(Array("balance".utf8))
        try verify(stored, in: cache)
        #expect(throws: BridgeError(EnvelopeProblem.signatureMismatch)) {
            try SignedFrame.verify(
                stored, bodyLength: stored.count - Ed25519.signatureByteCount, publicKey: key.publicKey,
                context: Ed25519.Context("SecureBridge other test v1"), cache: cache)
        }
        #expect(cache.counts == (hits: 0, misses: 2))
    }

    @Test func aFailedVerificationIsNeverRemembered() throws {
        let cache = VerificationCache()
        var stored = try frame(Array("balance".utf8))
        stored[stored.count - 1] ^= 1
        for _ in 0..<2 {
            #expect(throws: BridgeError(EnvelopeProblem.signatureMismatch)) { try verify(stored, in: cache) }
        }
        #expect(cache.counts == (hits: 0, misses: 2))
    }

    @Test func theOldestEntriesMakeWayForNewOnes() throws {
        let cache = VerificationCache()
        let frames = try (0...VerificationCache.capacity).map { try frame([UInt8($0)]) }
        for stored in frames { try verify(stored, in: cache) }
        try verify(frames.last!, in: cache)
        try verify(frames.first!, in: cache)
        #expect(cache.counts == (hits: 1, misses: VerificationCache.capacity + 2))
    }

    @Test func aLongLivedReaderReReadsUnchangedFilesWithoutVerifyingThem() throws {
        let fixture = try BridgeFixture()
        try fixture.loginAndPublish()
        let first = fixture.gate()
        let verified = fixture.widget.verificationCounts
        #expect(verified.misses == 3)
        #expect(fixture.gate() == first)
        #expect(fixture.widget.verificationCounts == (hits: verified.hits + 3, misses: 3))
        // A new snapshot is verified; the records around it are not again.
        _ = try fixture.app.publish(
            BridgeFixture.otherAccounts, staleAfter: .seconds(3600), expiresAfter: .seconds(86400), now: fixture.start)
        #expect(fixture.content()?.portfolio.accounts.count == 1)
        #expect(fixture.widget.verificationCounts.misses == 4)
    }

    @Test(arguments: ["onboarding", "auth-status", "snapshot"])
    func aLongLivedReaderRefusesATamperedFileAsAFreshOneDoes(file: String) throws {
        let fixture = try BridgeFixture()
        try fixture.loginAndPublish()
        #expect(fixture.content() != nil)
        var bytes = try fixture.bytes(.container, file)
        bytes[bytes.count - 1] ^= 1  // the signature's last byte
        try fixture.overwrite(.container, file, with: bytes)
        let fresh = WidgetReader(home: fixture.home).read(now: fixture.start).result
        #expect(fresh == .refused(.tampered))
        #expect(fixture.gate() == fresh)
    }

    @Test(arguments: ["onboarding", "auth-status", "snapshot"])
    func aLongLivedReaderRefusesAChangedSignedBodyAndTakesTheOriginalBack(file: String) throws {
        let fixture = try BridgeFixture()
        try fixture.loginAndPublish()
        let first = fixture.gate()
        #expect(fixture.content() != nil)
        let original = try fixture.bytes(.container, file)
        var bytes = original
        bytes[bytes.count - Ed25519.signatureByteCount - 1] ^= 1  // the signed body's last byte; the signature stays
        try fixture.overwrite(.container, file, with: bytes)
        let fresh = WidgetReader(home: fixture.home).read(now: fixture.start).result
        #expect(fresh == .refused(.tampered))
        #expect(fixture.gate() == fresh)
        // The refusal left the cache as it was: the original bytes are a hit again.
        let before = fixture.widget.verificationCounts
        try fixture.overwrite(.container, file, with: original)
        #expect(fixture.gate() == first)
        #expect(fixture.widget.verificationCounts == (hits: before.hits + 3, misses: before.misses))
    }

    @Test func copiesOfAReaderAndAProviderShareTheirVerifications() throws {
        let fixture = try BridgeFixture()
        try fixture.loginAndPublish()
        let first = fixture.gate()
        let copy = fixture.widget
        #expect(copy.read(now: fixture.start).result == first)
        #expect(fixture.widget.verificationCounts == (hits: 3, misses: 3))

        let provider = WidgetProvider(home: fixture.home, clock: { [start = fixture.start] in start })
        let request = WidgetRequest(kind: .balance, family: .systemSmall)
        let timeline = provider.timeline(for: request)
        #expect(provider.reader.verificationCounts == (hits: 0, misses: 3))
        #expect(provider.timeline(for: request) == timeline)
        #expect(provider.reader.verificationCounts == (hits: 3, misses: 3))
    }
}
