import Crypto
import Foundation
import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp
@testable import SecureBridgeTestSupport

/// A second implementation of the reader, written against CryptoKit's API
/// (swift-crypto on Linux) from docs/FORMAT.md alone, opens what `bridgectl`
/// published with the keys `bridgectl keys export` prints: the formats are
/// readable without OpenSSL and without unwrapping DER.
@Suite struct CryptoKitInteropTests {
    private func export(_ root: String, _ arguments: [String]) async throws -> String {
        let output = try await Bridgectl.run(["keys", "export", "--home", root] + arguments)
        #expect(output.succeeded, "\(output)")
        return output.stdout
    }

    private func base64url(_ text: String) throws -> Data {
        var standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        standard += String(repeating: "=", count: (4 - standard.count % 4) % 4)
        return try #require(Data(base64Encoded: standard))
    }

    private func jwk(_ text: String) throws -> [String: String] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: String])
    }

    @Test func theExportedKeysVerifyAndOpenTheSnapshotWithCryptoKit() async throws {
        let fixture = try BridgeFixture.published()
        let root = fixture.root

        // The publisher key, three ways, to one CryptoKit key.
        let raw = try await #require(Data(base64Encoded: try export(root, ["--format", "raw"]).trimmingCharacters(in: .newlines)))
        let publisher = try Curve25519.Signing.PublicKey(rawRepresentation: raw)
        let publicJWK = try jwk(try await export(root, ["--format", "jwk"]))
        #expect(publicJWK["kty"] == "OKP" && publicJWK["crv"] == "Ed25519")
        #expect(try base64url(try #require(publicJWK["x"])) == raw)
        let pem = try await export(root, ["--format", "pem"])
        #expect(pem == String(decoding: try fixture.bytes(.keychain, "publisher.pub"), as: UTF8.self))
        #expect(try Ed25519.PublicKey(pemRepresentation: pem).rawRepresentation == Array(raw))

        // The snapshot, read as FORMAT.md lays it out.
        let snapshot = Data(try fixture.bytes(.container, "snapshot"))
        let signed = snapshot.prefix(snapshot.count - 64)
        #expect(publisher.isValidSignature(snapshot.suffix(64), for: Data("SecureBridge snapshot v1\0".utf8) + signed))
        var tampered = Data(signed)
        tampered[tampered.count - 1] ^= 1
        #expect(!publisher.isValidSignature(snapshot.suffix(64), for: Data("SecureBridge snapshot v1\0".utf8) + tampered))
        let header = snapshot.prefix(78)
        let epoch = header[22..<30].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        let length = Int(header[74..<78].reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
        let sealed = snapshot[78..<(78 + length)]

        // The data key, raw and as a JWK, derives the epoch's key and opens the payload.
        let dataKey = try await #require(Data(base64Encoded: try export(root, ["--format", "raw", "--reveal-data-key"]).trimmingCharacters(in: .newlines)))
        let secretJWK = try jwk(try await export(root, ["--format", "jwk", "--reveal-data-key"]))
        #expect(secretJWK["kty"] == "oct" && secretJWK["kid"] == Bytes.hex(header[14..<22]))
        #expect(try base64url(try #require(secretJWK["k"])) == dataKey)
        var info = Data("SecureBridge snapshot key v1\0".utf8)
        info.append(contentsOf: (0..<8).map { UInt8(truncatingIfNeeded: epoch >> (56 - 8 * $0)) })
        let snapshotKey = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: SymmetricKey(data: dataKey), info: info, outputByteCount: 32)
        let box = try AES.GCM.SealedBox(
            nonce: AES.GCM.Nonce(data: header[62..<74]), ciphertext: sealed.dropLast(16), tag: sealed.suffix(16))
        let payload = try AES.GCM.open(box, using: snapshotKey, authenticating: header)
        let portfolio = try Portfolio(payload: Array(payload))
        #expect(!portfolio.accounts.isEmpty)
    }

    @Test func theDataKeyIsNeverPEMAndSaysSo() async throws {
        let fixture = try BridgeFixture.published()
        let output = try await Bridgectl.run(["keys", "export", "--home", fixture.root, "--format", "pem", "--reveal-data-key"])
        #expect(!output.succeeded && output.stdout.isEmpty, "\(output)")
        #expect(output.stderr.contains("A data key has no PEM form"), "\(output)")
    }
}
