import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp

/// `keychain/keyset` (docs/FORMAT.md): exactly one primary, every id once, the exact size.
@Suite struct DataKeysetTests {
    @Test func aKeysetReadsBackAsWritten() throws {
        let keyset = DataKeyset(primary: try DataKey.generate(), decryptOnly: [try DataKey.generate()])
        #expect(try DataKeyset(storedBytes: keyset.storedBytes) == keyset)
        #expect(keyset.storedBytes.count == 6 + 2 * 41)
    }

    @Test func aKeyTwiceIsADamagedKeyset() throws {
        let key = try DataKey.generate()
        for keyset in [DataKeyset(primary: key, decryptOnly: [key]),
                       DataKeyset(primary: try DataKey.generate(), decryptOnly: [key, key])] {
            #expect(throws: KeychainError.corrupt(file: "keyset")) { try DataKeyset(storedBytes: keyset.storedBytes) }
        }
    }

    @Test func twoPrimariesNoPrimaryOrATrailingByteIsADamagedKeyset() throws {
        let keyset = DataKeyset(primary: try DataKey.generate(), decryptOnly: [try DataKey.generate()])
        var bytes = keyset.storedBytes.withUnsafeBytes { Array($0) }
        let secondStatus = 6 + 41
        for status: UInt8 in [1, 0, 3] {
            var changed = bytes
            changed[secondStatus] = status
            #expect(throws: KeychainError.corrupt(file: "keyset")) { try DataKeyset(storedBytes: SecureBytes(copying: changed)) }
        }
        bytes[6] = 2  // the primary made decrypt-only: none left
        #expect(throws: KeychainError.corrupt(file: "keyset")) { try DataKeyset(storedBytes: SecureBytes(copying: bytes)) }
        let padded = keyset.storedBytes.withUnsafeBytes { Array($0) } + [0]
        #expect(throws: KeychainError.corrupt(file: "keyset")) { try DataKeyset(storedBytes: SecureBytes(copying: padded)) }
    }
}
