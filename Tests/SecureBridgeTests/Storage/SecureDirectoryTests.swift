import Foundation
import SystemPackage
import Synchronization
import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp

@Suite struct SecureDirectoryTests {
    @Test func writtenBytesReadBackUnchanged() throws {
        try ScratchDirectory.with { scratch throws in
            let directory = try SecureDirectory.prepare(.container, at: FilePath(scratch.child("container")), on: .system)
            let bytes: [UInt8] = Array("snapshot envelope".utf8) + [0, 255, 7]
            try directory.write("snapshot", bytes)
            #expect(try directory.read("snapshot", limit: 1024) == bytes)
            try directory.write("empty", [])
            #expect(try directory.read("empty", limit: 0) == [])
        }
    }

    @Test func anAtomicOnlyWriteReplacesLikeADurableOneAndLeavesNothingBehind() throws {
        try ScratchDirectory.with { scratch throws in
            let directory = try SecureDirectory.prepare(.container, at: FilePath(scratch.child("container")), on: .system)
            try directory.write("reload-token", Array("first\n".utf8))
            try directory.write("reload-token", Array("second\n".utf8), durability: .atomicOnly)
            #expect(try directory.read("reload-token", limit: 64) == Array("second\n".utf8))
            #expect(try directory.fileStatus("reload-token")?.permissions == 0o600)
            #expect(try entries(of: directory.path.string) == ["reload-token"])
        }
    }

    @Test func secretsRoundTripThroughSecureBytes() throws {
        try ScratchDirectory.with { scratch throws in
            let directory = try SecureDirectory.prepare(.keychain, at: FilePath(scratch.child("keychain")), on: .system)
            let secret = try SecureBytes.random(count: 32)
            try directory.write("keyset", secret)
            let read = try #require(try directory.readSecret("keyset", limit: 32))
            #expect(read == secret)
        }
    }

    @Test func prepareCreatesMissingParentsWithMode0700AndFilesGet0600() throws {
        try ScratchDirectory.with { scratch throws in
            let path = scratch.child("a/b/app")
            let directory = try SecureDirectory.prepare(.app, at: FilePath(path), on: .system)
            #expect(try mode(of: scratch.child("a")) == 0o700)
            #expect(try mode(of: scratch.child("a/b")) == 0o700)
            #expect(try mode(of: path) == 0o700)
            try directory.write("signing-key", [1, 2, 3])
            #expect(try mode(of: path + "/signing-key") == 0o600)
        }
    }

    @Test func openingAMissingDirectoryReportsAbsentAndCreatesNothing() throws {
        try ScratchDirectory.with { scratch throws in
            #expect(try SecureDirectory.open(.container, at: FilePath(scratch.child("home/container")), on: .system) == nil)
            #expect(try entries(of: scratch.path) == [])
        }
    }

    @Test func readingAMissingFileReturnsNil() throws {
        try ScratchDirectory.with { scratch throws in
            let directory = try SecureDirectory.prepare(.keychain, at: FilePath(scratch.child("keychain")), on: .system)
            #expect(try directory.read("keyset", limit: 10) == nil)
            #expect(try directory.readSecret("keyset", limit: 10) == nil)
            #expect(try directory.fileStatus("keyset") == nil)
        }
    }

    @Test func aFailedReplaceKeepsTheOldContentAndLeavesNoTemporaryFile() throws {
        struct InjectedFailure: Error {}
        try ScratchDirectory.with { scratch throws in
            let directory = try SecureDirectory.prepare(.container, at: FilePath(scratch.child("container")), on: .system)
            try directory.write("snapshot", [1, 1, 1])
            #expect(throws: InjectedFailure.self) {
                try directory.replace("snapshot", beforeRename: { throw InjectedFailure() }) { descriptor in
                    _ = try [UInt8]([2, 2, 2, 2]).withUnsafeBytes { try descriptor.write($0) }
                }
            }
            #expect(try directory.read("snapshot", limit: 16) == [1, 1, 1])
            #expect(try entries(of: directory.path.string) == ["snapshot"])
        }
    }

    @Test func aFailedRenameRemovesTheTemporaryFile() throws {
        try ScratchDirectory.with { scratch throws in
            let directory = try SecureDirectory.prepare(.container, at: FilePath(scratch.child("container")), on: .system)
            // A directory in the way makes the final rename fail after the data was written.
            let blocker = directory.path(of: "snapshot")
            #expect(mkdir(blocker, 0o700) == 0)
            try makeFile(blocker + "/inside", [0])
            #expect(throws: StorageError(.io(
                path: blocker, operation: .renameTemporaryFile, errno: .isDirectory))
            ) {
                try directory.write("snapshot", [1, 2, 3])
            }
            #expect(try entries(of: directory.path.string) == ["snapshot"])
        }
    }

    @Test func writingIntoAMissingDirectoryFailsAndCreatesNothing() throws {
        try ScratchDirectory.with { scratch throws in
            let directory = SecureDirectory(path: FilePath(scratch.child("gone")), place: .container, platform: .system)
            #expect(throws: StorageError(.io(
                path: scratch.child("gone/snapshot"), operation: .write, errno: .noSuchFileOrDirectory))
            ) {
                try directory.write("snapshot", [1])
            }
            #expect(try entries(of: scratch.path) == [])
        }
    }

    @Test func writeReplacesASymbolicLinkInsteadOfFollowingIt() throws {
        try ScratchDirectory.with { scratch throws in
            let directory = try SecureDirectory.prepare(.container, at: FilePath(scratch.child("container")), on: .system)
            let outside = scratch.child("outside")
            try makeFile(outside, [9, 9])
            #expect(symlink(outside, directory.path(of: "snapshot")) == 0)
            try directory.write("snapshot", [1, 2])
            #expect(try directory.read("snapshot", limit: 8) == [1, 2])
            #expect(FileManager.default.contents(atPath: outside) == Data([9, 9]))
        }
    }

    @Test func leftoverTemporaryFilesAreRemovedAndNothingElse() throws {
        try ScratchDirectory.with { scratch throws in
            let directory = try SecureDirectory.prepare(.keychain, at: FilePath(scratch.child("keychain")), on: .system)
            try directory.write("keyset", [1])
            try directory.withExclusiveLock {}
            try makeFile(directory.path(of: ".keyset.tmp-0123456789abcdef"), [2])
            try makeFile(directory.path(of: ".high-water.tmp-1"), [3])
            try makeFile(directory.path(of: ".hidden"), [4])
            let removed = try directory.withExclusiveLock { try directory.removeLeftoverTemporaryFiles() }
            #expect(removed == 2)
            #expect(try entries(of: directory.path.string) == [".hidden", ".lock", "keyset"])
            #expect(try directory.removeLeftoverTemporaryFiles() == 0)
        }
    }

    @Test func aSweepSeesEveryEntryOfADirectoryLargerThanOneReadAndOfAHeldOneTwice() throws {
        try ScratchDirectory.with { scratch throws in
            let directory = try SecureDirectory.prepare(.container, at: FilePath(scratch.child("container")), on: .system)
            // Far more entries than one 32 KiB getdents64 read returns, with long names.
            let kept = (0..<300).map { "kept-" + String(repeating: "k", count: 60) + "-\($0)" }
            for name in kept { try makeFile(directory.path(of: name), [1]) }
            for index in 0..<1_500 { try makeFile(directory.path(of: ".snapshot.tmp-\(index)"), [2]) }
            let held = try #require(try directory.heldOpen())
            #expect(try held.removeLeftoverTemporaryFiles() == 1_500)
            try makeFile(directory.path(of: ".snapshot.tmp-again"), [3])
            #expect(try held.removeLeftoverTemporaryFiles() == 1, "a held descriptor is read from the start each time")
            #expect(try entries(of: directory.path.string) == kept.sorted())
        }
    }

    @Test func removeDeletesTheFileAndToleratesAbsence() throws {
        try ScratchDirectory.with { scratch throws in
            let directory = try SecureDirectory.prepare(.container, at: FilePath(scratch.child("container")), on: .system)
            try directory.write("reload-token", [1])
            try directory.remove("reload-token")
            #expect(try directory.read("reload-token", limit: 8) == nil)
            try directory.remove("reload-token")
        }
    }

    @Test func destroyZeroesThenUnlinksAndLeavesLinkTargetsAlone() throws {
        try ScratchDirectory.with { scratch throws in
            let directory = try SecureDirectory.prepare(.keychain, at: FilePath(scratch.child("keychain")), on: .system)
            try directory.write("keyset", try SecureBytes.random(count: 64))
            // Keep a descriptor on the inode to observe the overwrite after the unlink.
            let witness = try FileDescriptor.open(FilePath(directory.path(of: "keyset")), .readOnly)
            defer { try? witness.close() }
            try directory.destroy("keyset")
            #expect(try directory.fileStatus("keyset") == nil)
            var contents = [UInt8](repeating: 1, count: 64)
            let count = try contents.withUnsafeMutableBytes { try witness.read(fromAbsoluteOffset: 0, into: $0) }
            #expect(count == 64)
            #expect(contents == [UInt8](repeating: 0, count: 64))

            let outside = scratch.child("outside")
            try makeFile(outside, [7, 7])
            #expect(symlink(outside, directory.path(of: "pinned-key")) == 0)
            try directory.destroy("pinned-key")
            #expect(try directory.fileStatus("pinned-key") == nil)
            #expect(FileManager.default.contents(atPath: outside) == Data([7, 7]))
            try directory.destroy("never-existed")
        }
    }

    @Test func fileStatusReportsSizeAndPermissions() throws {
        try ScratchDirectory.with { scratch throws in
            let directory = try SecureDirectory.prepare(.container, at: FilePath(scratch.child("container")), on: .system)
            try directory.write("auth-status", [UInt8](repeating: 5, count: 42))
            let status = try #require(try directory.fileStatus("auth-status"))
            #expect(status.type == .regular)
            #expect(status.size == 42)
            #expect(status.permissions == 0o600)
            #expect(abs(status.modified.timeIntervalSinceNow) < 3600)
        }
    }

    @Test(arguments: ["", ".lock", ".keyset.tmp-1", "a/b", "..", "nul\0byte", String(repeating: "x", count: 201)])
    func namesThatAreNotOnePlainComponentAreRefused(name: String) throws {
        try ScratchDirectory.with { scratch throws in
            let directory = try SecureDirectory.prepare(.container, at: FilePath(scratch.child("container")), on: .system)
            let expected = StorageError(.invalidName(path: directory.path(of: name)))
            #expect(throws: expected) { try directory.write(name, [1]) }
            #expect(throws: expected) { try directory.read(name, limit: 1) }
            #expect(throws: expected) { try directory.remove(name) }
        }
    }

    @Test func theLockSerialisesConcurrentReadModifyWrites() throws {
        try ScratchDirectory.with { scratch throws in
            let directory = try SecureDirectory.prepare(.app, at: FilePath(scratch.child("app")), on: .system)
            try directory.write("counter", Array("0".utf8))
            let failures = Mutex<[String]>([])
            DispatchQueue.concurrentPerform(iterations: 2) { _ in
                for _ in 0..<100 {
                    do {
                        try directory.withExclusiveLock {
                            let text = String(decoding: try directory.read("counter", limit: 32) ?? [], as: UTF8.self)
                            let value = Int(text) ?? -1_000_000
                            try directory.write("counter", Array(String(value + 1).utf8))
                        }
                    } catch {
                        failures.withLock { $0.append("\(error)") }
                    }
                }
            }
            #expect(failures.withLock { $0 } == [])
            #expect(try directory.read("counter", limit: 32) == Array("200".utf8))
        }
    }
}
