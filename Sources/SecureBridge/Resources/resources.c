// SecureBridgeResources holds the core's resources (the translations of
// widget text, in Localizations/) and no code. It is a C target because
// SwiftPM gives a Swift target with resources a `Bundle.module` accessor,
// which links swift-corelibs-foundation into every executable: about 0.8 ms
// and 1.4 MiB more for each `bridgectl read` (docs/PERFORMANCE.md). The core
// finds the bundle itself (`LocalizedStrings`).
void securebridge_resources(void) {}
