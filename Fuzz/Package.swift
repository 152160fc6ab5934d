// swift-tools-version:6.0
// libFuzzer targets for SecureBridge's parsers. A separate package, so the main
// package's `swift build` and `swift test` never build them. Build and run with
// `scripts/fuzz`, or by hand:
//     swift build -c debug --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address --scratch-path ../.build-fuzz/build
// (not `--sanitize=fuzzer --sanitize=address`: swiftc keeps only the last of
// the two flags SwiftPM passes, in no fixed order).
import PackageDescription

/// One executable per fuzzer; each defines `LLVMFuzzerTestOneInput` and gets
/// its `main` from libFuzzer, so it links only with `--sanitize=fuzzer`.
let fuzzers = [
    "FuzzEnvelope", "FuzzSealedPayload", "FuzzRecord", "FuzzRecordPayload", "FuzzPublishInput", "FuzzPayload",
    "FuzzDBusMessage",
]

let package = Package(
    name: "SecureBridgeFuzz",
    dependencies: [
        .package(name: "SecureBridge", path: ".."),
    ],
    targets: [
        .target(
            name: "FuzzSupport",
            dependencies: [
                .product(name: "SecureBridge", package: "SecureBridge"),
                .product(name: "SecureBridgeDesktop", package: "SecureBridge", condition: .when(platforms: [.linux])),
            ]
        ),
    ] + fuzzers.map { name in
        .executableTarget(
            name: name,
            dependencies: ["FuzzSupport", .product(name: "SecureBridge", package: "SecureBridge")]
        )
    },
    swiftLanguageModes: [.v6]
)
