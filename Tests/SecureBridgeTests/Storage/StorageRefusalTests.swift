import Foundation
import Synchronization
import SystemPackage
import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp

/// What storage refuses to read: links, special files, foreign or exposed files, oversized files.
@Suite struct StorageRefusalTests {
    @Test func symbolicLinksAreNeverFollowedWhateverTheyPointAt() throws {
        try ScratchDirectory.with { scratch throws in
            let directory = try SecureDirectory.prepare(.keychain, at: FilePath(scratch.child("keychain")), on: .system)
            try directory.write("keyset", [1, 2, 3])
            let targets = [directory.path(of: "keyset"), "/etc/passwd", scratch.path]
            for (index, target) in targets.enumerated() {
                let name = "link\(index)"
                #expect(symlink(target, directory.path(of: name)) == 0)
                #expect(throws: StorageError(.symbolicLink(path: directory.path(of: name)))) {
                    try directory.read(name, limit: 1 << 20)
                }
                #expect(throws: StorageError(.symbolicLink(path: directory.path(of: name)))) {
                    try directory.readSecret(name, limit: 1 << 20)
                }
            }
        }
    }

    @Test func aDirectoryThatIsASymbolicLinkIsRefused() throws {
        try ScratchDirectory.with { scratch throws in
            _ = try SecureDirectory.prepare(.container, at: FilePath(scratch.child("real")), on: .system)
            let link = scratch.child("container")
            #expect(symlink(scratch.child("real"), link) == 0)
            #expect(throws: StorageError(.symbolicLink(path: link))) {
                try SecureDirectory.open(.container, at: FilePath(link), on: .system)
            }
            #expect(throws: StorageError(.symbolicLink(path: link))) {
                try SecureDirectory.prepare(.container, at: FilePath(link), on: .system)
            }
        }
    }

    @Test func aFileWhereTheDirectoryBelongsIsRefused() throws {
        try ScratchDirectory.with { scratch throws in
            try makeFile(scratch.child("keychain"), [0])
            #expect(throws: StorageError(.notDirectory(path: scratch.child("keychain")))) {
                try SecureDirectory.prepare(.keychain, at: FilePath(scratch.child("keychain")), on: .system)
            }
        }
    }

    @Test func aFIFOIsRefusedWithoutBlocking() throws {
        try ScratchDirectory.with { scratch throws in
            let directory = try SecureDirectory.prepare(.container, at: FilePath(scratch.child("container")), on: .system)
            #expect(mkfifo(directory.path(of: "snapshot"), 0o600) == 0)
            // Opening a FIFO for reading without O_NONBLOCK would wait forever for a writer.
            #expect(throws: StorageError(.notRegularFile(path: directory.path(of: "snapshot")))) {
                try directory.read("snapshot", limit: 1024)
            }
        }
    }

    @Test func aSubdirectoryIsNotAFile() throws {
        try ScratchDirectory.with { scratch throws in
            let directory = try SecureDirectory.prepare(.container, at: FilePath(scratch.child("container")), on: .system)
            #expect(mkdir(directory.path(of: "snapshot"), 0o700) == 0)
            #expect(throws: StorageError(.notRegularFile(path: directory.path(of: "snapshot")))) {
                try directory.read("snapshot", limit: 1024)
            }
        }
    }

    @Test func aHardLinkedFileIsRefused() throws {
        try ScratchDirectory.with { scratch throws in
            let directory = try SecureDirectory.prepare(.keychain, at: FilePath(scratch.child("keychain")), on: .system)
            try directory.write("keyset", [1, 2, 3])
            #expect(link(directory.path(of: "keyset"), scratch.child("second-name")) == 0)
            #expect(throws: StorageError(.hardLinked(path: directory.path(of: "keyset"), linkCount: 2))) {
                try directory.read("keyset", limit: 1024)
            }
        }
    }

    @Test func aGroupReadableKeychainFileIsRefusedButTheSameModeIsFineInTheContainer() throws {
        try ScratchDirectory.with { scratch throws in
            let keychain = try SecureDirectory.prepare(.keychain, at: FilePath(scratch.child("keychain")), on: .system)
            let container = try SecureDirectory.prepare(.container, at: FilePath(scratch.child("container")), on: .system)
            try makeFile(keychain.path(of: "keyset"), [1], mode: 0o640)
            try makeFile(container.path(of: "snapshot"), [1], mode: 0o640)
            #expect(throws: StorageError(.insecurePermissions(
                path: keychain.path(of: "keyset"), mode: 0o640, isDirectory: false))
            ) {
                try keychain.readSecret("keyset", limit: 1024)
            }
            #expect(try container.read("snapshot", limit: 1024) == [1])
        }
    }

    @Test func anyGroupOrOtherBitOnAnAppFileIsRefused() throws {
        try ScratchDirectory.with { scratch throws in
            let app = try SecureDirectory.prepare(.app, at: FilePath(scratch.child("app")), on: .system)
            for mode: mode_t in [0o601, 0o604, 0o610, 0o620] {
                try makeFile(app.path(of: "signing-key"), [1], mode: mode)
                #expect(throws: StorageError(.insecurePermissions(
                    path: app.path(of: "signing-key"), mode: UInt32(mode), isDirectory: false))
                ) {
                    try app.read("signing-key", limit: 1024)
                }
            }
        }
    }

    @Test func aGroupWritableContainerFileIsRefused() throws {
        try ScratchDirectory.with { scratch throws in
            let container = try SecureDirectory.prepare(.container, at: FilePath(scratch.child("container")), on: .system)
            try makeFile(container.path(of: "snapshot"), [1], mode: 0o660)
            #expect(throws: StorageError(.insecurePermissions(
                path: container.path(of: "snapshot"), mode: 0o660, isDirectory: false))
            ) {
                try container.read("snapshot", limit: 1024)
            }
        }
    }

    @Test func aWorldWritableContainerDirectoryIsRefusedButAReadableOneIsFine() throws {
        try ScratchDirectory.with { scratch throws in
            let path = scratch.child("container")
            _ = try SecureDirectory.prepare(.container, at: FilePath(path), on: .system)
            try setMode(path, 0o777)
            #expect(throws: StorageError(.insecurePermissions(path: path, mode: 0o777, isDirectory: true))) {
                try SecureDirectory.open(.container, at: FilePath(path), on: .system)
            }
            try setMode(path, 0o755)
            #expect(try SecureDirectory.open(.container, at: FilePath(path), on: .system) != nil)
        }
    }

    @Test func aKeychainDirectoryOpenToTheGroupIsRefused() throws {
        try ScratchDirectory.with { scratch throws in
            let path = scratch.child("keychain")
            let keychain = try SecureDirectory.prepare(.keychain, at: FilePath(path), on: .system)
            try keychain.write("keyset", [1])
            try setMode(path, 0o750)
            let expected = StorageError(.insecurePermissions(path: path, mode: 0o750, isDirectory: true))
            #expect(throws: expected) { try SecureDirectory.prepare(.keychain, at: FilePath(path), on: .system) }
            // A directory that went bad after it was opened is caught by the next operation.
            #expect(throws: expected) { try keychain.read("keyset", limit: 16) }
            #expect(throws: expected) { try keychain.write("keyset", [2]) }
        }
    }

    /// docs/SPEC.md 3.2: a file its owner may not read, a place or a directory
    /// on the way its owner may not search, are refused by their modes, so a
    /// reader running as root (whom the kernel lets in) refuses them as one
    /// running as the user (who meets `EACCES`) does.
    @Test func aFileOrDirectoryClosedToItsOwnerIsRefusedByItsMode() throws {
        try ScratchDirectory.with { scratch throws in
            let path = scratch.child("keychain")
            let keychain = try SecureDirectory.prepare(.keychain, at: FilePath(path), on: .system)
            for mode: mode_t in [0o000, 0o200, 0o300] {
                try? setMode(keychain.path(of: "keyset"), 0o600)  // writable again, for a user who is not root
                try makeFile(keychain.path(of: "keyset"), [1], mode: mode)
                #expect(throws: StorageError(.closedToOwner(path: keychain.path(of: "keyset"), mode: UInt32(mode), isDirectory: false))) {
                    try keychain.readSecret("keyset", limit: 16)
                }
            }
            try setMode(keychain.path(of: "keyset"), 0o600)
            try makeFile(keychain.path(of: "keyset"), [1], mode: 0o400)
            #expect(try keychain.readSecret("keyset", limit: 16)?.count == 1)
            try setMode(path, 0o600)
            #expect(throws: StorageError(.closedToOwner(path: path, mode: 0o600, isDirectory: true))) {
                try SecureDirectory.open(.keychain, at: FilePath(path), on: .system)
            }
            try setMode(path, 0o700)
            let home = scratch.child("home")
            _ = try SecureDirectory.prepare(.container, at: FilePath(home + "/container"), on: .system)
            try setMode(home, 0o600)
            defer { try? setMode(home, 0o700) }
            #expect(throws: StorageError(.unsafeAncestor(path: home, place: home + "/container", problem: .closedToOwner(mode: 0o600)))) {
                try SecureDirectory.open(.container, at: FilePath(home + "/container"), on: .system)
            }
        }
    }

    @Test func filesAndDirectoriesOwnedBySomeoneElseAreRefused() throws {
        try ScratchDirectory.with { scratch throws in
            let path = scratch.child("keychain")
            let keychain = try SecureDirectory.prepare(.keychain, at: FilePath(path), on: .system)
            try keychain.write("keyset", [1])
            let stranger: uid_t = 54_321
            let me = geteuid()
            try #require(me == 0, "changing a file's owner needs root")
            #expect(chown(keychain.path(of: "keyset"), stranger, getegid()) == 0)
            #expect(throws: StorageError(.wrongOwner(path: keychain.path(of: "keyset"), owner: stranger, expected: me))) {
                try keychain.read("keyset", limit: 16)
            }
            #expect(chown(path, stranger, getegid()) == 0)
            #expect(throws: StorageError(.wrongOwner(path: path, owner: stranger, expected: me))) {
                try SecureDirectory.open(.keychain, at: FilePath(path), on: .system)
            }
        }
    }

    @Test func aSparseFourGibibyteFileIsRefusedBeforeAnythingIsRead() throws {
        try ScratchDirectory.with { scratch throws in
            let container = try SecureDirectory.prepare(.container, at: FilePath(scratch.child("container")), on: .system)
            let path = container.path(of: "snapshot")
            try makeFile(path, [])
            let descriptor = try FileDescriptor.open(FilePath(path), .writeOnly)
            try descriptor.closeAfter { try descriptor.resize(to: 4 << 30) }
            let limit = 1 << 20
            #expect(throws: StorageError(.tooLarge(path: path, limit: limit))) {
                try container.read("snapshot", limit: limit)
            }
            #expect(throws: StorageError(.tooLarge(path: path, limit: limit))) {
                try container.readSecret("snapshot", limit: limit)
            }
        }
    }

    @Test func theSizeLimitIsInclusive() throws {
        try ScratchDirectory.with { scratch throws in
            let container = try SecureDirectory.prepare(.container, at: FilePath(scratch.child("container")), on: .system)
            try container.write("token", [UInt8](repeating: 1, count: 16))
            #expect(try container.read("token", limit: 16)?.count == 16)
            #expect(throws: StorageError(.tooLarge(path: container.path(of: "token"), limit: 15))) {
                try container.read("token", limit: 15)
            }
        }
    }

    @Test func aReaderWithoutTheLockSeesOnlyWholeVersionsWhileAWriterReplacesTheFile() throws {
        try ScratchDirectory.with { scratch throws in
            let container = try SecureDirectory.prepare(.container, at: FilePath(scratch.child("container")), on: .system)
            try container.write("snapshot", [UInt8](repeating: 0, count: 4096))
            let torn = Mutex<[String]>([])
            DispatchQueue.concurrentPerform(iterations: 2) { worker in
                for round in 1...50 {
                    do {
                        if worker == 0 {
                            try container.write("snapshot", [UInt8](repeating: UInt8(round), count: 4096))
                        } else {
                            let bytes = try container.read("snapshot", limit: 4096) ?? []
                            if bytes.count != 4096 || Set(bytes).count != 1 {
                                torn.withLock { $0.append("torn read of \(bytes.count) bytes") }
                            }
                        }
                    } catch {
                        torn.withLock { $0.append("\(error)") }
                    }
                }
            }
            #expect(torn.withLock { $0 } == [])
        }
    }
}

@Suite struct StorageErrorTests {
    @Test func insecurePermissionsTellsHowToFixThem() {
        #expect(StorageError(.insecurePermissions(path: "/h/keychain/keyset", mode: 0o644, isDirectory: false)).description
            == "`/h/keychain/keyset` is readable by group or others (mode 0644); run `chmod 600 /h/keychain/keyset`.")
        #expect(StorageError(.insecurePermissions(path: "/h/container", mode: 0o777, isDirectory: true)).description
            == "`/h/container` is writable by group or others (mode 0777); run `chmod 700 /h/container`.")
        #expect(StorageError(.insecurePermissions(path: "/h/app", mode: 0o711, isDirectory: true)).description
            == "`/h/app` is accessible by group or others (mode 0711); run `chmod 700 /h/app`.")
    }

    @Test func closedToOwnerTellsHowToFixIt() {
        #expect(StorageError(.closedToOwner(path: "/h/keychain/keyset", mode: 0o200, isDirectory: false)).description
            == "`/h/keychain/keyset` cannot be read by its owner (mode 0200); run `chmod 600 /h/keychain/keyset`.")
        #expect(StorageError(.closedToOwner(path: "/h/keychain", mode: 0o600, isDirectory: true)).description
            == "`/h/keychain` cannot be searched by its owner (mode 0600); run `chmod 700 /h/keychain`.")
    }

    @Test func ioErrorsNameThePathTheOperationAndTheSystemReason() {
        let error = StorageError(.io(path: "/h/container/snapshot", operation: .renameTemporaryFile, errno: .noSpace))
        #expect(error.description == "Could not rename a temporary file over `/h/container/snapshot`: No space left on device.")
    }
}
