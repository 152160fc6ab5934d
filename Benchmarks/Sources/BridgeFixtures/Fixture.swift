import Foundation
import Synchronization
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp
import SystemPackage

/// Homes with a logged-in app and a published snapshot, built once per
/// benchmark process through the public API only, in the process's `Scratch` directory.
public enum Fixture {
    /// The widget most benchmarks read: `bridgectl read`'s default family.
    public static let request = WidgetRequest(kind: .balance, family: .systemMedium)

    /// `bridgectl publish`'s default lifetimes: stale after 1 h, expired after 24 h.
    public static let ttlSeconds: Int64 = 24 * 3600
    public static let staleAfterSeconds: Int64 = 3600

    /// A bank API account list with `count` accounts, as `bridgectl publish`
    /// takes it. IBANs cycle through a few valid ones (only ids must be unique);
    /// `scripts/bench-peers` builds the same records.
    /// - Parameter variant: Shifts every balance, so lists of another variant are other content.
    public static func accountsJSON(count: Int, variant: Int = 0) -> [UInt8] {
        let ibans = [
            "DE89370400440532013000", "NL91ABNA0417164300", "GB82WEST12345698765432",
            "CH9300762011623852957", "LU280019400644750000",
        ]
        let currencies = ["EUR", "USD", "GBP", "CHF", "JPY"]
        var records: [String] = []
        records.reserveCapacity(count)
        for index in 0..<count {
            let currency = currencies[index % currencies.count]
            let units = 100_000 + (index * 7_919 + variant) % 9_000_000
            let balance = currency == "JPY" ? "\(units)" : "\(units / 100).\(String(format: "%02d", units % 100))"
            records.append(
                #"{"id":"acc-\#(index)","name":"Account \#(index)","balance":"\#(index % 7 == 3 ? "-" : "")\#(balance)","#
                    + #""currency":"\#(currency)","IBAN":"\#(ibans[index % ibans.count])","type":"\#(index == 0 ? "main" : "secondary")"}"#)
        }
        return Array(("[" + records.joined(separator: ",") + "]").utf8)
    }

    /// The account count whose sealed snapshot is closest to `bytes` long.
    public static func accountCount(forSnapshotBytes bytes: Int) throws -> Int {
        var best = (count: 1, distance: Int.max)
        for count in 1...200 {
            let payload = try PublishInput.decode(accountsJSON(count: count)).payloadBytes()
            let size = envelopeOverhead + payload.count
            if abs(size - bytes) < best.distance { best = (count, abs(size - bytes)) }
            if size > bytes { break }
        }
        return best.count
    }

    /// Header, tag and signature around a payload (docs/FORMAT.md).
    public static let envelopeOverhead = 78 + 16 + 64

    /// A logged-in home that holds a snapshot of `accounts` accounts.
    public final class Home: Sendable {
        public let root: String
        public let home: BridgeHome
        public let app: BridgeApp
        public let reader: WidgetReader
        public let input: [UInt8]
        /// The same accounts with other balances: publishing it after `input` changes the content.
        public let otherInput: [UInt8]
        public let accounts: Int
        /// Whether the last `publishChanged` published `otherInput`.
        private let publishedOther = Mutex(false)

        public init(accounts: Int) throws {
            root = try Scratch.makeDirectory("home")
            home = BridgeHome(root: FilePath(root))
            app = BridgeApp(home: home)
            reader = WidgetReader(home: home)
            self.accounts = accounts
            input = Fixture.accountsJSON(count: accounts)
            otherInput = Fixture.accountsJSON(count: accounts, variant: 1)
            let now = Date()
            try app.login(
                user: "bench", passcode: SecureBytes(copying: Array("2468".utf8)), sessionLength: .seconds(30 * 86_400), now: now)
            try publish(now: now)
        }

        /// Publishes the input again (a new sequence; content unchanged).
        public func publish(now: Date = Date()) throws {
            try app.publish(input, staleAfter: .seconds(Fixture.staleAfterSeconds), expiresAfter: .seconds(Fixture.ttlSeconds), now: now)
        }

        /// Publishes `input` and `otherInput` in turn: every call changes the
        /// content (a new snapshot, the reload token moved), as a refresh with
        /// new balances does.
        public func publishChanged(now: Date = Date()) throws {
            let other = publishedOther.withLock { other in
                other.toggle()
                return other
            }
            try app.publish(
                other ? otherInput : input, staleAfter: .seconds(Fixture.staleAfterSeconds),
                expiresAfter: .seconds(Fixture.ttlSeconds), now: now)
        }

        /// The widget's full read through this home's long-lived reader: gate,
        /// verify, decrypt, decode, redact, timeline. Its caches make a re-read
        /// of unchanged files skip the key parsing and the signature checks.
        public func read(now: Date = Date()) -> BridgeTimeline {
            reader.timeline(for: Fixture.request, now: now)
        }

        /// The gate's result for this home now, to build timelines from without reading.
        public func gateResult(now: Date = Date()) -> GateResult {
            reader.read(now: now, whatIf: true).result
        }

        /// The timeline of `result`: what every read builds after the gate.
        public func timeline(of result: GateResult, now: Date = Date()) -> BridgeTimeline {
            WidgetTimeline.timeline(for: result, request: Fixture.request, now: now)
        }

        /// The same read through a new reader, as one `bridgectl read` process
        /// makes it: nothing cached but OpenSSL's initialisation.
        public func coldRead(now: Date = Date()) -> BridgeTimeline {
            WidgetReader(home: home).timeline(for: Fixture.request, now: now)
        }

        /// The stored snapshot, its keys and the derived AES key, for the
        /// primitives-only floor and the envelope benchmarks.
        public func sealed() throws -> Sealed {
            try Sealed(home: home)
        }

        public func remove() {
            try? FileManager.default.removeItem(atPath: root)
        }
    }

    /// One stored snapshot taken apart with the public API.
    public struct Sealed: Sendable {
        public let envelope: SnapshotEnvelope
        public let publisher: Ed25519.PublicKey
        public let dataKey: DataKey
        /// The epoch's AES key: HKDF-SHA256 as docs/FORMAT.md specifies it.
        public let aesKey: AES256Key
        public let plaintextCount: Int

        public static let snapshotContext = Ed25519.Context("SecureBridge snapshot v1")
        public static let headerByteCount = 78

        public init(home: BridgeHome) throws {
            guard let keychain = try home.open(.keychain),
                let container = try home.open(.container),
                let pem = try keychain.read("publisher.pub", limit: 4096),
                let keyset = try keychain.readSecret("keyset", limit: DataKeyset.maximumByteCount),
                let bytes = try container.read("snapshot", limit: SnapshotEnvelope.maximumByteCount)
            else { throw FixtureError.missingFile }
            envelope = try SnapshotEnvelope(bytes: bytes)
            publisher = try Ed25519.PublicKey(pemRepresentation: String(decoding: pem, as: UTF8.self))
            guard let key = try DataKeyset(storedBytes: keyset).key(withID: envelope.header.dataKeyID) else {
                throw FixtureError.missingFile
            }
            dataKey = key
            var info = Array("SecureBridge snapshot key v1\0".utf8)
            withUnsafeBytes(of: envelope.header.epoch.bigEndian) { info.append(contentsOf: $0) }
            aesKey = try AES256Key(
                HKDFSHA256.deriveKey(
                    inputKeyMaterial: Self.material(of: key.id, in: keyset), info: info, outputByteCount: 32))
            plaintextCount = envelope.bytes.count - Fixture.envelopeOverhead
            // The floor must open exactly what the reader opens.
            _ = try openCiphertext()
            guard verifySignature() else { throw FixtureError.floorDoesNotVerify }
        }

        /// The key bytes of `id` in a stored keyset (`"SBKS"` · 1 · count ·
        /// per key: status, id (8), key (32)); the public API keeps them hidden.
        static func material(of id: KeyID, in keyset: SecureBytes) throws -> SecureBytes {
            let found: SecureBytes? = keyset.withUnsafeBytes { raw in
                var offset = 6
                while offset + 41 <= raw.count {
                    if Array(raw[(offset + 1)..<(offset + 9)]) == id.bytes {
                        return SecureBytes(copying: raw[(offset + 9)..<(offset + 41)])
                    }
                    offset += 41
                }
                return nil
            }
            guard let found else { throw FixtureError.missingFile }
            return found
        }

        var signedBody: ArraySlice<UInt8> { envelope.bytes[..<(envelope.bytes.count - Ed25519.signatureByteCount)] }
        var signature: ArraySlice<UInt8> { envelope.bytes[(envelope.bytes.count - Ed25519.signatureByteCount)...] }

        /// One raw Ed25519 verification of the snapshot through the crypto layer.
        public func verifySignature() -> Bool {
            publisher.isValidSignature(signature, for: signedBody, context: Self.snapshotContext)
        }

        /// One AES-256-GCM open of the snapshot's ciphertext through the crypto layer.
        public func openCiphertext() throws -> SecureBytes {
            let bytes = envelope.bytes
            return try AESGCM.open(
                combined: bytes[Self.headerByteCount..<(bytes.count - Ed25519.signatureByteCount)],
                using: aesKey, nonce: envelope.header.nonce, authenticating: bytes[..<Self.headerByteCount])
        }
    }

    public enum FixtureError: Error {
        case missingFile
        case floorDoesNotVerify
    }
}
