/// Strict base64 (RFC 4648): decodes the padded standard alphabet only; encodes that or `base64url`.
package enum Base64 {
    package enum Alphabet {
        /// `A–Z a–z 0–9 + /`, padded with `=`.
        case standard
        /// `A–Z a–z 0–9 - _`, unpadded (RFC 4648 section 5).
        case url
    }

    package static func encodedCount(of count: Int, _ alphabet: Alphabet) -> Int {
        switch alphabet {
        case .standard: (count + 2) / 3 * 4
        case .url: (count * 8 + 5) / 6
        }
    }

    /// Encodes into `output` of exactly `encodedCount` bytes, without a copy, so a secret can go into `SecureBytes`.
    package static func encode(_ bytes: UnsafeRawBufferPointer, _ alphabet: Alphabet, into output: UnsafeMutableRawBufferPointer) {
        precondition(output.count == encodedCount(of: bytes.count, alphabet), "the output fits the encoding exactly")
        let table = alphabet == .standard ? standardTable : urlTable
        var written = 0
        for start in stride(from: 0, to: bytes.count, by: 3) {
            let available = min(3, bytes.count - start)
            var quantum: UInt32 = 0
            for offset in 0..<3 {
                quantum = quantum << 8 | UInt32(offset < available ? bytes[start + offset] : 0)
            }
            for index in 0..<(available + 1) {
                output[written] = table[Int(quantum >> UInt32(18 - 6 * index) & 0x3f)]
                written += 1
            }
            if alphabet == .standard {
                for _ in available..<3 {
                    output[written] = UInt8(ascii: "=")
                    written += 1
                }
            }
        }
    }

    private static let standardTable = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    private static let urlTable = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// Decodes `text` only if it is canonical: padding only at the end, unused bits zero.
    static func decodeCanonical(_ text: [UInt8]) -> [UInt8]? {
        text.withUnsafeBytes { characters -> [UInt8]? in
            var output = [UInt8](repeating: 0, count: characters.count / 4 * 3)
            let count = output.withUnsafeMutableBytes { decodeCanonical(characters, into: $0) }
            return count.map { Array(output.prefix($0)) }
        }
    }

    /// Decodes canonical base64 into `output`; `nil` when `text` is not canonical.
    package static func decodeCanonical(_ characters: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) -> Int? {
        guard !characters.isEmpty, characters.count % 4 == 0, output.count >= characters.count / 4 * 3 else { return nil }
        var written = 0
        for start in stride(from: 0, to: characters.count, by: 4) {
            let isLast = start + 4 == characters.count
            var padding = 0
            if isLast, characters[start + 3] == UInt8(ascii: "=") {
                padding = characters[start + 2] == UInt8(ascii: "=") ? 2 : 1
            }
            var quantum: UInt32 = 0
            for offset in 0..<(4 - padding) {
                guard let value = sextet(characters[start + offset]) else { return nil }
                quantum = quantum << 6 | UInt32(value)
            }
            quantum <<= UInt32(6 * padding)
            // Bits that padding leaves unused must be zero in canonical base64.
            guard padding == 0 || quantum & (padding == 1 ? 0xff : 0xffff) == 0 else { return nil }
            for shift in [16, 8, 0].prefix(3 - padding) {
                output[written] = UInt8(truncatingIfNeeded: quantum >> UInt32(shift))
                written += 1
            }
        }
        return written
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
