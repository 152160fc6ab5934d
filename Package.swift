// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "SecureBridge",
    products: [
        .library(name: "SecureBridge", targets: ["SecureBridge"]),
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
        .target(
            name: "SecureBridge",
            dependencies: [
                "COpenSSL",
                .product(name: "SystemPackage", package: "swift-system"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(
            name: "bridgectl",
            dependencies: [
                "SecureBridge",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "SystemPackage", package: "swift-system"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "SecureBridgeTests",
            dependencies: [
                "SecureBridge",
                "bridgectl",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            exclude: ["Vectors", "Fixtures"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
