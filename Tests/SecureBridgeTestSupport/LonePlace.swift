import SecureBridge
import SystemPackage

extension SecureDirectory {
    /// A lone place at `path` for a test, made when missing (its way checked
    /// as `BridgeHome.open(_:creatingIfMissing:)` checks it); the directory
    /// returned is not held, so each operation opens and checks it again.
    package static func prepare(
        _ place: StoragePlace, at path: FilePath, on platform: any BridgePlatform
    ) throws -> SecureDirectory {
        _ = try BridgeHome(app: path, keychain: path, container: path, platform: platform)
            .open(place, creatingIfMissing: true)
        return SecureDirectory(path: path, place: place, platform: platform)
    }

    /// A lone existing place at `path` for a test, or `nil` when it is missing.
    package static func open(
        _ place: StoragePlace, at path: FilePath, on platform: any BridgePlatform
    ) throws -> SecureDirectory? {
        try BridgeHome(app: path, keychain: path, container: path, platform: platform).open(place)
            .map { _ in SecureDirectory(path: path, place: place, platform: platform) }
    }
}
