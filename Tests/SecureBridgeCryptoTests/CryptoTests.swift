import Testing

/// Tests of the crypto core (`Sources/SecureBridge/Core/Crypto`); run them with
/// `swift test --filter CryptoTests`.
@Suite enum CryptoTests {}
