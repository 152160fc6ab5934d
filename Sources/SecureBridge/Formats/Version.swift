/// The one source of SecureBridge's version: `bridgectl --version` prints it,
/// `CHANGELOG.md` and the release steps in `CONTRIBUTING.md` name it.
public enum SecureBridgeVersion {
    /// This release, in semantic versioning: a change to what the formats
    /// accept or produce, or to the public API, is a new major version.
    public static let release = "0.9.0"

    /// The crypto backend this build runs on, `OpenSSL` or `CryptoKit` (the
    /// package trait that chose it); both write and read the same bytes.
    public static let cryptoBackend = CryptoBackend.name

    /// The versions of the stored formats this release writes, and those it
    /// reads (docs/FORMAT.md): one line each, e.g. `snapshot envelope v1`.
    public static let formats: [String] = [
        "snapshot envelope v\(SnapshotEnvelope.version)",
        "signed records v\(SignedRecord.version)",
        "snapshot payload v\(PortfolioPayload.formatVersion) (v\(PortfolioPayload.ibanOnlyVersion) while every account has an IBAN, v\(PortfolioPayload.numberKindVersion) while every account has a number; reads all three)",
        "data keyset v\(DataKeyset.version)",
        "passcode verifier v\(PasscodeVerifier.version)",
        "keychain marks v\(MarksFile.slotVersion) (reads v1 too)",
    ]
}
