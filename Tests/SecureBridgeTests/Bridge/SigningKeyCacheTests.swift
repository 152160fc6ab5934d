import Foundation
import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp
@testable import SecureBridgeTestSupport

/// A long-lived `BridgeApp` keeps its parsed signing key (`SigningKeyCache`)
/// only while the key file holds the same bytes.
@Suite struct SigningKeyCacheTests {
    private func publish(_ fixture: BridgeFixture, _ input: [UInt8]) throws {
        try fixture.app.publish(input, staleAfter: .seconds(3600), expiresAfter: .seconds(86400), now: fixture.start)
    }

    private func snapshot(_ fixture: BridgeFixture) throws -> SnapshotEnvelope {
        try SnapshotEnvelope(bytes: fixture.bytes(.container, "snapshot"))
    }

    @Test func theSameAppSignsWithAReplacedKeyAtOnce() throws {
        let fixture = try BridgeFixture()
        try fixture.loginAndPublish()
        let first = try Ed25519.PrivateKey(pemRepresentation: SecureBytes(copying: fixture.bytes(.app, "signing-key.pem")))
        try publish(fixture, BridgeFixture.otherAccounts)
        try snapshot(fixture).verifySignature(with: first.publicKey)

        let replacement = try Ed25519.PrivateKey()
        try fixture.overwrite(.app, "signing-key.pem", with: replacement.pemRepresentation.withUnsafeBytes { Array($0) })
        try publish(fixture, BridgeFixture.accounts)
        try snapshot(fixture).verifySignature(with: replacement.publicKey)
        #expect(throws: BridgeError.self) { try snapshot(fixture).verifySignature(with: first.publicKey) }
    }

    @Test func aDamagedKeyFileFailsEvenAfterAGoodOne() throws {
        let fixture = try BridgeFixture()
        try fixture.loginAndPublish()
        var pem = try fixture.bytes(.app, "signing-key.pem")
        pem[40] ^= 0x01
        try fixture.overwrite(.app, "signing-key.pem", with: pem)
        #expect(throws: (any Error).self) { try publish(fixture, BridgeFixture.otherAccounts) }
    }
}
