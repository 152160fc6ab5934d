import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp

/// A group of `aes_gcm_test.json` (schema `aead_test_schema_v1.json`); sizes in bits.
struct AEADGroup: WycheproofGroup {
    let keySize: Int
    let ivSize: Int
    let tagSize: Int
    let tests: [AEADTest]

    /// The one parameter set SecureBridge accepts: AES-256, 96-bit IV, 128-bit tag.
    var isInPolicy: Bool { keySize == 256 && ivSize == 96 && tagSize == 128 }
}

struct AEADTest: WycheproofTest {
    let tcId: Int
    let comment: String
    let flags: [String]
    let result: WycheproofResult
    @Hex var key: [UInt8]
    @Hex var iv: [UInt8]
    @Hex var aad: [UInt8]
    @Hex var msg: [UInt8]
    @Hex var ct: [UInt8]
    @Hex var tag: [UInt8]
}

extension CryptoTests {
    @Suite struct AESGCMTests {
        static let vectors = "aes_gcm_test.json"

        @Test func policyGroupSealsOpensAndRejectsAsWycheproofExpects() throws {
            let file = try WycheproofFile<AEADGroup>.load(Self.vectors)
            var validSealedAndOpened = 0
            var invalidRejected = 0
            file.forEachTest { group, test in
                guard group.isInPolicy else { return }
                let key = try AES256Key(copying: test.key)
                let nonce = try AESGCM.Nonce(bytes: test.iv)
                switch test.result {
                case .valid:
                    let sealed = try AESGCM.seal(test.msg, using: key, nonce: nonce, authenticating: test.aad)
                    let opened = try AESGCM.open(
                        ciphertext: test.ct, tag: test.tag, using: key, nonce: nonce, authenticating: test.aad)
                    let sealedMatches = sealed == test.ct + test.tag
                    let openedMatches = opened.withUnsafeBytes { Array($0) } == test.msg
                    #expect(sealedMatches, "tcId \(test.tcId): sealed bytes differ from ct ‖ tag")
                    #expect(openedMatches, "tcId \(test.tcId): opened bytes differ from msg")
                    if sealedMatches && openedMatches { validSealedAndOpened += 1 }
                case .invalid:
                    let error = cryptoError("tcId \(test.tcId)") {
                        try AESGCM.open(ciphertext: test.ct, tag: test.tag, using: key, nonce: nonce, authenticating: test.aad)
                    }
                    #expect(error == .authenticationFailure, "tcId \(test.tcId): \(test.flags)")
                    if error == .authenticationFailure { invalidRejected += 1 }
                case .acceptable:
                    Issue.record("tcId \(test.tcId): the AEAD file has no acceptable cases")
                }
            }
            // The counts at Wycheproof commit dac1dd47 (see Vectors/README.md).
            #expect(validSealedAndOpened == 39)
            #expect(invalidRejected == 27)
        }

        @Test func everyOutOfPolicyGroupIsRejectedByOurInputChecks() throws {
            let file = try WycheproofFile<AEADGroup>.load(Self.vectors)
            var rejectedForKey = 0
            var rejectedForNonce = 0
            var rejectedValid = 0
            var rejectedInvalid = 0
            file.forEachTest { group, test in
                guard !group.isInPolicy else { return }
                #expect(group.tagSize == 128, "tcId \(test.tcId): a tag size this runner does not handle")
                var rejected = false
                if group.keySize != 256 {
                    let error = cryptoError("tcId \(test.tcId)") { try AES256Key(copying: test.key) }
                    #expect(error == .invalidKeyLength(expected: 32, actual: group.keySize / 8), "tcId \(test.tcId)")
                    if error == .invalidKeyLength(expected: 32, actual: group.keySize / 8) {
                        rejectedForKey += 1
                        rejected = true
                    }
                }
                if group.ivSize != 96 {
                    let error = cryptoError("tcId \(test.tcId)") { try AESGCM.Nonce(bytes: test.iv) }
                    #expect(error == .invalidNonceLength(expected: 12, actual: group.ivSize / 8), "tcId \(test.tcId)")
                    if error == .invalidNonceLength(expected: 12, actual: group.ivSize / 8), group.keySize == 256 {
                        rejectedForNonce += 1
                        rejected = true
                    }
                }
                if rejected {
                    if test.result == .valid { rejectedValid += 1 } else { rejectedInvalid += 1 }
                }
            }
            // 211 tests with 128- or 192-bit keys (80 of them also with a
            // non-96-bit IV) and 39 with a 256-bit key but another IV size.
            #expect(rejectedForKey == 211)
            #expect(rejectedForNonce == 39)
            #expect(rejectedValid == 190)
            #expect(rejectedInvalid == 60)
        }

        @Test func sealThenOpenRoundTrips() throws {
            let key = try AES256Key.generate()
            let nonce = try AESGCM.Nonce()
            let sealed = try AESGCM.seal(Array("hello".utf8), using: key, nonce: nonce, authenticating: [1, 2, 3])
            #expect(sealed.count == 5 + AESGCM.tagByteCount)
            let opened = try AESGCM.open(combined: sealed[...], using: key, nonce: nonce, authenticating: [1, 2, 3])
            #expect(opened.withUnsafeBytes { Array($0) } == Array("hello".utf8))
        }

        @Test func emptyMessageAndEmptyAssociatedDataRoundTrip() throws {
            let key = try AES256Key.generate()
            let nonce = try AESGCM.Nonce()
            let sealed = try AESGCM.seal([UInt8](), using: key, nonce: nonce, authenticating: [UInt8]())
            #expect(sealed.count == AESGCM.tagByteCount)
            let opened = try AESGCM.open(combined: sealed[...], using: key, nonce: nonce, authenticating: [UInt8]())
            #expect(opened.count == 0)
        }

        // MARK: Hand-made negatives, derived from a valid in-policy vector

        /// tcId 91: a valid AES-256, 96-bit IV vector.
        static func knownGood() throws -> (test: AEADTest, key: AES256Key, nonce: AESGCM.Nonce) {
            let file = try WycheproofFile<AEADGroup>.load(vectors)
            let group = try #require(file.testGroups.first { $0.isInPolicy })
            let test = try #require(group.tests.first { $0.tcId == 91 })
            try #require(test.result == .valid && !test.msg.isEmpty && !test.aad.isEmpty)
            return (test, try AES256Key(copying: test.key), try AESGCM.Nonce(bytes: test.iv))
        }

        @Test func knownGoodVectorOpens() throws {
            let (test, key, nonce) = try Self.knownGood()
            let opened = try AESGCM.open(ciphertext: test.ct, tag: test.tag, using: key, nonce: nonce, authenticating: test.aad)
            #expect(opened.withUnsafeBytes { Array($0) } == test.msg)
        }

        @Test(arguments: [12, 8, 4])
        func truncatedTagIsRejectedBeforeOpenSSL(length: Int) throws {
            // OpenSSL itself accepts a correct tag prefix, so only our length
            // check can produce this error.
            let (test, key, nonce) = try Self.knownGood()
            let error = cryptoError {
                try AESGCM.open(
                    ciphertext: test.ct, tag: test.tag.prefix(length), using: key, nonce: nonce, authenticating: test.aad)
            }
            #expect(error == .invalidTagLength(expected: 16, actual: length))
        }

        @Test func combinedInputShorterThanATagIsRejected() throws {
            let (test, key, nonce) = try Self.knownGood()
            let error = cryptoError {
                try AESGCM.open(combined: test.tag.prefix(15), using: key, nonce: nonce, authenticating: test.aad)
            }
            #expect(error == .invalidTagLength(expected: 16, actual: 15))
        }

        @Test func wrongKeyFailsAuthentication() throws {
            let (test, _, nonce) = try Self.knownGood()
            var otherKey = test.key
            otherKey[0] ^= 0x01
            let key = try AES256Key(copying: otherKey)
            let error = cryptoError {
                try AESGCM.open(ciphertext: test.ct, tag: test.tag, using: key, nonce: nonce, authenticating: test.aad)
            }
            #expect(error == .authenticationFailure)
        }

        @Test func wrongNonceFailsAuthentication() throws {
            let (test, key, _) = try Self.knownGood()
            var otherIV = test.iv
            otherIV[11] ^= 0x01
            let nonce = try AESGCM.Nonce(bytes: otherIV)
            let error = cryptoError {
                try AESGCM.open(ciphertext: test.ct, tag: test.tag, using: key, nonce: nonce, authenticating: test.aad)
            }
            #expect(error == .authenticationFailure)
        }

        @Test func modifiedAssociatedDataFailsAuthentication() throws {
            let (test, key, nonce) = try Self.knownGood()
            var aad = test.aad
            aad[aad.count - 1] ^= 0x80
            for changed in [aad, test.aad + [0], Array(test.aad.dropLast()), []] {
                let error = cryptoError {
                    try AESGCM.open(ciphertext: test.ct, tag: test.tag, using: key, nonce: nonce, authenticating: changed)
                }
                #expect(error == .authenticationFailure, "aad of \(changed.count) bytes")
            }
        }

        @Test func flippedCiphertextBitFailsAuthenticationAndReturnsNothing() throws {
            let (test, key, nonce) = try Self.knownGood()
            for index in [0, test.ct.count - 1] {
                var ciphertext = test.ct
                ciphertext[index] ^= 0x04
                var opened: SecureBytes?
                let error = cryptoError {
                    opened = try AESGCM.open(ciphertext: ciphertext, tag: test.tag, using: key, nonce: nonce, authenticating: test.aad)
                }
                #expect(error == .authenticationFailure, "bit flipped in byte \(index)")
                #expect(opened == nil)
            }
        }

        @Test func flippedTagBitFailsAuthentication() throws {
            let (test, key, nonce) = try Self.knownGood()
            var tag = test.tag
            tag[15] ^= 0x01
            let error = cryptoError {
                try AESGCM.open(ciphertext: test.ct, tag: tag, using: key, nonce: nonce, authenticating: test.aad)
            }
            #expect(error == .authenticationFailure)
        }

        @Test(arguments: [0, 16, 24, 31, 33, 64])
        func keyOfWrongLengthIsRejected(length: Int) {
            let error = cryptoError { try AES256Key(copying: [UInt8](repeating: 7, count: length)) }
            #expect(error == .invalidKeyLength(expected: 32, actual: length))
        }

        @Test(arguments: [0, 8, 11, 13, 16])
        func nonceOfWrongLengthIsRejected(length: Int) {
            let error = cryptoError { try AESGCM.Nonce(bytes: [UInt8](repeating: 7, count: length)) }
            #expect(error == .invalidNonceLength(expected: 12, actual: length))
        }

        @Test func randomNoncesDiffer() throws {
            #expect(try AESGCM.Nonce() != AESGCM.Nonce())
        }
    }
}
