import PlatformStandIns
import SecureBridge
import SecureBridgeTesting
import SystemPackage
import Testing

/// The two documented crash models of the simulated platform: which states
/// each allows after a cut, and that each listed state is built as it says.
@Suite struct SimulatedCrashModelTests {
    /// A platform with `/d` (mode 0700, on storage) open as a directory.
    static func directory(losingDirectorySyncs: Bool = false) throws -> (SimulatedPlatform, PlatformHandle) {
        let platform = SimulatedPlatform(losingDirectorySyncs: losingDirectorySyncs)
        try platform.makeDirectory(at: "/d", permissions: .ownerReadWriteExecute)
        platform.writeBack()
        return (platform, try platform.openDirectory(at: "/d"))
    }

    static func create(_ name: String, _ bytes: [UInt8], in directory: PlatformHandle, on platform: SimulatedPlatform) throws -> PlatformHandle {
        let file = try platform.openFile(
            named: name, in: directory, .readWrite, options: [.create, .exclusiveCreate, .noFollow], permissions: .ownerReadWrite)
        _ = try bytes.withUnsafeBytes { try platform.write(file, from: $0) }
        return file
    }

    /// Every state `family` lists after the whole recording, as (entries of `/d`, bytes of each entry).
    static func states(of platform: SimulatedPlatform, _ family: SimulatedCrashFamily, limit: Int = 100) -> Set<[String: [UInt8]]> {
        let cut = platform.operations.count
        return Set(platform.crashModels(afterOperation: cut, family: family, limit: limit, seed: 1).map { model in
            let crashed = platform.crashState(afterOperation: cut, model: model)
            var files: [String: [UInt8]] = [:]
            for name in crashed.entries(ofDirectory: "/d") ?? [] { files[name] = crashed.contents(ofFile: "/d/" + name) }
            return files
        })
    }

    @Test func underExt4ARenameWithoutADirectorySyncIsAtomicAndTheSyncedCreateStays() throws {
        let (platform, directory) = try Self.directory()
        let file = try Self.create("new", [7], in: directory, on: platform)
        try platform.sync(file)
        try platform.close(file)
        try platform.renameEntry(named: "new", to: "live", in: directory)
        // The file's fsync committed the journal with its create; the rename is journaled or not.
        #expect(Self.states(of: platform, .ext4Ordered) == [["new": [7]], ["live": [7]]])
        // Pessimistic POSIX: the directory was never synced, so the create may be lost too.
        #expect(Self.states(of: platform, .pessimistic) == [[:], ["new": [7]], ["live": [7]]])
    }

    @Test func underExt4UnsyncedDataIsAllThereOrMissingAndMetadataStaysInOrder() throws {
        let (platform, directory) = try Self.directory()
        let unsynced = try Self.create("a", [1, 2, 3], in: directory, on: platform)
        let synced = try Self.create("b", [4], in: directory, on: platform)
        try platform.sync(synced)
        try "a".withCString { try platform.unlinkEntry(named: $0, in: directory) }
        // `b`'s fsync committed both creates: `a` exists, empty or whole; its unlink is journaled or not.
        #expect(Self.states(of: platform, .ext4Ordered) == [
            ["a": [], "b": [4]], ["a": [1, 2, 3], "b": [4]], ["b": [4]],
        ])
        try platform.close(unsynced)
        try platform.close(synced)
    }

    @Test func anUnsyncedWriteMayTearAtA512ByteBoundaryKeepingEitherSide() throws {
        let (platform, directory) = try Self.directory()
        let file = try Self.create("f", [], in: directory, on: platform)
        try platform.sync(file)
        try platform.sync(directory)
        let bytes = [UInt8](repeating: 0xAB, count: 1024)
        _ = try bytes.withUnsafeBytes { try platform.write(file, from: $0, atOffset: 0) }
        let cut = platform.operations.count
        let models = platform.crashModels(afterOperation: cut, family: .pessimistic, limit: 100, seed: 1)
        let torn = models.filter { if case .pessimistic(_, let tears) = $0 { return !tears.isEmpty } else { return false } }
        #expect(torn.count == 2, "one boundary inside the write, either side kept")
        let contents = Set(models.map { platform.crashState(afterOperation: cut, model: $0).contents(ofFile: "/d/f") ?? [] })
        #expect(contents == [
            [], bytes, Array(bytes.prefix(512)), [UInt8](repeating: 0, count: 512) + bytes.suffix(512),
        ])
        try platform.close(file)
    }

    @Test func theSameSeedListsTheSameSampleAndTheLimitHolds() throws {
        let (platform, directory) = try Self.directory()
        for index in 0..<12 {
            try platform.close(try Self.create("f\(index)", [UInt8(index)], in: directory, on: platform))
        }
        let cut = platform.operations.count
        let one = platform.crashModels(afterOperation: cut, family: .pessimistic, limit: 40, seed: 9)
        #expect(one.count == 40 && Set(one).count == 40)
        #expect(one == platform.crashModels(afterOperation: cut, family: .pessimistic, limit: 40, seed: 9))
        #expect(one != platform.crashModels(afterOperation: cut, family: .pessimistic, limit: 40, seed: 10))
    }

    @Test func aPlatformThatLosesDirectorySyncsLosesTheRenamesTheyCovered() throws {
        let (platform, directory) = try Self.directory(losingDirectorySyncs: true)
        let file = try Self.create("new", [7], in: directory, on: platform)
        try platform.sync(file)
        try platform.renameEntry(named: "new", to: "live", in: directory)
        try platform.sync(directory)
        try platform.close(file)
        #expect(!platform.operations.contains { $0.kind == .syncDirectory })
        #expect(platform.crashState(afterOperation: platform.operations.count).entries(ofDirectory: "/d") == [])
    }

    /// The places a first login creates are synced into their parents: a
    /// power cut right after it keeps the whole home, not the app place alone.
    @Test func thePlacesALoginCreatesSurviveAPowerCutRightAfterIt() throws {
        let platform = SimulatedPlatform()
        let home = BridgeHome(root: "/simulated/home", platform: platform)
        try logIn(home: home, user: "alice", passcode: SecureBytes(copying: Array("2468".utf8)))
        let cut = platform.operations.count
        for model in [SimulatedCrashModel.onlySynced, .pessimistic(keeping: [], tears: [])] {
            let crashed = platform.crashState(afterOperation: cut, model: model)
            #expect(crashed.entries(ofDirectory: "/simulated/home") == ["app", "container", "keychain"], "\(model)")
            #expect(crashed.contents(ofFile: "/simulated/home/keychain/keyset")?.isEmpty == false, "\(model)")
        }
    }
}
