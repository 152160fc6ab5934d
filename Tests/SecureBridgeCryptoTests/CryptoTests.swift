import Testing

/// Tests of the crypto core (`Sources/SecureBridge/Formats/Crypto`); run them with
/// `swift test --filter CryptoTests`.
@Suite enum CryptoTests {}
