// `import SecureBridge` is every role of the core at once, as before they
// were modules of their own (Package.swift draws their graph):
@_exported import SecureBridgePlatform
@_exported import SecureBridgeFormats
@_exported import SecureBridgeWidget
@_exported import SecureBridgeApp
#if canImport(SecureBridgeLinux)
@_exported import SecureBridgeLinux
#endif
/// The types of swift-system that the core's public signatures use
/// (`FilePath` in `BridgeHome(root:)`, `Errno`, `UserID`, `Stat` and the
/// open options in `BridgePlatform`), so `import SecureBridge` alone is
/// enough to call every public API.
@_exported import SystemPackage
