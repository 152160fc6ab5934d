import SecureBridge
import SecureBridgeTesting
import SystemPackage
import Testing

/// The simulated file system's own behaviour: what a power cut keeps, what
/// the recording says, and the POSIX answers SecureBridge relies on.
@Suite struct SimulatedPlatformTests {
    /// A platform with `/d` (mode 0700, on storage) open as a directory.
    static func directory() throws -> (SimulatedPlatform, PlatformHandle) {
        let platform = SimulatedPlatform()
        try platform.makeDirectory(at: "/d", permissions: .ownerReadWriteExecute)
        platform.writeBack()
        return (platform, try platform.openDirectory(at: "/d"))
    }

    static func create(_ name: String, _ bytes: [UInt8], in directory: PlatformHandle, on platform: SimulatedPlatform) throws -> PlatformHandle {
        let file = try platform.openFile(
            named: name, in: directory, .writeOnly, options: [.create, .exclusiveCreate, .noFollow], permissions: .ownerReadWrite)
        let written = try bytes.withUnsafeBytes { try platform.write(file, from: $0) }
        #expect(written == bytes.count)
        return file
    }

    @Test func anUnsyncedWriteIsGoneAfterAPowerCutAndASyncedOneSurvives() throws {
        let (platform, directory) = try Self.directory()
        let file = try Self.create("a", [1, 2, 3], in: directory, on: platform)
        try platform.sync(directory)
        #expect(platform.contents(ofFile: "/d/a") == [1, 2, 3])
        let unsynced = platform.crashState(afterOperation: platform.operations.count)
        #expect(unsynced.contents(ofFile: "/d/a") == [], "the entry is on storage, its bytes are not")

        try platform.syncData(file)
        let synced = platform.crashState(afterOperation: platform.operations.count)
        #expect(synced.contents(ofFile: "/d/a") == [1, 2, 3])
        _ = try [UInt8(9)].withUnsafeBytes { try platform.write(file, from: $0, atOffset: 1) }
        #expect(platform.contents(ofFile: "/d/a") == [1, 9, 3])
        #expect(platform.crashState(afterOperation: platform.operations.count).contents(ofFile: "/d/a") == [1, 2, 3])
        try platform.close(file)
    }

    @Test func aRenameIsDurableOnlyOnceItsDirectoryIsSynced() throws {
        let (platform, directory) = try Self.directory()
        let file = try Self.create("new", [7], in: directory, on: platform)
        try platform.sync(file)
        try platform.close(file)
        try platform.renameEntry(named: "new", to: "live", in: directory)
        #expect(platform.entries(ofDirectory: "/d") == ["live"])
        let beforeSync = platform.crashState(afterOperation: platform.operations.count)
        #expect(beforeSync.entries(ofDirectory: "/d") == [], "neither the create nor the rename reached storage")
        try platform.sync(directory)
        let afterSync = platform.crashState(afterOperation: platform.operations.count)
        #expect(afterSync.entries(ofDirectory: "/d") == ["live"])
        #expect(afterSync.contents(ofFile: "/d/live") == [7])

        try "live".withCString { try platform.unlinkEntry(named: $0, in: directory) }
        #expect(platform.entries(ofDirectory: "/d") == [])
        #expect(platform.crashState(afterOperation: platform.operations.count).entries(ofDirectory: "/d") == ["live"])
    }

    @Test func theRecordingListsEachOperationInOrderAndAnyCutReplaysIt() throws {
        let platform = SimulatedPlatform()
        try platform.makeDirectory(at: "/d", permissions: .ownerReadWriteExecute)
        let directory = try platform.openDirectory(at: "/d")
        let file = try Self.create("f", [5, 6], in: directory, on: platform)
        try platform.setPermissions(.ownerRead, of: file)
        try platform.sync(file)
        try platform.renameEntry(named: "f", to: "g", in: directory)
        try platform.sync(directory)
        try platform.close(file)
        try platform.close(directory)
        #expect(platform.operations.map(\.kind) == [
            .makeDirectory(permissions: .ownerReadWriteExecute), .create(permissions: .ownerReadWrite),
            .write(offset: 0, bytes: [5, 6]), .setPermissions(.ownerRead), .sync, .rename(to: "g"), .syncDirectory,
        ])
        #expect(platform.operations.map(\.path) == ["/d", "/d/f", "/d/f", "/d/f", "/d/f", "/d/f", "/d"])
        #expect(platform.openHandleCount == 0)
        // `/` was never synced: the directory itself is lost at every cut.
        for cut in 0...platform.operations.count {
            #expect(platform.crashState(afterOperation: cut).entries(ofDirectory: "/") == [])
        }
        #expect(platform.crashState(afterOperation: 0).operations.isEmpty)
        #expect(platform.crashState(afterOperation: 3).bootIdentifier != platform.bootIdentifier, "a power cut starts a new boot")
    }

    @Test func linksOwnersAndLocksAnswerAsPOSIXDoes() throws {
        let (platform, directory) = try Self.directory()
        try platform.createSymbolicLink(atPath: "/d/link", target: "/d")
        #expect(try platform.linkStatus(atPath: "/d/link").type == .symbolicLink)
        #expect(try platform.symbolicLinkTarget(atPath: "/d/link") == "/d")
        #expect(throws: Errno.notDirectory, "as Linux: O_DIRECTORY refuses a link as it refuses a file") {
            try platform.openDirectory(at: "/d/link")
        }
        #expect(throws: Errno.tooManySymbolicLinkLevels) {
            try platform.openFile(named: "link", in: directory, .readOnly, options: [.noFollow], permissions: nil)
        }
        #expect(throws: Errno.notDirectory) {
            try platform.openFile(named: "link", in: directory, .readOnly, options: [.noFollow, .directory], permissions: nil)
        }
        #expect(try platform.linkStatus(atPath: "/d/link/link").type == .symbolicLink, "a link on the way is followed")
        #expect(throws: Errno.noSuchFileOrDirectory) { try platform.linkStatus(atPath: "/d/missing/x") }
        #expect(throws: Errno.fileExists) { try platform.makeDirectory(at: "/d", permissions: .ownerReadWriteExecute) }

        #expect(try platform.linkStatus(atPath: "/").userID == UserID(rawValue: 0))
        #expect(try platform.status(of: directory).userID == platform.effectiveUserID)
        #expect(try platform.status(of: directory).permissions == .ownerReadWriteExecute)

        let lock = try platform.openFile(named: ".lock", in: directory, .readWrite, options: [.create], permissions: .ownerReadWrite)
        let otherProcess = try platform.openFile(named: ".lock", in: directory, .readWrite, options: [.create], permissions: .ownerReadWrite)
        try platform.lockExclusively(lock)
        #expect(throws: Errno.resourceTemporarilyUnavailable) { try platform.lockExclusively(otherProcess) }
        try platform.close(lock)
        try platform.lockExclusively(otherProcess)
        try platform.close(otherProcess)
    }
}
