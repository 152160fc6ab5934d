// swift-tools-version:6.0
import PackageDescription

// A widget host in a dozen lines: it links the SecureBridge core only.
let package = Package(
    name: "MinimalWidget",
    dependencies: [.package(name: "SecureBridge", path: "../..")],
    targets: [
        .executableTarget(
            name: "minimal-widget",
            dependencies: [.product(name: "SecureBridge", package: "SecureBridge")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
