import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp

extension CryptoTests {
    /// Secret buffers, comparisons, randomness and key ids.
    @Suite struct SecretHandlingTests {
        static let secret: [UInt8] = [0xde, 0xad, 0xbe, 0xef, 0x13, 0x57, 0x9a, 0xce]

        /// Every way a test or a log line might turn a value into text.
        static func renderings(_ value: Any) -> [String] {
            var dumped = ""
            dump(value, to: &dumped)
            return [String(describing: value), String(reflecting: value), "\(value)", dumped]
        }

        static func leaksSecret(_ text: String) -> Bool {
            let decimal = Self.secret.map(String.init).joined(separator: ", ")
            return text.lowercased().contains(Bytes.hex(Self.secret)) || text.contains(decimal)
        }

        @Test func secureBytesDescriptionShowsOnlyTheCount() {
            let bytes = SecureBytes(copying: Self.secret)
            #expect(bytes.description == "SecureBytes(8 bytes, redacted)")
            for text in Self.renderings(bytes) {
                #expect(!Self.leaksSecret(text), "\(text)")
            }
        }

        @Test func keysDescribeThemselvesWithoutKeyMaterial() throws {
            let seed = Self.secret + Self.secret + Self.secret + Self.secret
            let symmetric = try AES256Key(copying: seed)
            let signing = try Ed25519.PrivateKey(rawRepresentation: SecureBytes(copying: seed))
            #expect(symmetric.description == "AES256Key(redacted)")
            #expect(signing.description == "Ed25519.PrivateKey(\(signing.publicKey.keyID), redacted)")
            for text in Self.renderings(symmetric) + Self.renderings(signing) {
                #expect(!Self.leaksSecret(text), "\(text)")
            }
        }

        @Test func secureBytesCompareByContent() {
            let a = SecureBytes(copying: Self.secret)
            #expect(a == SecureBytes(copying: Self.secret))
            #expect(a != SecureBytes(copying: Self.secret.dropLast() + [0xcf]))
            #expect(a != SecureBytes(copying: Self.secret.dropLast()))
            #expect(a != SecureBytes(copying: Self.secret + [0]))
            #expect(SecureBytes(copying: []) == SecureBytes(copying: []))
        }

        @Test func secureBytesInitializerThatThrowsProducesNothing() {
            struct Stop: Error {}
            var made: SecureBytes?
            #expect(throws: Stop.self) {
                made = try SecureBytes(count: 4) { buffer in
                    buffer[0] = 1
                    throw Stop()
                }
            }
            #expect(made == nil)
        }

        @Test func constantTimeEqualsComparesBytesAndLengths() {
            #expect(ConstantTime.equals([1, 2, 3], [1, 2, 3]))
            #expect(!ConstantTime.equals([1, 2, 3], [1, 2, 4]))
            #expect(!ConstantTime.equals([9, 2, 3], [1, 2, 3]))
            #expect(!ConstantTime.equals([1, 2, 3], [1, 2]))
            #expect(!ConstantTime.equals([UInt8](), [0]))
            #expect(ConstantTime.equals([UInt8](), [UInt8]()))
            // Any collection, contiguous or not.
            #expect(ConstantTime.equals([0, 1, 2, 3][1...], (1...3).map(UInt8.init)))
            #expect(ConstantTime.equals(Array("abc".utf8), "abc".utf8))
        }

        @Test func systemRandomGivesFreshBytesOfTheAskedLength() throws {
            let a = try SystemRandom.bytes(count: 32)
            let b = try SystemRandom.bytes(count: 32)
            #expect(a.count == 32)
            #expect(a != b)
            #expect(try SystemRandom.bytes(count: 0).isEmpty)
            #expect(try SecureBytes.random(count: 32) != SecureBytes.random(count: 32))
        }

        @Test func signingKeyIDIsEightStableBytes() throws {
            let key = try Ed25519.PrivateKey(rawRepresentation: SecureBytes(copying: Self.secret + Self.secret + Self.secret + Self.secret))
            let id = key.publicKey.keyID
            #expect(id.bytes.count == KeyID.byteCount && KeyID.byteCount == 8)
            #expect(try KeyID(publicKey: key.publicKey.rawRepresentation) == id)
            #expect(try Ed25519.PublicKey(rawRepresentation: key.publicKey.rawRepresentation).keyID == id)
            #expect(try Ed25519.PrivateKey().publicKey.keyID != id)
            #expect(id.description == Bytes.hex(id.bytes) && id.description.count == 16)
        }

        @Test func dataKeyIDIsEightStableBytesAndDiffersFromTheSigningKeyID() throws {
            let material = Self.secret + Self.secret + Self.secret + Self.secret
            let id = try KeyID(dataKey: AES256Key(copying: material))
            #expect(id.bytes.count == 8)
            #expect(try KeyID(dataKey: AES256Key(copying: material)) == id)
            #expect(try KeyID(dataKey: AES256Key.generate()) != id)
            // The same 32 bytes as a public key get another id (separate labels).
            #expect(try KeyID(publicKey: material) != id)
            // The id is a hash, not a slice of the key.
            #expect(!Self.leaksSecret(id.description))
        }

        @Test(arguments: [0, 7, 9, 32])
        func keyIDOfWrongLengthIsRejected(length: Int) {
            let error = cryptoError { try KeyID(bytes: [UInt8](repeating: 1, count: length)) }
            #expect(error == .invalidKeyLength(expected: 8, actual: length))
        }

        @Test func keyIDReadBackFromBytesIsEqual() throws {
            let id = try Ed25519.PrivateKey().publicKey.keyID
            #expect(try KeyID(bytes: id.bytes) == id)
        }
    }
}
