#if !canImport(WidgetKit)
import PlatformStandIns
#endif

// The home from an App Group, as the getting-started article shows it.

// snippet app-group-home
import Foundation
import SecureBridge

/// The home of the app and its widget extension: the same call in both targets.
func bridgeHome(appGroup: String) throws -> BridgeHome? {
    guard let group = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: appGroup) else { return nil }
    let support = try FileManager.default.url(
        for: .applicationSupportDirectory, in: .userDomainMask, appropriateFor: nil, create: true)
    return try BridgeHome(appGroupContainer: group, applicationSupport: support)
}
// end snippet
