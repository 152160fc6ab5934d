import Foundation
import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp
@testable import SecureBridgeTestSupport

/// The canonical-PEM fast path (`Ed25519+CanonicalPEM.swift`) reads the key
/// the general path (the backend's PEM reader) reads, and nothing else.
@Suite struct PEMFastPathTests {
    /// A key read either way: its raw public key, or the error's description.
    private static func outcome(_ read: () throws -> [UInt8]) -> String {
        do { return Bytes.hex(try read()) } catch { return "error: \(error)" }
    }

    /// `pem` as it is, in the other layouts a file may have, and altered at
    /// random: a byte changed, a base64 character swapped, cut short, the
    /// label or the line breaks changed.
    private static func variants(of pem: [UInt8], using generator: inout SeededGenerator) -> [[UInt8]] {
        let text = String(decoding: pem, as: UTF8.self)
        var variants: [[UInt8]] = [
            pem, Array(pem.dropLast()), pem + [0x0a], Array(text.replacingOccurrences(of: "\n", with: "\r\n").utf8),
            Array("key\n".utf8) + pem, Array(text.replacingOccurrences(of: "PRIVATE", with: "PUBLIC").utf8),
            Array(text.replacingOccurrences(of: "PUBLIC", with: "PRIVATE").utf8),
        ]
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=".utf8)
        let bodyStart = pem.firstIndex(of: 0x0a)! + 1
        let bodyEnd = pem[bodyStart...].firstIndex(of: 0x0a)!
        for _ in 0..<6 {
            var changed = pem
            changed[Int.random(in: bodyStart..<bodyEnd, using: &generator)] = alphabet.randomElement(using: &generator)!
            variants.append(changed)
            var flipped = pem
            flipped[Int.random(in: 0..<pem.count, using: &generator)] ^= UInt8.random(in: 1...255, using: &generator)
            variants.append(flipped)
            variants.append(Array(pem.prefix(Int.random(in: 0..<pem.count, using: &generator))))
        }
        // The last character before the padding carries bits the padding leaves
        // unused: non-canonical if any is set; the general path may still read it.
        var unusedBits = pem
        if let padding = pem[bodyStart..<bodyEnd].firstIndex(of: UInt8(ascii: "=")) {
            unusedBits[padding - 1] = unusedBits[padding - 1] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
            variants.append(unusedBits)
        }
        return variants
    }

    /// Seeded random keys and every variant of their PEMs (`variants(of:using:)`):
    /// `privatePEM` is called with each variant of each key's PKCS#8 PEM,
    /// `publicPEM` with each variant of its SubjectPublicKeyInfo PEM.
    private static func forEachVariant(
        privatePEM: (_ pem: SecureBytes, _ text: String) -> Void, publicPEM: (_ pem: String) -> Void
    ) throws {
        var generator = SeededGenerator(seed: 25519)
        for _ in 0..<60 {
            let seed = SecureBytes(copying: (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) })
            let key = try Ed25519.PrivateKey(rawRepresentation: seed)
            for variant in variants(of: try key.pemRepresentation.withUnsafeBytes { Array($0) }, using: &generator) {
                privatePEM(SecureBytes(copying: variant), String(decoding: variant, as: UTF8.self))
            }
            for variant in variants(of: Array(try key.publicKey.pemRepresentation.utf8), using: &generator) {
                publicPEM(String(decoding: variant, as: UTF8.self))
            }
        }
    }

    #if CryptoKit
    /// Under CryptoKit the canonical layout is the only one read: every
    /// variant that is not canonical is refused, and every canonical one
    /// reads to the key the fast path reads.
    @Test func onlyTheCanonicalLayoutReadsUnderCryptoKit() throws {
        var differing: [String] = []
        var canonical = 0
        try Self.forEachVariant(privatePEM: { pem, text in
            let either = Self.outcome { try Ed25519.PrivateKey(pemRepresentation: pem).publicKey.rawRepresentation }
            if let seed = Ed25519.PrivateKey.canonicalPEMSeed(pem) {
                canonical += 1
                let fast = Self.outcome { try Ed25519.PrivateKey(rawRepresentation: seed).publicKey.rawRepresentation }
                if fast != either { differing.append("private: \(text)") }
            } else if !either.hasPrefix("error: ") {
                differing.append("private read though not canonical: \(text)")
            }
        }, publicPEM: { pem in
            let either = Self.outcome { try Ed25519.PublicKey(pemRepresentation: pem).rawRepresentation }
            if let raw = Ed25519.PublicKey.canonicalPEMRawKey(pem.utf8) {
                canonical += 1
                if Bytes.hex(raw) != either { differing.append("public: \(pem)") }
            } else if !either.hasPrefix("error: ") {
                differing.append("public read though not canonical: \(pem)")
            }
        })
        #expect(differing.isEmpty, "\(differing.count) differ, first: \(differing.first ?? "")")
        #expect(canonical > 400)
    }
    #else
    /// Seeded random keys and every variant of their PEMs: whenever the fast
    /// path reads a key, the general path reads the same key, and reading
    /// through `init(pemRepresentation:)` (fast path first) ends as the
    /// general path alone ends, with the same key or the same error.
    @Test(.sweep) func theFastPathReadsWhatTheGeneralPathReadsOverManyPEMs() throws {
        var compared = 0
        var fastTaken = 0
        var differing: [String] = []
        try Self.forEachVariant(privatePEM: { pem, text in
            let general = Self.outcome { try Ed25519.PrivateKey(backendPEM: pem).publicKey.rawRepresentation }
            let either = Self.outcome { try Ed25519.PrivateKey(pemRepresentation: pem).publicKey.rawRepresentation }
            if let seed = Ed25519.PrivateKey.canonicalPEMSeed(pem) {
                fastTaken += 1
                let fast = Self.outcome { try Ed25519.PrivateKey(rawRepresentation: seed).publicKey.rawRepresentation }
                if fast != general { differing.append("private fast: \(text)") }
            }
            if either != general { differing.append("private: \(text)") }
            compared += 1
        }, publicPEM: { pem in
            let general = Self.outcome { try Ed25519.PublicKey(backendPEM: pem).rawRepresentation }
            let either = Self.outcome { try Ed25519.PublicKey(pemRepresentation: pem).rawRepresentation }
            if let raw = Ed25519.PublicKey.canonicalPEMRawKey(pem.utf8) {
                fastTaken += 1
                if Bytes.hex(raw) != general { differing.append("public fast: \(pem)") }
            }
            if either != general { differing.append("public: \(pem)") }
            compared += 1
        })
        #expect(differing.isEmpty, "\(differing.count) differ, first: \(differing.first ?? "")")
        #expect(compared > 2_000)
        #expect(fastTaken > 400)
    }
    #endif

    /// The DER prefixes of the fast path are what the general path writes.
    @Test func derPrefixesAreWhatTheGeneralPathWrites() throws {
        func der(_ pem: String) throws -> [UInt8] {
            let body = pem.split(separator: "\n").dropFirst().dropLast().joined()
            return try #require(Data(base64Encoded: String(body)).map(Array.init))
        }
        for _ in 0..<5 {
            let key = try Ed25519.PrivateKey()
            let privateDER = try der(key.pemRepresentation.withUnsafeBytes { String(decoding: $0, as: UTF8.self) })
            #expect(Array(privateDER.prefix(CanonicalPEM.privateKeyPrefix.count)) == CanonicalPEM.privateKeyPrefix)
            #expect(privateDER.count == CanonicalPEM.privateKeyPrefix.count + Ed25519.keyByteCount)
            let publicDER = try der(key.publicKey.pemRepresentation)
            #expect(Array(publicDER.prefix(CanonicalPEM.publicKeyPrefix.count)) == CanonicalPEM.publicKeyPrefix)
            #expect(publicDER.count == CanonicalPEM.publicKeyPrefix.count + Ed25519.keyByteCount)
        }
    }

    #if !CryptoKit
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
        #expect(throws: BridgeError.self) { try Ed25519.PrivateKey(pemRepresentation: foreign) }
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

    #endif

    @Test func nonCanonicalOrForeignKeysAreRefusedByBothPaths() throws {
        let raw = try Ed25519.PrivateKey().publicKey.rawRepresentation
        func pem(_ der: [UInt8]) -> String {
            "-----BEGIN PUBLIC KEY-----\n\(Data(der).base64EncodedString())\n-----END PUBLIC KEY-----\n"
        }
        let x25519 = [0x30, 0x2a, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x6e, 0x03, 0x21, 0x00] + raw
        #expect(Ed25519.PublicKey.canonicalPEMRawKey(pem(x25519).utf8) == nil)
        #expect(throws: BridgeError.self) { try Ed25519.PublicKey(pemRepresentation: pem(x25519)) }
        let short = [0x30, 0x29, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x03, 0x20, 0x00] + raw.dropLast()
        #expect(Ed25519.PublicKey.canonicalPEMRawKey(pem(short).utf8) == nil)
        #expect(throws: BridgeError.self) { try Ed25519.PublicKey(pemRepresentation: pem(short)) }
        #expect(Base64.decodeCanonical(Array("AB==".utf8)) == nil)  // unused bits set
        #expect(Base64.decodeCanonical(Array("AA==".utf8)) == [0])
        #expect(Base64.decodeCanonical(Array("A=A=".utf8)) == nil)
        #expect(Base64.decodeCanonical(Array("AAA".utf8)) == nil)
    }
}
