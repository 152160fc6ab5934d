/// The keys a reader of the formats needs, readable without unwrapping DER (`bridgectl keys export`).
package enum KeyExport {
    /// How a key is written.
    package enum Format: String, CaseIterable, Sendable {
        /// PEM: the publisher key's SubjectPublicKeyInfo; a data key has none.
        case pem
        /// The raw key in standard base64, one line (`rawRepresentation:`, `SymmetricKey(data:)`).
        case raw
        /// A JSON Web Key, one line: `OKP`/`Ed25519` (RFC 8037) or `oct` (RFC 7518); `kid` in hex.
        case jwk
    }

    /// The publisher's public key in `format`, with a final newline.
    /// - Throws: `BridgeError` when the key cannot be written as PEM.
    package static func publisherKey(_ key: Ed25519.PublicKey, as format: Format) throws -> [UInt8] {
        switch format {
        case .pem:
            return Array(try key.pemRepresentation.utf8)
        case .raw:
            return encoded(key.rawRepresentation, .standard) + [UInt8(ascii: "\n")]
        case .jwk:
            return Array(#"{"kty":"OKP","crv":"Ed25519","alg":"EdDSA","use":"sig","kid":"\#(key.keyID)","x":""#.utf8)
                + encoded(key.rawRepresentation, .url) + Array("\"}\n".utf8)
        }
    }

    /// A data key in `format` with a final newline, in wiped memory: it opens every snapshot sealed under it.
    /// - Throws: `KeyExport.Problem.noPEMForm` for `.pem`.
    package static func dataKey(_ key: DataKey, as format: Format) throws -> SecureBytes {
        let (prefix, alphabet, suffix): ([UInt8], Base64.Alphabet, [UInt8])
        switch format {
        case .pem: throw Problem.noPEMForm
        case .raw: (prefix, alphabet, suffix) = ([], .standard, Array("\n".utf8))
        case .jwk: (prefix, alphabet, suffix) = (Array(#"{"kty":"oct","kid":"\#(key.id)","k":""#.utf8), .url, Array("\"}\n".utf8))
        }
        return key.key.bytes.withUnsafeBytes { raw in
            let length = Base64.encodedCount(of: raw.count, alphabet)
            return SecureBytes(count: prefix.count + length + suffix.count) { output in
                output.copyBytes(from: prefix)
                Base64.encode(raw, alphabet, into: UnsafeMutableRawBufferPointer(rebasing: output[prefix.count ..< prefix.count + length]))
                UnsafeMutableRawBufferPointer(rebasing: output[(prefix.count + length)...]).copyBytes(from: suffix)
            }
        }
    }

    package typealias Problem = KeyExportError

    private static func encoded(_ bytes: [UInt8], _ alphabet: Base64.Alphabet) -> [UInt8] {
        bytes.withUnsafeBytes { raw in
            [UInt8](unsafeUninitializedCapacity: Base64.encodedCount(of: raw.count, alphabet)) { buffer, count in
                Base64.encode(raw, alphabet, into: UnsafeMutableRawBufferPointer(buffer))
                count = buffer.count
            }
        }
    }
}

/// Why a key cannot be written as asked.
public enum KeyExportError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A data key was asked for as PEM.
    case noPEMForm

    public var description: String {
        switch self {
        case .noPEMForm: "A data key has no PEM form; use --format raw or --format jwk."
        }
    }
}

extension BridgeApp {
    /// The publisher key widgets pin (`keychain/publisher.pub`).
    /// - Throws: a `SessionError` of kind `.notOnboarded` before the first login; `KeychainError` when it is damaged.
    package func pinnedPublisherKey() throws -> Ed25519.PublicKey {
        guard let keychain = try Keychain.open(in: home),
              let pem = try keychain.read(.pinnedKey)
        else { throw SessionError(.notOnboarded) }
        do {
            return try Ed25519.PublicKey(pinnedKeyPEM: pem)
        } catch {
            throw KeychainError.corrupt(file: StoredFile.pinnedKey.name)
        }
    }

    /// The keyset's primary data key: the one new snapshots are sealed under.
    /// - Throws: a `SessionError` of kind `.notOnboarded` before the first login; `KeychainError` when it is missing (logged out) or damaged.
    package func primaryDataKey() throws -> DataKey {
        guard let keychain = try Keychain.open(in: home) else { throw SessionError(.notOnboarded) }
        return try Self.loadKeyset(from: keychain).primary
    }
}
