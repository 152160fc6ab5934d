import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp

/// A group of `ed25519_test.json` (schema `eddsa_verify_schema_v1.json`).
struct EdDSAGroup: WycheproofGroup {
    struct Key: Decodable {
        let curve: String
        @Hex var pk: [UInt8]
    }

    let publicKey: Key
    let tests: [EdDSATest]
}

struct EdDSATest: WycheproofTest {
    let tcId: Int
    let comment: String
    let flags: [String]
    let result: WycheproofResult
    @Hex var msg: [UInt8]
    @Hex var sig: [UInt8]
}

extension CryptoTests {
    @Suite struct Ed25519Tests {
        @Test func everyWycheproofVectorVerifiesAsExpected() throws {
            let file = try WycheproofFile<EdDSAGroup>.load("ed25519_test.json")
            var validAccepted = 0
            var invalidRejected = 0
            var keysRejected = 0
            file.forEachTest { group, test in
                #expect(group.publicKey.curve == "edwards25519", "tcId \(test.tcId)")
                let key: Ed25519.PublicKey
                do {
                    key = try Ed25519.PublicKey(rawRepresentation: group.publicKey.pk)
                } catch let error as BridgeError {
                    // Only a wrong-length key may be refused, and only for an invalid vector.
                    #expect(error.problem as? CryptoProblem == .invalidKeyLength(expected: 32, actual: group.publicKey.pk.count), "tcId \(test.tcId)")
                    #expect(test.result == .invalid, "tcId \(test.tcId): the key of a valid vector was refused")
                    if test.result == .invalid {
                        keysRejected += 1
                        invalidRejected += 1
                    }
                    return
                }
                let verified = key.isValidRawSignature(test.sig, for: test.msg)
                switch test.result {
                case .valid:
                    #expect(verified, "tcId \(test.tcId): a valid signature was refused (\(test.flags))")
                    if verified { validAccepted += 1 }
                case .invalid:
                    #expect(!verified, "tcId \(test.tcId): an invalid signature was accepted (\(test.flags))")
                    if !verified { invalidRejected += 1 }
                case .acceptable:
                    Issue.record("tcId \(test.tcId): the EdDSA file has no acceptable cases")
                }
            }
            // The counts at Wycheproof commit dac1dd47 (see Vectors/README.md).
            #expect(validAccepted == 88)
            #expect(invalidRejected == 63)
            #expect(keysRejected == 0)
        }

        // MARK: RFC 8032 section 7.1 known answers

        struct KnownAnswer: Sendable, CustomTestStringConvertible {
            let name: String
            let secretKey: String
            let publicKey: String
            let message: String
            let signature: String
            var testDescription: String { name }
        }

        /// RFC 8032 section 7.1, TEST 1, 2, 3 and SHA(abc) (the message is SHA-512 of "abc").
        static let rfc8032: [KnownAnswer] = [
            KnownAnswer(
                name: "TEST 1",
                secretKey: "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60",
                publicKey: "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a",
                message: "",
                signature: "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b"),
            KnownAnswer(
                name: "TEST 2",
                secretKey: "4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb",
                publicKey: "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c",
                message: "72",
                signature: "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00"),
            KnownAnswer(
                name: "TEST 3",
                secretKey: "c5aa8df43f9f837bedb7442f31dcb7b166d38535076f094b85ce3a2e0b4458f7",
                publicKey: "fc51cd8e6218a1a38da47ed00230f0580816ed13ba3303ac5deb911548908025",
                message: "af82",
                signature: "6291d657deec24024827e69c3abe01a30ce548a284743a445e3680d7db5ac3ac18ff9b538d16f290ae67f760984dc6594a7c15e9716ed28dc027beceea1ec40a"),
            KnownAnswer(
                name: "TEST SHA(abc)",
                secretKey: "833fe62409237b9d62ec77587520911e9a759cec1d19755b7da901b96dca3d42",
                publicKey: "ec172b93ad5e563bf4932c70e1245034c35467ef2efd4d64ebf819683467e2bf",
                message: "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f",
                signature: "dc2a4459e7369633a52b1bf277839a00201009a3efbf3ecb69bea2186c26b58909351fc9ac90b3ecfdfbc7c66431e0303dca179c138ac17ad9bef1177331a704"),
        ]

        @Test(arguments: rfc8032)
        func rfc8032KnownAnswerSignsExactly(_ vector: KnownAnswer) throws {
            let key = try Ed25519.PrivateKey(rawRepresentation: SecureBytes(copying: hex(vector.secretKey)))
            #expect(Bytes.hex(key.publicKey.rawRepresentation) == vector.publicKey)
            #expect(try key.rawRepresentation == SecureBytes(copying: hex(vector.secretKey)))
            let signature = try key.rawSignature(for: hex(vector.message))
            #expect(Bytes.hex(signature) == vector.signature)
            #expect(key.publicKey.isValidRawSignature(signature, for: hex(vector.message)))
        }

        // MARK: Lengths

        @Test(arguments: [31, 33, 0, 64])
        func privateKeyOfWrongLengthIsRejected(length: Int) {
            let error = cryptoError {
                try Ed25519.PrivateKey(rawRepresentation: SecureBytes(copying: [UInt8](repeating: 9, count: length)))
            }
            #expect(error == .invalidKeyLength(expected: 32, actual: length))
        }

        @Test(arguments: [31, 33, 0, 64])
        func publicKeyOfWrongLengthIsRejected(length: Int) {
            let error = cryptoError { try Ed25519.PublicKey(rawRepresentation: [UInt8](repeating: 9, count: length)) }
            #expect(error == .invalidKeyLength(expected: 32, actual: length))
        }

        @Test func signatureOfWrongLengthDoesNotVerify() throws {
            let key = try Ed25519.PrivateKey()
            let context = Ed25519.Context("securebridge.test.length")
            let message = Array("snapshot".utf8)
            let signature = try key.signature(for: message, context: context)
            #expect(key.publicKey.isValidSignature(signature, for: message, context: context))
            #expect(!key.publicKey.isValidSignature(signature.dropLast(), for: message, context: context))
            #expect(!key.publicKey.isValidSignature(signature + [0], for: message, context: context))
            #expect(!key.publicKey.isValidSignature([UInt8](), for: message, context: context))
        }

        // MARK: Contexts and tampering

        @Test func signatureVerifiesOnlyUnderItsOwnContext() throws {
            let key = try Ed25519.PrivateKey()
            let snapshot = Ed25519.Context("securebridge.test.snapshot")
            let onboarding = Ed25519.Context("securebridge.test.onboarding")
            let message = Array("exact stored bytes".utf8)
            let signature = try key.signature(for: message, context: snapshot)
            #expect(key.publicKey.isValidSignature(signature, for: message, context: snapshot))
            #expect(!key.publicKey.isValidSignature(signature, for: message, context: onboarding))
            // Nor does a context signature verify as a plain signature of the message.
            #expect(!key.publicKey.isValidRawSignature(signature, for: message))
        }

        @Test func contextSignatureIsThePlainSignatureOfLabelNulMessage() throws {
            let key = try Ed25519.PrivateKey()
            let context = Ed25519.Context("securebridge.test.framing")
            let message: [UInt8] = [1, 2, 3]
            let signature = try key.signature(for: message, context: context)
            let framed = Array("securebridge.test.framing".utf8) + [0] + message
            #expect(key.publicKey.isValidRawSignature(signature, for: framed))
            #expect(signature == (try key.rawSignature(for: framed)))
        }

        @Test func alteredMessageOrSignatureOrKeyDoesNotVerify() throws {
            let key = try Ed25519.PrivateKey()
            let other = try Ed25519.PrivateKey()
            let context = Ed25519.Context("securebridge.test.tamper")
            let message = Array("balance 100".utf8)
            let signature = try key.signature(for: message, context: context)
            var flippedSignature = signature
            flippedSignature[40] ^= 0x01
            var flippedMessage = message
            flippedMessage[0] ^= 0x01
            #expect(!key.publicKey.isValidSignature(flippedSignature, for: message, context: context))
            #expect(!key.publicKey.isValidSignature(signature, for: flippedMessage, context: context))
            #expect(!other.publicKey.isValidSignature(signature, for: message, context: context))
        }

        @Test func rawRepresentationRoundTrips() throws {
            let key = try Ed25519.PrivateKey()
            let again = try Ed25519.PrivateKey(rawRepresentation: key.rawRepresentation)
            #expect(again.publicKey == key.publicKey)
            let publicAgain = try Ed25519.PublicKey(rawRepresentation: key.publicKey.rawRepresentation)
            #expect(publicAgain == key.publicKey)
            #expect(publicAgain.keyID == key.publicKey.keyID)
        }
    }
}
