import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp

/// A group of `hkdf_sha256_test.json` (schema `hkdf_test_schema_v1.json`).
struct HKDFGroup: WycheproofGroup {
    /// The input key material's size in bits.
    let keySize: Int
    let tests: [HKDFTest]
}

struct HKDFTest: WycheproofTest {
    let tcId: Int
    let comment: String
    let flags: [String]
    let result: WycheproofResult
    @Hex var ikm: [UInt8]
    @Hex var salt: [UInt8]
    @Hex var info: [UInt8]
    /// The output length in bytes.
    let size: Int
    @Hex var okm: [UInt8]
}

extension CryptoTests {
    @Suite struct HKDFTests {
        @Test func everyWycheproofVectorDerivesAsExpected() throws {
            let file = try WycheproofFile<HKDFGroup>.load("hkdf_sha256_test.json")
            var validDerived = 0
            var tooLargeRejected = 0
            file.forEachTest { group, test in
                #expect(test.ikm.count * 8 == group.keySize, "tcId \(test.tcId)")
                let ikm = SecureBytes(copying: test.ikm)
                switch test.result {
                case .valid:
                    let okm = try HKDFSHA256.deriveKey(inputKeyMaterial: ikm, salt: test.salt, info: test.info, outputByteCount: test.size)
                    let matches = okm == SecureBytes(copying: test.okm)
                    #expect(matches, "tcId \(test.tcId): derived bytes differ (\(test.flags))")
                    if matches { validDerived += 1 }
                case .invalid:
                    #expect(test.flags == ["SizeTooLarge"], "tcId \(test.tcId): an invalid case this runner does not know")
                    let error = cryptoError("tcId \(test.tcId)") {
                        try HKDFSHA256.deriveKey(inputKeyMaterial: ikm, salt: test.salt, info: test.info, outputByteCount: test.size)
                    }
                    let expected = CryptoProblem.invalidOutputLength(requested: test.size, maximum: 8160)
                    #expect(error == expected, "tcId \(test.tcId)")
                    if error == expected { tooLargeRejected += 1 }
                case .acceptable:
                    Issue.record("tcId \(test.tcId): the HKDF file has no acceptable cases")
                }
            }
            // The counts at Wycheproof commit dac1dd47 (see Vectors/README.md).
            #expect(validDerived == 83)
            #expect(tooLargeRejected == 3)
        }

        @Test func emptySaltBehavesAsThirtyTwoZeroBytes() throws {
            let ikm = SecureBytes(copying: [UInt8](repeating: 0x0b, count: 22))
            let info = Array("securebridge test".utf8)
            let empty = try HKDFSHA256.deriveKey(inputKeyMaterial: ikm, salt: [], info: info, outputByteCount: 32)
            let zeros = try HKDFSHA256.deriveKey(inputKeyMaterial: ikm, salt: [UInt8](repeating: 0, count: 32), info: info, outputByteCount: 32)
            let other = try HKDFSHA256.deriveKey(inputKeyMaterial: ikm, salt: [1], info: info, outputByteCount: 32)
            #expect(empty == zeros)
            #expect(empty != other)
        }

        @Test func differentInfoGivesDifferentKeys() throws {
            let ikm = SecureBytes(copying: [UInt8](repeating: 0x42, count: 32))
            let a = try HKDFSHA256.deriveKey(inputKeyMaterial: ikm, info: Array("a".utf8), outputByteCount: 32)
            let b = try HKDFSHA256.deriveKey(inputKeyMaterial: ikm, info: Array("b".utf8), outputByteCount: 32)
            #expect(a != b)
        }

        @Test(arguments: [0, -1, 8161])
        func outputLengthOutsideOneTo8160IsRejected(count: Int) {
            let error = cryptoError {
                try HKDFSHA256.deriveKey(inputKeyMaterial: SecureBytes(copying: [1, 2, 3]), info: [], outputByteCount: count)
            }
            #expect(error == .invalidOutputLength(requested: count, maximum: 8160))
        }
    }
}
