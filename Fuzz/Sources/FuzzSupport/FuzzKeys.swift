import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp

/// The fixed keys every fuzzer seals, signs and opens with. TEST ONLY: the
/// bytes are counting sequences, published here, and protect nothing.
public enum FuzzKeys {
    /// The publisher key the fuzzers pin: seed `40 41 … 5f`.
    public static let signing = privateKey(first: 0x40)
    /// A second publisher key, for "signed by someone else": seed `60 61 … 7f`.
    public static let otherSigning = privateKey(first: 0x60)
    /// The data key snapshots are sealed under: `80 81 … 9f`.
    public static let data = dataKey(first: 0x80)
    /// A data key the keyset does not hold: `a0 a1 … bf`.
    public static let otherData = dataKey(first: 0xa0)

    /// Header fields of every envelope the fuzzers seal.
    public static let epoch: UInt64 = 3
    public static let sequence: UInt64 = 42
    public static let issuedAt: Int64 = 1_795_000_000
    public static let staleAt: Int64 = 1_795_003_600
    public static let expiresAt: Int64 = 1_795_086_400
    /// A fixed nonce, so that sealing is deterministic and a crash replays exactly.
    public static let nonce = try! AESGCM.Nonce(bytes: [UInt8](0xc0..<0xcc))

    private static func counting(from first: UInt8) -> [UInt8] {
        (0..<32).map { first &+ UInt8($0) }
    }

    private static func privateKey(first: UInt8) -> Ed25519.PrivateKey {
        try! Ed25519.PrivateKey(rawRepresentation: SecureBytes(copying: counting(from: first)))
    }

    private static func dataKey(first: UInt8) -> DataKey {
        try! DataKey(key: AES256Key(copying: counting(from: first)))
    }

    /// Seals `payload` with the fixed keys, header and nonce.
    /// - Throws: what `SnapshotEnvelope.seal` throws (an oversize payload).
    public static func seal(_ payload: [UInt8], signingKey: Ed25519.PrivateKey = signing) throws -> SnapshotEnvelope {
        try SnapshotEnvelope.seal(
            payload: payload, epoch: epoch, sequence: sequence, issuedAt: issuedAt, staleAt: staleAt,
            expiresAt: expiresAt, signingKey: signingKey, dataKey: data, nonce: nonce)
    }
}
