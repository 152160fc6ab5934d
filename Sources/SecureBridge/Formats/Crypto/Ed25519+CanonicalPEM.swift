/// The fast path of reading an Ed25519 PEM key: the canonical layout SecureBridge (and OpenSSL) writes, the DER
/// as one base64 line between the armour lines, read strictly. Anything else is `nil` and goes to the backend's
/// general reader, so every PEM reads to the same key, or the same error, either way (`PEMFastPathTests`).
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

    /// The canonical PEM of `label` around `der`, byte for byte OpenSSL's, in wiped memory (a key's DER may be secret).
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
    static let publicKeyPrefix: [UInt8] = [0x30, 0x2a, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x03, 0x21, 0x00]

    /// PKCS#8 v1: SEQUENCE { INTEGER 0, SEQUENCE { OID 1.3.101.112 }, OCTET STRING { OCTET STRING (32) … } }.
    /// `PEMFastPathTests.derPrefixesAreWhatTheGeneralPathWrites` checks it against the backend.
    package static let privateKeyPrefix: [UInt8] = [
        0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20,
    ]
}

extension Ed25519.PublicKey {
    /// The raw key of a canonical SubjectPublicKeyInfo PEM (60 base64 characters), or `nil` for any other text.
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
    /// Reads the pinned publisher key (`keychain/publisher.pub`): the canonical layout only, whatever
    /// the backend, so both backends' widgets agree on every file (docs/SPEC.md 5.1).
    /// - Throws: `BridgeError(.invalidKeyEncoding(.notCanonicalPEM(.publicKey)))`
    ///   for any other text; as `init(rawRepresentation:)` for a bad key.
    package init(pinnedKeyPEM pem: some Collection<UInt8>) throws {
        guard let raw = Self.canonicalPEMRawKey(pem) else {
            throw BridgeError(.invalidKeyEncoding(.notCanonicalPEM(.publicKey)))
        }
        try self.init(rawRepresentation: raw)
    }
}
