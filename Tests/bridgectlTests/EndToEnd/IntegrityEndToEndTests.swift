import Foundation
import Testing
@testable import SecureBridgeTestSupport

/// Someone who can write the container replays, corrupts or swaps the
/// snapshot: the widget shows a placeholder with the right reason, never data.
struct IntegrityEndToEndTests {
    /// Puts `bytes` at `relative` as a plain 0600 file, as a restored backup would be.
    static func restore(_ bytes: Data, to relative: String, in home: EndToEndHome) throws {
        let path = home.path(relative)
        try? FileManager.default.removeItem(atPath: path)
        try bytes.write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
    }

    @Test func replayedTamperedOrSwappedFilesShowAPlaceholder() async throws {
        try await EndToEndHome.with { home in
            try await home.login()
            try await home.publish(Examples.accounts)
            let older = try #require(home.contents("container/snapshot"))
            try await home.publish(Examples.spending)
            let newer = try #require(home.contents("container/snapshot"))

            // No widget has read the newer snapshot: the publisher's own mark still catches the replay.
            try Self.restore(older, to: "container/snapshot", in: home)
            let replayed = try await home.read()
            #expect(replayed.current.state == "placeholder")
            #expect(replayed.current.reason == "rollback")

            var flipped = newer
            flipped[flipped.count / 2] ^= 0x01
            try Self.restore(flipped, to: "container/snapshot", in: home)
            let tampered = try await home.read()
            #expect(tampered.current.state == "placeholder")
            #expect(tampered.current.reason == "tampered")

            try Self.restore(newer.prefix(newer.count - 1), to: "container/snapshot", in: home)
            let truncated = try await home.read()
            #expect(truncated.current.state == "placeholder")
            #expect(truncated.current.reason == "tampered")

            try Self.restore(newer, to: "elsewhere", in: home)
            try FileManager.default.removeItem(atPath: home.path("container/snapshot"))
            try FileManager.default.createSymbolicLink(atPath: home.path("container/snapshot"), withDestinationPath: home.path("elsewhere"))
            let swapped = try await home.read()
            #expect(swapped.current.state == "placeholder")
            #expect(["insecure-storage", "tampered"].contains(swapped.current.reason ?? ""), "\(swapped.current.reason ?? "null")")

            try Self.restore(newer, to: "container/snapshot", in: home)
            let intact = try await home.read()
            #expect(intact.current.state == "full")
            #expect(intact.current.accounts.first?.balance == "€4,675.00")

            // A forged auth status is refused as well.
            var status = try #require(home.contents("container/auth-status"))
            status[status.count - 1] ^= 0x01
            try Self.restore(status, to: "container/auth-status", in: home)
            let forgedStatus = try await home.read()
            #expect(forgedStatus.current.state == "placeholder")
            #expect(forgedStatus.current.reason == "tampered")
        }
    }
}
