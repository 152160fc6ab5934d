import Testing
@testable import SecureBridge

@Test func sealThenOpenRoundTrips() throws {
    let key = try SymmetricKey.generate()
    let nonce = try AESGCM.Nonce()
    let sealed = try AESGCM.seal(Array("hello".utf8), using: key, nonce: nonce, authenticating: [1, 2, 3])
    let opened = try AESGCM.open(combined: sealed[...], using: key, nonce: nonce, authenticating: [1, 2, 3])
    #expect(opened.withUnsafeBytes { Array($0) } == Array("hello".utf8))
}
