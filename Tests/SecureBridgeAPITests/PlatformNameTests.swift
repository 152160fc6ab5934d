import Foundation
import PlatformStandIns
import SecureBridge
import Testing

// No public SecureBridge name equals a WidgetKit or CryptoKit type name. Each
// name below stands in a type position in a file that imports SecureBridge
// beside a module declaring that name (the platform's own, or PlatformStandIns
// on Linux): a SecureBridge type of the same name would be "ambiguous for type
// lookup", and this target would not compile.

/// An entry type to name `Timeline` with.
struct ProbeEntry: TimelineEntry {
    let date = Date()
}

/// WidgetKit's top-level type names.
typealias WidgetKitNames = (
    Timeline<ProbeEntry>, TimelineReloadPolicy, WidgetFamily, TimelineProviderContext, Widget, WidgetConfiguration,
    StaticConfiguration, AppIntentConfiguration, any AppIntentTimelineProvider, IntentTimelineProvider, WidgetCenter,
    WidgetInfo, WidgetBundle, WidgetRenderingMode, WidgetLocation, WidgetPreviewContext, ActivityConfiguration,
    EmptyWidgetConfiguration, any TimelineEntry, any TimelineProvider
)

/// CryptoKit's top-level type names.
typealias CryptoKitNames = (
    SHA256, SHA384, SHA512, HKDF, HMAC, SymmetricKey, SymmetricKeySize, SharedSecret, AES, ChaChaPoly, Curve25519,
    P256, P384, P521, Insecure, CryptoKitError, HashFunction, Digest, MessageAuthenticationCode, SecureEnclave
)

@Suite struct PlatformNameTests {
    @Test func everyPlatformNameIsNamedUnqualified() {
        // The check is the compilation of the two aliases above; this names them at run time too.
        let names = "\(WidgetKitNames.self) \(CryptoKitNames.self)"
        #expect(names.contains("Timeline<ProbeEntry>") && names.contains("SymmetricKey"))
    }
}
