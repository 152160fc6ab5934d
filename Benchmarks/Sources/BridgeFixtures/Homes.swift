import Foundation
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp
import Synchronization
import SystemPackage

/// Fixture homes, built once per process and shared by the benchmarks in it.
public enum Homes {
    private static let cache = Mutex<[Int: Fixture.Home]>([:])
    private static let sealedCache = Mutex<Fixture.Sealed?>(nil)
    private static let floorCache = Mutex<PublishFloor?>(nil)

    /// The home holding a snapshot of `accounts` accounts.
    public static func home(accounts: Int) throws -> Fixture.Home {
        try cache.withLock { homes in
            if let home = homes[accounts] { return home }
            let home = try Fixture.Home(accounts: accounts)
            homes[accounts] = home
            return home
        }
    }

    /// The account count whose snapshot is about 1 KB (1,024 bytes).
    public static let oneKilobyteAccounts: Int = {
        do {
            return try Fixture.accountCount(forSnapshotBytes: 1_024)
        } catch {
            fatalError("cannot size the 1 KB snapshot: \(error)")
        }
    }()

    /// The home whose snapshot is about 1 KB.
    public static func oneKilobyte() throws -> Fixture.Home {
        try home(accounts: oneKilobyteAccounts)
    }

    /// The 1 KB home's snapshot, taken apart for the floor.
    public static func oneKilobyteSealed() throws -> Fixture.Sealed {
        let home = try oneKilobyte()
        return try sealedCache.withLock { sealed in
            if let sealed { return sealed }
            let made = try home.sealed()
            sealed = made
            return made
        }
    }

    /// The primitives a publish of the 1 KB snapshot cannot do without.
    public static func publishFloor() throws -> PublishFloor {
        let payload = try PublishInput.decode(Fixture.accountsJSON(count: oneKilobyteAccounts)).payloadBytes()
        return try floorCache.withLock { floor in
            if let floor { return floor }
            let made = try PublishFloor(payload: payload)
            floor = made
            return made
        }
    }
}

/// Encoded payloads by account count.
public enum Payloads {
    private static let cache = Mutex<[Int: [UInt8]]>([:])

    public static func payload(accounts: Int) throws -> [UInt8] {
        try cache.withLock { payloads in
            if let payload = payloads[accounts] { return payload }
            let payload = try PublishInput.decode(Fixture.accountsJSON(count: accounts)).payloadBytes()
            payloads[accounts] = payload
            return payload
        }
    }
}

/// A publish with nothing but its cryptography and one durable atomic write:
/// seal the payload, sign header ‖ ciphertext, write the result with write,
/// fsync, rename, fsync of the directory.
public final class PublishFloor: Sendable {
    let directory: String
    let payload: [UInt8]
    let signingKey: Ed25519.PrivateKey
    let dataKey: DataKey
    let aesKey: AES256Key
    let header: [UInt8]
    /// Bytes as long as the 1 KB snapshot.
    public let sample: [UInt8]

    public init(payload: [UInt8]) throws {
        directory = try Scratch.makeDirectory("floor")
        self.payload = payload
        signingKey = try Ed25519.PrivateKey()
        dataKey = try DataKey.generate()
        aesKey = try AES256Key.generate()
        header = [UInt8](repeating: 0x5a, count: Fixture.Sealed.headerByteCount)
        sample = [UInt8](repeating: 0xa5, count: payload.count + Fixture.envelopeOverhead)
    }

    /// Seal, sign and write durably: the floor of one publish.
    public func sealSignWrite() throws {
        let ciphertext = try AESGCM.seal(payload, using: aesKey, nonce: AESGCM.Nonce(), authenticating: header)
        let body = header + ciphertext
        let signature = try signingKey.signature(for: body, context: Fixture.Sealed.snapshotContext)
        try write(body + signature)
    }

    /// The library's envelope seal (HKDF, AES-GCM, Ed25519) of the same payload.
    public func sealEnvelope() throws -> SnapshotEnvelope {
        try SnapshotEnvelope.seal(
            payload: payload, epoch: 1, sequence: 1, issuedAt: 0, staleAt: 3600, expiresAt: 86_400,
            signingKey: signingKey, dataKey: dataKey)
    }

    /// A bare durable atomic replace: temporary file, write, fsync, rename, fsync the directory.
    public func write(_ bytes: [UInt8]) throws {
        let directoryDescriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard directoryDescriptor >= 0 else { throw Errno(rawValue: errno) }
        defer { close(directoryDescriptor) }
        let descriptor = openat(directoryDescriptor, ".snapshot.tmp", O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw Errno(rawValue: errno) }
        let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        guard written == bytes.count, fsync(descriptor) == 0 else {
            close(descriptor)
            throw Errno(rawValue: errno)
        }
        close(descriptor)
        guard renameat(directoryDescriptor, ".snapshot.tmp", directoryDescriptor, "snapshot") == 0,
            fsync(directoryDescriptor) == 0
        else { throw Errno(rawValue: errno) }
    }
}

/// A monotonic clock in nanoseconds.
public enum Ticks {
    public static func now() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
    }
}

