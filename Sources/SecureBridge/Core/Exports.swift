/// The types of swift-system that the core's public signatures use
/// (`FilePath` in `BridgeHome(root:)`, `Errno`, `UserID`, `Stat` and the
/// open options in `BridgePlatform`), so `import SecureBridge` alone is
/// enough to call every public API.
@_exported import SystemPackage
