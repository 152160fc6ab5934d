import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp

extension CryptoTests {
    /// scrypt at the OWASP cost takes about 0.3 s and 128 MiB per hash, so the
    /// whole suite computes three: one verifier, shared, and two checks.
    @Suite struct PasscodeVerifierTests {
        static let passcode = SecureBytes(copying: Array("482916".utf8))

        /// Made once for the suite; the first test to ask pays for the hash.
        static let shared: Result<PasscodeVerifier, any Error> = Result {
            try PasscodeVerifier(passcode: passcode)
        }

        /// A stored form built by hand: `"SBPV"` · version · log2(N) · r · p · salt · hash.
        static func stored(
            magic: String = "SBPV", version: UInt8 = 1, log2N: UInt8 = 17, r: UInt32 = 8, p: UInt32 = 1,
            extra: [UInt8] = []
        ) -> SecureBytes {
            func u32(_ value: UInt32) -> [UInt8] {
                [UInt8(value >> 24), UInt8(value >> 16 & 0xff), UInt8(value >> 8 & 0xff), UInt8(value & 0xff)]
            }
            let salt = [UInt8](repeating: 0x5a, count: 16)
            let hash = [UInt8](repeating: 0xa5, count: 32)
            return SecureBytes(copying: Array(magic.utf8) + [version, log2N] + u32(r) + u32(p) + salt + hash + extra)
        }

        @Test func verifierMatchesItsPasscode() throws {
            let verifier = try Self.shared.get()
            #expect(verifier.cost == .owasp)
            #expect(try verifier.matches(Self.passcode))
        }

        @Test func verifierDoesNotMatchAnotherPasscode() throws {
            let verifier = try Self.shared.get()
            #expect(try !verifier.matches(SecureBytes(copying: Array("482917".utf8))))
        }

        @Test func storedFormParsesBackToTheSameVerifier() throws {
            let verifier = try Self.shared.get()
            let stored = verifier.storedBytes
            #expect(stored.count == PasscodeVerifier.storedByteCount && stored.count == 62)
            let read = try PasscodeVerifier(storedBytes: stored)
            #expect(read == verifier)
            #expect(read.storedBytes == stored)
            stored.withUnsafeBytes { bytes in
                #expect(Array(bytes.prefix(14)) == Array("SBPV".utf8) + [1, 17, 0, 0, 0, 8, 0, 0, 0, 1])
            }
        }

        @Test func descriptionNamesTheCostOnly() throws {
            let verifier = try Self.shared.get()
            #expect(verifier.description == "PasscodeVerifier(scrypt N=2^17 r=8 p=1, redacted)")
        }

        @Test func handMadeStoredFormWithinTheAcceptedRangeIsRead() throws {
            let read = try PasscodeVerifier(storedBytes: Self.stored(log2N: 18, r: 8, p: 2))
            #expect(read.cost == PasscodeVerifier.Cost(log2N: 18, r: 8, p: 2))
            #expect(read.storedBytes == Self.stored(log2N: 18, r: 8, p: 2))
        }

        struct BadStoredForm: Sendable, CustomTestStringConvertible {
            let name: String
            let bytes: @Sendable () -> SecureBytes
            var testDescription: String { name }
        }

        static let badStoredForms: [BadStoredForm] = [
            BadStoredForm(name: "N too low") { stored(log2N: 16) },
            BadStoredForm(name: "N = 2^1") { stored(log2N: 1) },
            BadStoredForm(name: "N too high") { stored(log2N: 19) },
            BadStoredForm(name: "r too low") { stored(r: 7) },
            BadStoredForm(name: "r too high") { stored(r: 9) },
            BadStoredForm(name: "p zero") { stored(p: 0) },
            BadStoredForm(name: "p too high") { stored(p: 3) },
            BadStoredForm(name: "wrong magic") { stored(magic: "SBPW") },
            BadStoredForm(name: "wrong version") { stored(version: 2) },
            BadStoredForm(name: "trailing byte") { stored(extra: [0]) },
            BadStoredForm(name: "empty") { SecureBytes(copying: []) },
        ]

        @Test(arguments: badStoredForms)
        func badStoredFormIsRejected(_ form: BadStoredForm) {
            let error = cryptoError { try PasscodeVerifier(storedBytes: form.bytes()) }
            guard case .invalidParameters? = error else {
                Issue.record("expected invalidParameters, got \(String(describing: error))")
                return
            }
        }

        @Test func truncatedStoredFormIsRejected() throws {
            let stored = Self.stored()
            let truncated = stored.withUnsafeBytes { SecureBytes(copying: Array($0.dropLast())) }
            let error = cryptoError { try PasscodeVerifier(storedBytes: truncated) }
            #expect(error == .invalidParameters(.notVersion1Verifier))
            #expect(error?.description == "The passcode verifier's parameters are not acceptable: the stored verifier is not a version 1 SecureBridge passcode verifier.")
        }
    }
}
