// swift-tools-version:6.1
// Micro-benchmarks of SecureBridge on ordo-one/benchmark. A separate package,
// so the main package's build, tests and CI never compile it.
// Run from this directory: swift package benchmark  (docs/PERFORMANCE.md)
import PackageDescription

let package = Package(
    name: "SecureBridgeBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "SecureBridge", path: ".."),
        .package(url: "https://github.com/apple/swift-system", from: "1.4.0"),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.4.0", traits: ["MallocInterposer"]),
    ],
    targets: [
        // Fixture homes and floors shared by the benchmarks and bench-loop.
        .target(
            name: "BridgeFixtures",
            dependencies: [
                .product(name: "SecureBridge", package: "SecureBridge"),
                .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),
        // One operation N times, for instruction counts under callgrind.
        .executableTarget(
            name: "bench-loop",
            dependencies: [
                "BridgeFixtures",
                .product(name: "SecureBridge", package: "SecureBridge"),
                .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),
        .executableTarget(
            name: "BridgeBenchmarks",
            dependencies: [
                "BridgeFixtures",
                .product(name: "SecureBridge", package: "SecureBridge"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/BridgeBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
