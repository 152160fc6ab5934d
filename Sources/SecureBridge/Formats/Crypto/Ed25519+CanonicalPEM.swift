/// The fast path of reading an Ed25519 PEM key: the one layout SecureBridge
/// writes for each key (and OpenSSL's `genpkey` / `pkey -pubout` print), the
/// DER as a single base64 line between the armour lines, with a final newline
/// or without, decoded here.
///
/// The general path is the backend's PEM reader (`init(backendPEM:)`):
/// OpenSSL's generic decoder enumerates every key format it knows before it
/// settles on one, which makes reading a key cost more than verifying a
/// signature. These read only the canonical layout, strictly (canonical
/// base64, the exact DER prefix for Ed25519, nothing else), and return `nil`
/// for anything else, which then goes to the general path: every PEM reads to
/// the same key, or the same error, either way. `PEMFastPathTests` compares
/// the two paths over seeded random keys and thousands of altered PEMs.
package enum CanonicalPEM {
    /// The base64 body between the armour lines of `pem`, if `pem` is exactly
    /// `begin ⏎ body ⏎ end` with an optional final newline and a body of `length` characters.
    package static func body(of pem: UnsafeRawBufferPointer, label: String, length: Int) -> UnsafeRawBufferPointer? {
        let begin = Array("-----BEGIN \(label)-----\n".utf8)
        let end = Array("\n-----END \(label)-----".utf8)
        var count = pem.count
        if count > 0, pem[count - 1] == UInt8(ascii: "\n") { count -= 1 }
        guard count == begin.count + length + end.count,
            pem.prefix(begin.count).elementsEqual(begin),
            pem[(count - end.count)..<count].elementsEqual(end)
        else { return nil }
        return UnsafeRawBufferPointer(rebasing: pem[begin.count..<(begin.count + length)])
    }

    /// The canonical PEM document of `label` around `der`: the armour lines and
    /// the DER as one base64 line, with a final newline, written into wiped
    /// memory (a private key's DER is secret). This is byte for byte what
    /// OpenSSL writes for an Ed25519 key, whose DER is under 48 bytes.
    static func document(label: String, der: UnsafeRawBufferPointer) -> SecureBytes {
        let begin = Array("-----BEGIN \(label)-----\n".utf8)
        let end = Array("\n-----END \(label)-----\n".utf8)
        let bodyCount = Base64.encodedCount(of: der.count, .standard)
        precondition(bodyCount <= 64, "one base64 line holds the DER of an Ed25519 key")
        return SecureBytes(count: begin.count + bodyCount + end.count) { output in
            output.copyBytes(from: begin)
            Base64.encode(der, .standard, into: UnsafeMutableRawBufferPointer(rebasing: output[begin.count..<(begin.count + bodyCount)]))
            UnsafeMutableRawBufferPointer(rebasing: output[(begin.count + bodyCount)...]).copyBytes(from: end)
        }
    }

    /// SEQUENCE { SEQUENCE { OID 1.3.101.112 (Ed25519) }, BIT STRING (33 bytes, no unused bits) … }.
    ///
    /// Regenerate: the first 12 bytes of any Ed25519 SubjectPublicKeyInfo DER,
    /// `openssl genpkey -algorithm ed25519 | openssl pkey -pubout -outform DER | head -c 12 | xxd -i`;
    /// `PEMFastPathTests.derPrefixesAreWhatTheGeneralPathWrites` checks them against
    /// the backend's writer (`Ed25519.PublicKey.pemRepresentation`).
    static let publicKeyPrefix: [UInt8] = [0x30, 0x2a, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x03, 0x21, 0x00]

    /// PKCS#8 v1: SEQUENCE { INTEGER 0, SEQUENCE { OID 1.3.101.112 }, OCTET STRING { OCTET STRING (32) … } }.
    ///
    /// Regenerate: the first 16 bytes of any Ed25519 PKCS#8 DER,
    /// `openssl genpkey -algorithm ed25519 -outform DER | head -c 16 | xxd -i`;
    /// `PEMFastPathTests.derPrefixesAreWhatTheGeneralPathWrites` checks them against
    /// the backend's writer (`Ed25519.PrivateKey.pemRepresentation`).
    package static let privateKeyPrefix: [UInt8] = [
        0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20,
    ]
}

extension Ed25519.PublicKey {
    /// The raw key of a canonical SubjectPublicKeyInfo PEM (60 base64
    /// characters between `PUBLIC KEY` armour lines), or `nil` for any other text.
    /// - Parameter pem: The PEM text's UTF-8 bytes.
    static func canonicalPEMRawKey(_ pem: some Collection<UInt8>) -> [UInt8]? {
        Array(pem).withUnsafeBytes { bytes -> [UInt8]? in
            guard let body = CanonicalPEM.body(of: bytes, label: "PUBLIC KEY", length: 60),
                let der = Base64.decodeCanonical(Array(body)),
                der.count == CanonicalPEM.publicKeyPrefix.count + Ed25519.keyByteCount,
                der.starts(with: CanonicalPEM.publicKeyPrefix)
            else { return nil }
            return Array(der.suffix(Ed25519.keyByteCount))
        }
    }
}

extension Ed25519.PublicKey {
    /// Reads the pinned publisher key (`keychain/publisher.pub`): the
    /// canonical layout only, with or without its final newline, whatever the
    /// backend (docs/SPEC.md 5.1). The other layouts RFC 7468 allows (CRLF
    /// line ends, wrapped base64, blank lines) are refused, as the CryptoKit
    /// backend refuses every PEM, so both backends' widgets agree on every file.
    /// - Parameter pem: The file's bytes.
    /// - Throws: `BridgeError(.invalidKeyEncoding(.notCanonicalPEM(.publicKey)))`
    ///   for any other text; as `init(rawRepresentation:)` for a bad key.
    package init(pinnedKeyPEM pem: some Collection<UInt8>) throws {
        guard let raw = Self.canonicalPEMRawKey(pem) else {
            throw BridgeError(.invalidKeyEncoding(.notCanonicalPEM(.publicKey)))
        }
        try self.init(rawRepresentation: raw)
    }
}
