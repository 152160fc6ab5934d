import Foundation
import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp

extension CryptoTests {
    @Suite struct Ed25519PEMTests {
        /// RFC 8032 section 7.1 TEST 1.
        static let seed = hex("9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60")
        static let publicKey = hex("d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a")

        /// DER headers from RFC 8410: PKCS#8 v1 and SubjectPublicKeyInfo with
        /// the algorithm OID 1.3.101.112 (Ed25519) or 1.3.101.110 (X25519).
        static let ed25519PKCS8Header = hex("302e020100300506032b657004220420")
        static let x25519PKCS8Header = hex("302e020100300506032b656e04220420")
        static let ed25519SPKIHeader = hex("302a300506032b6570032100")
        static let x25519SPKIHeader = hex("302a300506032b656e032100")

        static func pem(_ label: String, _ der: [UInt8]) -> String {
            "-----BEGIN \(label)-----\n\(Data(der).base64EncodedString())\n-----END \(label)-----\n"
        }

        /// The error a PEM that is not an Ed25519 key of `kind` gets: OpenSSL's
        /// decoders say what is wrong (`openSSLProblem`); the CryptoKit backend
        /// reads the canonical layout only and refuses everything else with one
        /// sentence per kind.
        static func refusal(_ openSSLProblem: CryptoProblem.KeyEncodingProblem, _ kind: Ed25519.PEMKind) -> CryptoProblem {
            #if CryptoKit
            let error = Result { try CryptoKitEd25519.readPEM(SecureBytes(copying: []), kind: kind) }
            guard case let .failure(refusal as BridgeError) = error, let problem = refusal.problem as? CryptoProblem else {
                return .invalidKeyEncoding(.notCanonical)
            }
            return problem
            #else
            return .invalidKeyEncoding(openSSLProblem)
            #endif
        }

        static func string(_ bytes: SecureBytes) -> String {
            bytes.withUnsafeBytes { String(decoding: $0, as: UTF8.self) }
        }

        // MARK: Round trips and exact encodings

        @Test func privateKeyPEMIsStandardPKCS8AndRoundTrips() throws {
            let key = try Ed25519.PrivateKey(rawRepresentation: SecureBytes(copying: Self.seed))
            let pem = try key.pemRepresentation
            #expect(Self.string(pem) == Self.pem("PRIVATE KEY", Self.ed25519PKCS8Header + Self.seed))
            let read = try Ed25519.PrivateKey(pemRepresentation: pem)
            #expect(read.publicKey == key.publicKey)
            #expect(try read.rawRepresentation == SecureBytes(copying: Self.seed))
        }

        @Test func publicKeyPEMIsStandardSPKIAndRoundTrips() throws {
            let key = try Ed25519.PublicKey(rawRepresentation: Self.publicKey)
            let pem = try key.pemRepresentation
            #expect(pem == Self.pem("PUBLIC KEY", Self.ed25519SPKIHeader + Self.publicKey))
            let read = try Ed25519.PublicKey(pemRepresentation: pem)
            #expect(read == key)
            #expect(read.rawRepresentation == Self.publicKey)
        }

        @Test func randomKeyRoundTripsThroughBothPEMForms() throws {
            let key = try Ed25519.PrivateKey()
            let read = try Ed25519.PrivateKey(pemRepresentation: key.pemRepresentation)
            #expect(try read.rawRepresentation == key.rawRepresentation)
            let publicRead = try Ed25519.PublicKey(pemRepresentation: key.publicKey.pemRepresentation)
            #expect(publicRead == key.publicKey)
        }

        // MARK: Rejections

        @Test func x25519KeysAreRejected() {
            let privatePEM = Self.pem("PRIVATE KEY", Self.x25519PKCS8Header + Self.seed)
            let privateError = cryptoError { try Ed25519.PrivateKey(pemRepresentation: SecureBytes(copying: Array(privatePEM.utf8))) }
            #expect(privateError == Self.refusal(.notEd25519, .privateKey))
            let publicPEM = Self.pem("PUBLIC KEY", Self.x25519SPKIHeader + Self.publicKey)
            let publicError = cryptoError { try Ed25519.PublicKey(pemRepresentation: publicPEM) }
            #expect(publicError == Self.refusal(.notEd25519, .publicKey))
        }

        @Test func publicKeyIsNotReadAsPrivateKeyNorTheOtherWayRound() throws {
            let publicPEM = Self.pem("PUBLIC KEY", Self.ed25519SPKIHeader + Self.publicKey)
            let privatePEM = Self.pem("PRIVATE KEY", Self.ed25519PKCS8Header + Self.seed)
            let asPrivate = cryptoError { try Ed25519.PrivateKey(pemRepresentation: SecureBytes(copying: Array(publicPEM.utf8))) }
            #expect(asPrivate == Self.refusal(.notPEM(.privateKey), .privateKey))
            let asPublic = cryptoError { try Ed25519.PublicKey(pemRepresentation: privatePEM) }
            #expect(asPublic == Self.refusal(.notPEM(.publicKey), .publicKey))
        }

        @Test(arguments: [
            "",
            "not a key",
            "-----BEGIN PRIVATE KEY-----\n-----END PRIVATE KEY-----\n",
            "-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEIJ1hsZ3v/Vpguo=\n-----END PRIVATE KEY-----\n",
        ])
        func malformedPrivatePEMIsRejected(_ text: String) {
            let error = cryptoError { try Ed25519.PrivateKey(pemRepresentation: SecureBytes(copying: Array(text.utf8))) }
            #expect(error == Self.refusal(.notPEM(.privateKey), .privateKey))
        }

        // MARK: Interoperability with the openssl command

        @Test(.enabled(if: OpenSSLCommand.isAvailable))
        func opensslReadsOurPrivateKeyPEM() async throws {
            let key = try Ed25519.PrivateKey()
            let pem = try key.pemRepresentation.withUnsafeBytes { Array($0) }
            let (status, text) = try await OpenSSLCommand.withTemporaryFile(pem) { path in
                try await OpenSSLCommand.run(["pkey", "-in", path, "-text", "-noout"])
            }
            #expect(status == 0)
            #expect(text.hasPrefix("ED25519 Private-Key:"))
            #expect(OpenSSLCommand.publicKeyHex(inText: text) == Bytes.hex(key.publicKey.rawRepresentation))
        }

        @Test(.enabled(if: OpenSSLCommand.isAvailable))
        func opensslReadsOurPublicKeyPEM() async throws {
            let key = try Ed25519.PrivateKey().publicKey
            let pem = try Array(key.pemRepresentation.utf8)
            let (status, text) = try await OpenSSLCommand.withTemporaryFile(pem) { path in
                try await OpenSSLCommand.run(["pkey", "-pubin", "-in", path, "-text", "-noout"])
            }
            #expect(status == 0)
            #expect(text.hasPrefix("ED25519 Public-Key:"))
            #expect(OpenSSLCommand.publicKeyHex(inText: text) == Bytes.hex(key.rawRepresentation))
        }

        @Test(.enabled(if: OpenSSLCommand.isAvailable))
        func weReadAKeyMadeByOpenSSLGenpkey() async throws {
            let (status, pem) = try await OpenSSLCommand.run(["genpkey", "-algorithm", "ed25519"])
            try #require(status == 0)
            let (textStatus, text) = try await OpenSSLCommand.withTemporaryFile(Array(pem.utf8)) { path in
                try await OpenSSLCommand.run(["pkey", "-in", path, "-text", "-noout"])
            }
            try #require(textStatus == 0)
            let expected = try #require(OpenSSLCommand.publicKeyHex(inText: text))
            let key = try Ed25519.PrivateKey(pemRepresentation: SecureBytes(copying: Array(pem.utf8)))
            #expect(Bytes.hex(key.publicKey.rawRepresentation) == expected)
            // And what we write back is byte for byte what OpenSSL wrote.
            #expect(Self.string(try key.pemRepresentation) == pem)
        }

        @Test(.enabled(if: OpenSSLCommand.isAvailable), arguments: [
            ["genpkey", "-algorithm", "x25519"],
            ["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256"],
            ["genpkey", "-algorithm", "ed448"],
        ])
        func keyOfAnotherAlgorithmFromOpenSSLIsRejected(_ command: [String]) async throws {
            let (status, pem) = try await OpenSSLCommand.run(command)
            try #require(status == 0)
            let privateError = cryptoError { try Ed25519.PrivateKey(pemRepresentation: SecureBytes(copying: Array(pem.utf8))) }
            #expect(privateError == Self.refusal(.notEd25519, .privateKey))
            let (publicStatus, publicPEM) = try await OpenSSLCommand.withTemporaryFile(Array(pem.utf8)) { path in
                try await OpenSSLCommand.run(["pkey", "-in", path, "-pubout"])
            }
            try #require(publicStatus == 0)
            let publicError = cryptoError { try Ed25519.PublicKey(pemRepresentation: publicPEM) }
            #expect(publicError == Self.refusal(.notEd25519, .publicKey))
        }

        @Test(.enabled(if: OpenSSLCommand.isAvailable))
        func passphraseProtectedKeyIsRejectedWithoutPrompting() async throws {
            let (status, pem) = try await OpenSSLCommand.run(
                ["genpkey", "-algorithm", "ed25519", "-aes-256-cbc", "-pass", "pass:test-fixture-only"])
            try #require(status == 0 && pem.hasPrefix("-----BEGIN ENCRYPTED PRIVATE KEY-----"))
            let error = cryptoError { try Ed25519.PrivateKey(pemRepresentation: SecureBytes(copying: Array(pem.utf8))) }
            #expect(error == Self.refusal(.notPEM(.privateKey), .privateKey))
        }
    }
}
