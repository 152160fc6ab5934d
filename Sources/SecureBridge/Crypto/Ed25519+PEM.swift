extension Ed25519.PublicKey {
    /// The raw key in the one PEM form SecureBridge itself writes (and
    /// `openssl pkey -pubout` prints): the Ed25519 SubjectPublicKeyInfo as one
    /// 60-character base64 line between the `PUBLIC KEY` armour lines.
    ///
    /// OpenSSL's generic PEM decoder enumerates every key format it knows
    /// before it settles on one, which makes reading the pinned key cost more
    /// than verifying a signature. This reads only the canonical form, strictly
    /// (canonical base64, the exact 12-byte DER prefix, nothing else), and
    /// returns `nil` for anything else, which then goes to OpenSSL as before:
    /// every PEM reads to the same key either way.
    /// - Parameter pem: The PEM text's UTF-8 bytes.
    /// - Returns: The 32 raw key bytes, or `nil` when `pem` is not in canonical form.
    static func canonicalPEMRawKey(_ pem: some Collection<UInt8>) -> [UInt8]? {
        let bytes = Array(pem)
        var body = bytes[...]
        if body.last == UInt8(ascii: "\n") { body = body.dropLast() }
        guard body.count == pemBegin.count + 1 + 60 + 1 + pemEnd.count,
            body.starts(with: pemBegin), body.suffix(pemEnd.count).elementsEqual(pemEnd)
        else { return nil }
        let lineStart = body.startIndex + pemBegin.count
        guard body[lineStart] == UInt8(ascii: "\n"), body[lineStart + 61] == UInt8(ascii: "\n"),
            let der = Base64.decodeCanonical(body[(lineStart + 1)..<(lineStart + 61)]),
            der.count == spkiPrefix.count + Ed25519.keyByteCount, der.starts(with: spkiPrefix)
        else { return nil }
        return Array(der.suffix(Ed25519.keyByteCount))
    }

    private static let pemBegin = Array("-----BEGIN PUBLIC KEY-----".utf8)
    private static let pemEnd = Array("-----END PUBLIC KEY-----".utf8)

    /// SEQUENCE { SEQUENCE { OID 1.3.101.112 (Ed25519) }, BIT STRING (33 bytes, 0 unused bits) … }.
    private static let spkiPrefix: [UInt8] = [0x30, 0x2a, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x03, 0x21, 0x00]
}

/// Strict base64 (RFC 4648, standard alphabet, with padding).
enum Base64 {
    /// Decodes `text` only if it is canonical: a multiple of 4 characters,
    /// padding only at the end, and zero bits where padding leaves bits unused.
    /// - Returns: The bytes, or `nil` for anything else.
    static func decodeCanonical(_ text: some Collection<UInt8>) -> [UInt8]? {
        let characters = Array(text)
        guard !characters.isEmpty, characters.count % 4 == 0 else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(characters.count / 4 * 3)
        for start in stride(from: 0, to: characters.count, by: 4) {
            let isLast = start + 4 == characters.count
            let padding = isLast ? characters[(start + 2)...].reversed().prefix { $0 == UInt8(ascii: "=") }.count : 0
            var quantum: UInt32 = 0
            for offset in 0..<(4 - padding) {
                guard let value = sextet(characters[start + offset]) else { return nil }
                quantum = quantum << 6 | UInt32(value)
            }
            quantum <<= UInt32(6 * padding)
            switch padding {
            case 0:
                output += [UInt8(truncatingIfNeeded: quantum >> 16), UInt8(truncatingIfNeeded: quantum >> 8), UInt8(truncatingIfNeeded: quantum)]
            case 1:
                guard quantum & 0xff == 0 else { return nil }
                output += [UInt8(truncatingIfNeeded: quantum >> 16), UInt8(truncatingIfNeeded: quantum >> 8)]
            default:
                guard quantum & 0xffff == 0 else { return nil }
                output.append(UInt8(truncatingIfNeeded: quantum >> 16))
            }
        }
        return output
    }

    private static func sextet(_ character: UInt8) -> UInt8? {
        switch character {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return character - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): return character - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return character - UInt8(ascii: "0") + 52
        case UInt8(ascii: "+"): return 62
        case UInt8(ascii: "/"): return 63
        default: return nil
        }
    }
}
