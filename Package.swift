// swift-tools-version:6.0
import PackageDescription

/// How a release `bridgectl` is linked on Linux: one static position-independent
/// executable. Every `bridgectl read` is a whole process (each widget refresh
/// starts one), and a static PIE starts without the dynamic loader: no shared
/// libraries looked up (none beside the binary either, so the `$ORIGIN` run
/// path SwiftPM adds is never searched), relocations packed as RELR, and the
/// image still loaded at a random address on every run (ASLR). The linker is
/// GNU ld through `scripts/static-pie-ld`, which drops the `$ORIGIN` run path
/// SwiftPM adds (glibc refuses to start a static PIE with a run path; gold
/// cannot make one at all).
/// docs/PERFORMANCE.md ("Linking") has the measurements.
let staticPIE = [
    "-static-executable",
    "-Xclang-linker", "-static-pie",
    "-Xclang-linker", "--ld-path=\(Context.packageDirectory)/scripts/static-pie-ld",
    "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs",
]

let package = Package(
    name: "SecureBridge",
    products: [
        // The core: what an app and its widget link.
        .library(name: "SecureBridge", targets: ["SecureBridge"]),
        // Tools beside the core, for hosts and developers.
        .library(name: "SecureBridgePreview", targets: ["SecureBridgePreview"]),
        .library(name: "SecureBridgeDoctor", targets: ["SecureBridgeDoctor"]),
        .library(name: "SecureBridgeFollow", targets: ["SecureBridgeFollow"]),
        .executable(name: "bridgectl", targets: ["bridgectl"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-system", from: "1.4.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.5.0"),
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(name: "COpenSSL"),
        // The core and the tools live together under Sources/SecureBridge, one
        // folder each: the library product card names that one folder.
        .target(
            name: "SecureBridge",
            dependencies: [
                "COpenSSL",
                .product(name: "SystemPackage", package: "swift-system"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Sources/SecureBridge/Core"
        ),
        .target(
            name: "SecureBridgePreview",
            dependencies: ["SecureBridge"],
            path: "Sources/SecureBridge/Preview"
        ),
        .target(
            name: "SecureBridgeDoctor",
            dependencies: [
                "SecureBridge",
                "COpenSSL",
                .product(name: "SystemPackage", package: "swift-system"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Sources/SecureBridge/Doctor"
        ),
        .target(
            name: "SecureBridgeFollow",
            dependencies: [
                "SecureBridge",
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Sources/SecureBridge/Follow"
        ),
        .executableTarget(
            name: "bridgectl",
            dependencies: [
                "SecureBridge",
                "SecureBridgePreview",
                "SecureBridgeDoctor",
                "SecureBridgeFollow",
                "COpenSSL",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "SystemPackage", package: "swift-system"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: [.unsafeFlags(["-static-stdlib"], .when(platforms: [.linux], configuration: .release))],
            linkerSettings: [.unsafeFlags(staticPIE, .when(platforms: [.linux], configuration: .release))]
        ),
        .testTarget(
            name: "SecureBridgeTests",
            dependencies: [
                "SecureBridge",
                "SecureBridgePreview",
                "SecureBridgeDoctor",
                "SecureBridgeFollow",
                "bridgectl",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            exclude: ["Vectors", "Fixtures"]
        ),
        // The library as an outsider uses it: no @testable import, and every
        // Swift sample of the documentation is compiled here (Samples/).
        // WidgetKit's and CryptoKit's type names for Linux, as a module of their
        // own, so a SecureBridge name that equals one of them is ambiguous.
        .target(name: "PlatformStandIns", path: "Tests/PlatformStandIns"),
        .testTarget(
            name: "SecureBridgeAPITests",
            dependencies: [
                "SecureBridge",
                "SecureBridgePreview",
                "PlatformStandIns",
                .product(name: "SystemPackage", package: "swift-system"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

