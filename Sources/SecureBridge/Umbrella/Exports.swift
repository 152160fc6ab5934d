// `import SecureBridge` is every role of the core at once (Package.swift draws their graph):
@_exported import SecureBridgePlatform
@_exported import SecureBridgeFormats
@_exported import SecureBridgeWidget
@_exported import SecureBridgeApp
#if canImport(SecureBridgeLinux)
@_exported import SecureBridgeLinux
#endif
/// The swift-system types the core's public signatures use, so `import SecureBridge` alone is
/// enough to call every public API.
@_exported import SystemPackage
