/// The platform seam the formats' public signatures name (`BridgeHome(root:platform:)`).
@_exported import SecureBridgePlatform
