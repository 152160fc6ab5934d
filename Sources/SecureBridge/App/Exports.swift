/// The formats the app side writes, whose types its public API names (`BridgeApp(home:)`).
@_exported import SecureBridgeFormats
