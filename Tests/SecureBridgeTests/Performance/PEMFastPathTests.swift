import Foundation
import Testing
@testable import SecureBridge

/// The canonical-PEM fast path reads the key OpenSSL reads, and nothing else.
@Suite struct PEMFastPathTests {
    @Test func canonicalPEMReadsToTheKeyOpenSSLReads() throws {
        for _ in 0..<20 {
            let key = try Ed25519.PrivateKey().publicKey
            let pem = try key.pemRepresentation
            let fast = try #require(Ed25519.PublicKey.canonicalPEMRawKey(pem.utf8))
            #expect(fast == key.rawRepresentation)
            #expect(try Ed25519.PublicKey(backendPEM: pem) == key)
            #expect(try Ed25519.PublicKey(pemRepresentation: pem) == key)
        }
    }

    @Test func canonicalPKCS8ReadsToTheKeyOpenSSLReads() throws {
        for _ in 0..<20 {
            let key = try Ed25519.PrivateKey()
            let pem = try key.pemRepresentation
            let seed = try #require(Ed25519.PrivateKey.canonicalPEMSeed(pem))
            #expect(seed == (try key.rawRepresentation))
            #expect(try Ed25519.PrivateKey(backendPEM: pem).publicKey == key.publicKey)
            #expect(try Ed25519.PrivateKey(pemRepresentation: pem).publicKey == key.publicKey)
        }
    }

    @Test func otherPKCS8LayoutsStillReadThroughOpenSSLAndForeignKeysFail() throws {
        let key = try Ed25519.PrivateKey()
        let pem = try key.pemRepresentation.withUnsafeBytes { String(decoding: $0, as: UTF8.self) }
        let crlf = SecureBytes(copying: Array(pem.replacingOccurrences(of: "\n", with: "\r\n").utf8))
        #expect(Ed25519.PrivateKey.canonicalPEMSeed(crlf) == nil)
        #expect(try Ed25519.PrivateKey(pemRepresentation: crlf).publicKey == key.publicKey)
        let seed = try key.rawRepresentation.withUnsafeBytes { Array($0) }
        let x25519 = [0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x6e, 0x04, 0x22, 0x04, 0x20] + seed
        let foreign = SecureBytes(copying: Array(
            "-----BEGIN PRIVATE KEY-----\n\(Data(x25519).base64EncodedString())\n-----END PRIVATE KEY-----\n".utf8))
        #expect(Ed25519.PrivateKey.canonicalPEMSeed(foreign) == nil)
        #expect(throws: CryptoError.self) { try Ed25519.PrivateKey(pemRepresentation: foreign) }
    }

    @Test func otherPEMLayoutsStillReadThroughOpenSSL() throws {
        let key = try Ed25519.PrivateKey().publicKey
        let pem = try key.pemRepresentation
        for variant in [
            pem.replacingOccurrences(of: "\n", with: "\r\n"),
            "the publisher key\n" + pem,
            pem + "\n\n",
        ] {
            #expect(Ed25519.PublicKey.canonicalPEMRawKey(variant.utf8) == nil)
            #expect(try Ed25519.PublicKey(pemRepresentation: variant) == key)
        }
    }

    @Test func nonCanonicalOrForeignKeysAreRefusedByBothPaths() throws {
        let raw = try Ed25519.PrivateKey().publicKey.rawRepresentation
        func pem(_ der: [UInt8]) -> String {
            "-----BEGIN PUBLIC KEY-----\n\(Data(der).base64EncodedString())\n-----END PUBLIC KEY-----\n"
        }
        let x25519 = [0x30, 0x2a, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x6e, 0x03, 0x21, 0x00] + raw
        #expect(Ed25519.PublicKey.canonicalPEMRawKey(pem(x25519).utf8) == nil)
        #expect(throws: CryptoError.self) { try Ed25519.PublicKey(pemRepresentation: pem(x25519)) }
        let short = [0x30, 0x29, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x03, 0x20, 0x00] + raw.dropLast()
        #expect(Ed25519.PublicKey.canonicalPEMRawKey(pem(short).utf8) == nil)
        #expect(throws: CryptoError.self) { try Ed25519.PublicKey(pemRepresentation: pem(short)) }
        #expect(Base64.decodeCanonical(Array("AB==".utf8)) == nil)  // unused bits set
        #expect(Base64.decodeCanonical(Array("AA==".utf8)) == [0])
        #expect(Base64.decodeCanonical(Array("A=A=".utf8)) == nil)
        #expect(Base64.decodeCanonical(Array("AAA".utf8)) == nil)
    }
}
