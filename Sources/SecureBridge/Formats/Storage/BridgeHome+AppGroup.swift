#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
internal import SystemPackage
// The operating system's platform module, a sibling per system (docs/PORTING.md).
#if canImport(SecureBridgeLinux)
public import SecureBridgeLinux
#endif

extension BridgeHome {
    /// The folder SecureBridge keeps its places in, inside each directory an
    /// app gives it.
    private static let folderName = "SecureBridge"

    /// The home of an app and its widget extension, from the directories an
    /// Apple app has: `keychain/` and `container/` in the App Group container
    /// that both targets open, `app/` in the app's own Application Support.
    ///
    /// ```swift
    /// let group = FileManager.default.containerURL(
    ///     forSecurityApplicationGroupIdentifier: "group.com.example.bank")!
    /// let support = try FileManager.default.url(
    ///     for: .applicationSupportDirectory, in: .userDomainMask, appropriateFor: nil, create: true)
    /// let home = try BridgeHome(appGroupContainer: group, applicationSupport: support)
    /// ```
    ///
    /// The places are `<group>/SecureBridge/keychain`,
    /// `<group>/SecureBridge/container` and `<support>/SecureBridge/app`; the
    /// first publish makes them. The widget extension makes the same call
    /// with its own Application Support, which it never opens: a widget reads
    /// `keychain/` and `container/` only. Keep the keychain's items in the
    /// Keychain (a `KeychainStore` of the app's, registered in both targets):
    /// with the files store they would be files in the App Group container.
    /// - Parameters:
    ///   - appGroupContainer: `FileManager.containerURL(forSecurityApplicationGroupIdentifier:)`.
    ///   - applicationSupport: The app's Application Support directory.
    ///   - platform: The platform they are on; the operating system's by default.
    /// - Throws: `StorageError` when a URL is not a file URL.
    public init(appGroupContainer: URL, applicationSupport: URL, platform: any BridgePlatform = .system) throws(StorageError) {
        let group = try Self.directory(appGroupContainer).appending(Self.folderName)
        self.init(
            app: try Self.directory(applicationSupport).appending(Self.folderName).appending(StoragePlace.app.rawValue),
            keychain: group.appending(StoragePlace.keychain.rawValue),
            container: group.appending(StoragePlace.container.rawValue),
            platform: platform)
    }

    /// The path of a file URL.
    private static func directory(_ url: URL) throws(StorageError) -> FilePath {
        guard url.isFileURL else { throw StorageError(.notAFileURL(url: url.absoluteString)) }
        return FilePath(url.path(percentEncoded: false))
    }
}
