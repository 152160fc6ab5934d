import Foundation
import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp
@testable import SecureBridgeTestSupport

/// The version has one source (`SecureBridgeVersion`), and what a release
/// carries names it: `bridgectl --version`, the changelog, the licence.
@Suite struct ReleaseTests {
    @Test func versionPrintsTheReleaseAndTheFormatVersions() async throws {
        let output = try await Bridgectl.run(["--version"])
        #expect(output.succeeded, "\(output)")
        let lines = output.stdout.split(separator: "\n")
        #expect(lines.first == "bridgectl \(SecureBridgeVersion.release)"[...], "\(output)")
        // The binary the end-to-end tests run is built with this build's backend.
        #expect(lines.count == 3 && lines[1] == "crypto: \(SecureBridgeVersion.cryptoBackend)"[...], "\(output)")
        #expect(lines.count == 3 && lines[2].hasPrefix("formats: snapshot envelope v\(SnapshotEnvelope.version)"), "\(output)")
        for format in SecureBridgeVersion.formats { #expect(output.stdout.contains(format)) }
    }

    @Test func theReleaseIsSemanticAndTheChangelogHasItsEntry() throws {
        let parts = SecureBridgeVersion.release.split(separator: ".")
        #expect(parts.count == 3 && parts.allSatisfy { UInt($0) != nil }, "MAJOR.MINOR.PATCH")
        let changelog = try String(contentsOf: Bridgectl.packageRoot.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        #expect(changelog.contains("\n## \(SecureBridgeVersion.release) — "), "CHANGELOG.md has a heading for the release")
    }

    @Test func thePackageIsApacheLicensed() throws {
        let licence = try String(contentsOf: Bridgectl.packageRoot.appendingPathComponent("LICENSE"), encoding: .utf8)
        #expect(licence.contains("Apache License") && licence.contains("Version 2.0, January 2004"))
    }
}
