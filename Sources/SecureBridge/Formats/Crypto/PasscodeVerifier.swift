/// A scrypt hash of the passcode (never stored itself) with its salt and cost; stored form, 62 bytes, big-endian:
/// `"SBPV"` · version `1` · log2(N) (1 byte) · r (u32) · p (u32) · salt (16) · hash (32).
package struct PasscodeVerifier: Sendable, Equatable, CustomStringConvertible {
    package struct Cost: Sendable, Equatable {
        /// log2 of the CPU/memory cost N.
        let log2N: UInt8
        package let r: UInt32
        let p: UInt32

        /// OWASP's recommended minimum for scrypt: N = 2^17, r = 8, p = 1 (128 MiB).
        package static let owasp = Cost(log2N: 17, r: 8, p: 1)

        /// A cheap cost (N = 2^10) for tests not about the hash; only debug builds accept it, so a release never does.
        package static let testing = Cost(log2N: 10, r: 8, p: 1)

        /// The range a stored verifier must be in, so a tampered file can neither weaken the hash nor exhaust memory.
        static let accepted = (log2N: UInt8(17)...UInt8(18), r: UInt32(8)...UInt32(8), p: UInt32(1)...UInt32(2))

        var isAccepted: Bool {
            #if DEBUG
            if self == .testing { return true }
            #endif
            return Self.accepted.log2N.contains(log2N) && Self.accepted.r.contains(r) && Self.accepted.p.contains(p)
        }

        /// What scrypt needs: about 128 · r · (N + p) bytes.
        var memoryBytes: UInt64 { 128 * UInt64(r) * ((UInt64(1) << log2N) + UInt64(p)) }
    }

    static let magic: [UInt8] = Array("SBPV".utf8)
    static let version: UInt8 = 1
    static let saltByteCount = 16
    static let hashByteCount = 32
    static let storedByteCount = 4 + 1 + 1 + 4 + 4 + saltByteCount + hashByteCount

    package let cost: Cost
    let salt: [UInt8]
    let hash: SecureBytes

    /// Hashes a new passcode with a fresh salt.
    package init(passcode: SecureBytes, cost: Cost = .owasp) throws {
        let salt = try SystemRandom.bytes(count: Self.saltByteCount)
        self.init(cost: cost, salt: salt, hash: try Self.scrypt(passcode, salt: salt, cost: cost))
    }

    private init(cost: Cost, salt: [UInt8], hash: SecureBytes) {
        self.cost = cost
        self.salt = salt
        self.hash = hash
    }

    /// Reads the stored form.
    /// - Throws: `BridgeError(.invalidParameters)` for a wrong size, magic, version or cost.
    package init(storedBytes bytes: SecureBytes) throws {
        let notVerifier = BridgeError(.invalidParameters(.notVersion1Verifier))
        guard bytes.count == Self.storedByteCount else { throw notVerifier }
        let (cost, salt, hash) = try ByteReader.read(bytes) { reader in
            guard Array(try reader.take(Self.magic.count, or: notVerifier)) == Self.magic,
                  try reader.read(UInt8.self, or: notVerifier) == Self.version
            else { throw notVerifier }
            let cost = Cost(
                log2N: try reader.read(UInt8.self, or: notVerifier),
                r: try reader.read(UInt32.self, or: notVerifier),
                p: try reader.read(UInt32.self, or: notVerifier))
            let salt = Array(try reader.take(Self.saltByteCount, or: notVerifier))
            let hash = SecureBytes(copying: try reader.take(Self.hashByteCount, or: notVerifier))
            return (cost, salt, hash)
        }
        guard cost.isAccepted else {
            throw BridgeError(.invalidParameters(.costOutOfRange(log2N: cost.log2N, r: cost.r, p: cost.p)))
        }
        self.init(cost: cost, salt: salt, hash: hash)
    }

    /// The stored form, in wiped memory.
    package var storedBytes: SecureBytes {
        SecureBytes(exactly: Self.storedByteCount) { writer in
            writer.append(Self.magic)
            writer.append(Self.version)
            writer.append(cost.log2N)
            writer.append(cost.r)
            writer.append(cost.p)
            writer.append(salt)
            writer.append(hash)
        }
    }

    /// Whether `passcode` is the one this verifier was made from; compared in constant time.
    package func matches(_ passcode: SecureBytes) throws -> Bool {
        try Self.scrypt(passcode, salt: salt, cost: cost) == hash
    }

    private static func scrypt(_ passcode: SecureBytes, salt: [UInt8], cost: Cost) throws -> SecureBytes {
        try Backend.scrypt(passcode, salt: salt, cost: cost, outputByteCount: hashByteCount)
    }

    package static func == (lhs: PasscodeVerifier, rhs: PasscodeVerifier) -> Bool {
        lhs.cost == rhs.cost && lhs.salt == rhs.salt && lhs.hash == rhs.hash
    }

    package var description: String {
        "PasscodeVerifier(scrypt N=2^\(cost.log2N) r=\(cost.r) p=\(cost.p), redacted)"
    }
}
