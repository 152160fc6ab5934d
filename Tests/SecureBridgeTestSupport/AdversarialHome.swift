import Foundation
import SystemPackage
// Tests build in debug, where the core is built for testing; a release build
// of every target (`swift build -c release`) sees its package API only.
#if DEBUG
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp
#else
import SecureBridge
#endif

/// One file of a home, as stored.
struct StoredFile: Sendable, Equatable {
    let place: StoragePlace
    let name: String
    let bytes: [UInt8]
}

/// The files of a home captured once and copied into each test's fixture:
/// a login costs about 0.3 s of scrypt, a copy a few file writes.
struct HomeTemplate: Sendable {
    let files: [StoredFile]

    /// `BridgeFixture.loginAndPublish()`: alice at `start`, a 7-day session,
    /// `BridgeFixture.accounts` with a 1 h soft and a 24 h hard TTL.
    static let published = Result { try capture { try $0.loginAndPublish() } }

    /// Another installation, with its own keys, after the same steps.
    static let stranger = Result { try capture { try $0.loginAndPublish() } }

    /// Runs `setUp` on a fresh fixture and captures every file it left (lock
    /// and temporary files aside).
    static func capture(_ setUp: (BridgeFixture) throws -> Void) throws -> HomeTemplate {
        let fixture = try BridgeFixture()
        try setUp(fixture)
        return try HomeTemplate(of: fixture)
    }

    /// A new fixture whose home holds these files (directories 0700, files 0600).
    func fixture() throws -> BridgeFixture {
        let fixture = try BridgeFixture()
        for place in StoragePlace.allCases {
            guard mkdir(fixture.home.path(for: place).string, 0o700) == 0 else { throw Errno(rawValue: errno) }
        }
        for file in files {
            let descriptor = try FileDescriptor.open(
                FilePath(fixture.path(file.place, file.name)), .writeOnly, options: [.create, .exclusiveCreate],
                permissions: .ownerReadWrite)
            try descriptor.closeAfter { _ = try descriptor.writeAll(file.bytes) }
        }
        return fixture
    }

    /// The bytes of `name` in `place`.
    func bytes(_ place: StoragePlace, _ name: String) -> [UInt8]? {
        files.first { $0.place == place && $0.name == name }?.bytes
    }
}

extension HomeTemplate {
    /// Every file `fixture` holds now (lock and temporary files aside).
    init(of fixture: BridgeFixture) throws {
        self.init(files: try StoragePlace.allCases.flatMap { place in
            try FileManager.default.contentsOfDirectory(atPath: fixture.home.path(for: place).string).sorted()
                .filter { !$0.hasPrefix(".") }
                .map { StoredFile(place: place, name: $0, bytes: try fixture.bytes(place, $0)) }
        })
    }
}

extension BridgeFixture {
    /// A fixture holding the published home (see `HomeTemplate.published`).
    static func published() throws -> BridgeFixture {
        try HomeTemplate.published.get().fixture()
    }

    /// Replaces a file's bytes in place as an attacker with write access
    /// would, fast enough for sweeps that write thousands of times: no `fsync`,
    /// and no truncation to zero, which makes ext4 flush on close.
    func plant(_ place: StoragePlace, _ name: String, _ bytes: [UInt8]) throws {
        let descriptor = try FileDescriptor.open(
            FilePath(path(place, name)), .writeOnly, options: [.create], permissions: .ownerReadWrite)
        try descriptor.closeAfter {
            _ = try descriptor.writeAll(toAbsoluteOffset: 0, bytes)
            guard ftruncate(descriptor.rawValue, off_t(bytes.count)) == 0 else { throw Errno(rawValue: errno) }
        }
    }

    /// `start` as `--now` takes it.
    var startText: String { UTCTimestamp.string(from: start) }

    /// Every file in the three places, temporary and lock files included, as `place/name`.
    func allEntries() throws -> [String] {
        try StoragePlace.allCases.flatMap { place in
            try FileManager.default.contentsOfDirectory(atPath: home.path(for: place).string).sorted()
                .map { "\(place.rawValue)/\($0)" }
        }
    }

    /// The names of temporary files (`.<name>.tmp-*`) left in any place.
    func temporaryFiles() throws -> [String] {
        try allEntries().filter { $0.contains("/.") && $0.contains(".tmp-") }
    }
}

extension Bridgectl {
    /// `bridgectl read --home ROOT --format json --now NOW`: a widget's view of a home at an instant.
    static func readJSON(home root: String, now: String) async throws -> Output {
        try await run(["read", "--home", root, "--format", "json", "--now", now])
    }
}
